// Where connected apps may be reached: a relay (wss://, or ws:// to this computer for tests and
// the demo) and a pairing app's callback (its own scheme only). Apart from the contract so the
// pairing reader (pairing.ts) and the contract (contract/nwc.ts) share them without a cycle.
import { z } from 'zod'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** A relay URL: `wss://`, or `ws://` to this computer only (tests, the demo). Null when fine. */
export function relayProblem(text: string): string | null {
  let u: URL
  try {
    u = new URL(text)
  } catch {
    return 'That is not a relay address (wss://…).'
  }
  if (u.username || u.password) return 'A relay address has no user name or password.'
  if (u.protocol === 'wss:') return null
  if (u.protocol === 'ws:' && LOOPBACK.has(u.hostname)) return null
  return 'A relay must be wss://; plain ws:// only to this computer.'
}

const REFUSED_CALLBACK = new Set(['http', 'https', 'file', 'javascript', 'data', 'vbscript', 'about', 'blob', 'ftp'])

/**
 * Where an app that asked by `nostrnwc://connect` wants its connection string (NIP-47 "Deep-links"):
 * its own scheme, never a web page, a file or a script, which would carry the string elsewhere.
 */
export const AppCallback = z
  .string()
  .max(512)
  .refine((s) => {
    const m = /^([a-z][a-z0-9+.-]{0,40}):/i.exec(s)
    return m !== null && !REFUSED_CALLBACK.has((m[1] as string).toLowerCase())
  })
