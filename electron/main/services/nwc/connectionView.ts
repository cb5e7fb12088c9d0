// A connection as Connected apps shows it: its state, what it spent this period and when that
// renews; its keys and encryption stay in main. And as the relays' worker serves it.
import type { NwcConnectionView, NwcSpendView } from '@shared/contract/nwc'
import { periodStart, renewsAt } from './budget'
import type { ServedWallet } from './relayJob'
import type { Connection, NwcStore } from './store'
import { servedMethods } from './types'

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

/** the latest payments a connection made, as its page lists them */
export function spendsView(store: NwcStore, id: string): NwcSpendView[] {
  return store.spends(id, 200).map(({ amountMsat, feeMsat, state, paymentHash, createdAt }) => ({
    amountMsat,
    feeMsat,
    state,
    paymentHash,
    createdAt,
  }))
}

/** a connection as the relays' worker serves it; `live`: announced (its info event), not only told UNAUTHORIZED */
export function servedWallet(c: Connection, secret: Uint8Array, live: boolean): ServedWallet {
  return {
    ...{ walletPubkey: c.walletPubkey, clientPubkey: c.clientPubkey, relay: c.relay, secret },
    methods: live ? servedMethods(c.methods) : null,
    pairingState: c.pairingState ?? null,
  }
}
