// A connection as Connected apps shows it: its state, what it spent this period and when that
// renews; its keys and encryption stay in main.
import type { NwcConnectionView } from '@shared/contract/nwc'
import { periodStart, renewsAt } from './budget'
import type { Connection, NwcStore } from './store'

export function connectionView(store: NwcStore, c: Connection, now: number): NwcConnectionView {
  const status = c.revokedAt !== null ? 'revoked' : c.expiresAt !== null && c.expiresAt <= now ? 'expired' : 'active'
  const { walletPubkey: _w, clientPubkey: _c, encryption: _e, budgetMsat, ...rest } = c
  return {
    ...rest,
    budgetSat: Math.floor((budgetMsat ?? 0) / 1000),
    status,
    usedMsat: store.used(c.id, periodStart(c.period, now)),
    renewsAt: renewsAt(c.period, now),
  }
}
