// An LNbits account's secret: one key per wallet (its admin key, or only its invoice key), kept
// together as one secret where an API key is kept (docs/lnbits.md, "The app's side"). Which wallet
// a key opens, and whether it may pay, is learnt from `GET /api/v1/wallet`: only the admin key's
// answer names the wallet's `id`. An invoice key's wallet gets an id of its own, derived from the
// key one way, so it is stable and says nothing of the key.
import { createHash } from 'node:crypto'
import { LNBITS_KEYS_MAX } from '@shared/contract'
import { AppError } from '@shared/errors'
import { mt } from '../../i18n'
import { LNBITS_KEY } from './schemas'

export type KeyRole = 'admin' | 'invoice'

export interface WalletKey {
  walletId: string
  key: string
  role: KeyRole
  /** the invoice key's item on LNbits' websocket; absent for an admin key (kept out of URLs) */
  pushItem?: string
}

/** the most wallets one account holds (the contract's limit) */
export const KEYS_MAX = LNBITS_KEYS_MAX

/** The keys of one secret, as the account keeps them: separated by commas, spaces or lines. */
export function keysOf(secret: string): string[] {
  const keys = secret
    .split(/[\s,]+/)
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean)
  if (keys.length === 0 || keys.length > KEYS_MAX || !keys.every((k) => LNBITS_KEY.test(k)))
    throw new AppError('invalid_input', mt('lnbits.badKeys', { max: String(KEYS_MAX) }))
  return [...new Set(keys)]
}

/** the one secret that holds a list of keys */
export const secretOf = (keys: readonly string[]) => keys.map((k) => k.trim().toLowerCase()).join(',')

export function invoiceKeyWalletId(key: string): string {
  return `lnbits-in-${createHash('sha256').update(`lnbits wallet ${key}`).digest('hex').slice(0, 24)}`
}

export function walletKey(key: string, adminId: string | undefined): WalletKey {
  return adminId
    ? { walletId: adminId, key, role: 'admin' }
    : { walletId: invoiceKeyWalletId(key), key, role: 'invoice', pushItem: key }
}
