// A new connection's keys and row (index.ts's create), and a `nostrnwc://connect` pairing's answer
// (NIP-47 "Deep-links"): the app's callback opened with the connection string as `value`.
import type { NwcCreateInput } from '@shared/contract/nwc'
import { generateSecretKey, getPublicKey } from 'nostr-tools'
import { newNwcConnectionId } from '../ids'
import type { Connection } from './store'

/**
 * Two fresh key pairs, or, for an app paired by Nostr Wallet Auth, a wallet key for the app's own
 * key (it holds its secret: `appSecret` is null and no string is made).
 */
export function newConnection(
  input: NwcCreateInput,
  o: { relay: string; accountId: string; nowSec: number },
): { c: Connection; walletSecret: Uint8Array; appSecret: Uint8Array | null } {
  const walletSecret = generateSecretKey()
  const appSecret = input.pairing ? null : generateSecretKey()
  const c: Connection = {
    ...{ id: newNwcConnectionId(), name: input.name, walletId: input.walletId, relay: o.relay },
    accountId: o.accountId,
    walletPubkey: getPublicKey(walletSecret),
    clientPubkey: input.pairing?.clientPubkey ?? getPublicKey(appSecret as Uint8Array),
    ...{ budgetMsat: input.budgetSat * 1000, period: input.period, methods: [...new Set(input.methods)] },
    ...{ expiresAt: input.expiresAt ?? null, createdAt: o.nowSec, revokedAt: null },
    pairingState: input.pairing?.state ?? null,
  }
  return { c, walletSecret, appSecret }
}

/** the callback with `value=<string>` added to whatever query it has */
export function withValue(callback: string, uri: string): string {
  return `${callback}${callback.includes('?') ? '&' : '?'}value=${encodeURIComponent(uri)}`
}
