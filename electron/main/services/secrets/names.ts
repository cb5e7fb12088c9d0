// What a secret is called in the keychain. A caller names a secret by its kind and the id of what
// it belongs to; only this file turns that into the keychain's entry name, `<kind>:<id>`, after
// checking the id has the shape of its kind (services/ids.ts). So no kind can name another kind's
// entry, whatever an id read from outside says (a backup's account id `nwc:…` is not an account id).
import type { z } from 'zod'
import { AccountId, NwcConnectionId } from '../ids'

export type SecretKind = 'apiKey' | 'nwcWallet'

/** A secret of one kind: `apiKey` (an account's API key or NWC connection string), `nwcWallet`. */
export interface SecretName {
  kind: SecretKind
  id: string
}

const KINDS: Record<SecretKind, { id: z.ZodType<string>; legacy: (id: string) => string }> = {
  // before kinds had names of their own: the account id itself, and `nwc:` and the connection's id
  apiKey: { id: AccountId, legacy: (id) => id },
  nwcWallet: { id: NwcConnectionId, legacy: (id) => `nwc:${id}` },
}

export const apiKeyName = (accountId: string): SecretName => ({ kind: 'apiKey', id: accountId })
export const nwcWalletName = (connectionId: string): SecretName => ({ kind: 'nwcWallet', id: connectionId })

function kindOf(n: SecretName) {
  const kind = Object.hasOwn(KINDS, n.kind) ? KINDS[n.kind] : undefined
  // a programming error, never the person's: no id is repeated (it may come from a file)
  if (!kind?.id.safeParse(n.id).success) throw new Error(`not the id of a ${String(n.kind).slice(0, 20)} secret`)
  return kind
}

/** The keychain entry of a secret. */
export function entryName(n: SecretName): string {
  kindOf(n)
  return `${n.kind}:${n.id}`
}

/** Where the app kept the same secret before kinds had names of their own (moved at start). */
export function legacyEntryName(n: SecretName): string {
  return kindOf(n).legacy(n.id)
}
