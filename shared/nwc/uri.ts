// A connection string a wallet gives (nostr+walletconnect://<wallet pubkey>?relay=…&secret=…),
// read with suspicion: sizes capped, relays wss only (ws only to this computer, for tests), the
// secret a 32-byte hex key. The secret is held by the caller in memory or the keychain only.
import { z } from 'zod'

const hex64 = z.string().regex(/^[0-9a-f]{64}$/)
const MAX_URI = 2048
const MAX_RELAYS = 4

const loopback = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]'

const RelayUrl = z
  .string()
  .max(512)
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'wss:' || (u.protocol === 'ws:' && loopback(u.hostname))
    } catch {
      return false
    }
  }, 'a relay must be a wss:// address')

export const NwcUri = z.object({
  walletPubkey: hex64,
  relays: z.array(RelayUrl).min(1).max(MAX_RELAYS),
  secret: hex64,
  lud16: z.string().max(320).optional(),
})
export type NwcUri = z.infer<typeof NwcUri>

const PREFIX = /^nostr\+walletconnect:(\/\/)?/i

/** the parts of a connection string, or null when it is not one we accept */
export function parseNwcUri(text: string): NwcUri | null {
  const s = text.trim()
  if (s.length > MAX_URI || !PREFIX.test(s)) return null
  let u: URL
  try {
    // URL does not parse the custom scheme's host reliably: read it as http
    u = new URL(s.replace(PREFIX, 'http://'))
  } catch {
    return null
  }
  if (u.pathname !== '/' && u.pathname !== '') return null
  const parsed = NwcUri.safeParse({
    walletPubkey: u.hostname.toLowerCase(),
    relays: u.searchParams.getAll('relay'),
    secret: u.searchParams.get('secret')?.toLowerCase(),
    lud16: u.searchParams.get('lud16') ?? undefined,
  })
  return parsed.success ? parsed.data : null
}
