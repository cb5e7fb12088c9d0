// The ids the app makes for what it keeps a secret of (an account's key, a connected app's wallet
// key), each next to the one schema of its shape. Whatever reads such an id from outside (a backup)
// checks it with that schema, so only an id the app itself could have made gets through.
import { randomBytes, randomUUID } from 'node:crypto'
import { z } from 'zod'

const ACCOUNT_ID_BYTES = 6

/** An account's id: `acc_` and 12 lower-case hex digits. */
export const AccountId = z.string().regex(new RegExp(`^acc_[0-9a-f]{${ACCOUNT_ID_BYTES * 2}}$`))
export const newAccountId = () => `acc_${randomBytes(ACCOUNT_ID_BYTES).toString('hex')}`

/** A connected app's id (Nostr Wallet Connect): `nwc_` and a random UUID. */
export const NwcConnectionId = z
  .string()
  .regex(/^nwc_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
export const newNwcConnectionId = () => `nwc_${randomUUID()}`
