// What a relay hands the wallet service goes through these checks, cheapest first, before anything
// costly (docs/nwc.md, "Floods"): anyone who reads a connection's info event can send it events,
// and a signature check costs milliseconds in pure JavaScript, so it comes last.
//
//  1. shape and age (zod, sizes capped; request.ts)
//  2. the `p` tag names one of our wallet keys
//  3. the event id was not seen (answered events, and every stranger's event)
//  4. a stranger (any key but the connection's app's): at most one a minute per key and
//     STRANGERS_PER_MIN in all go on, to be signature-checked when nothing else waits (`later`)
//     and told UNAUTHORIZED
//  5. the app's key: a NIP-44 body must carry the MAC of the app's conversation (an HMAC,
//     microseconds): only the two ends can seal for it, so forgeries naming the app stop here. A
//     NIP-04 body has no MAC: NIP04_PER_MIN signature checks per connection at most.
//  6. a sealed body is signature-checked once: a copy of a genuine body in a forged event is dropped
//  7. NIP-04: the signature, then the body decrypted. NIP-44: the body decrypted and handed to main
//     at once, its signature checked meanwhile (`signature`): main may start a read then, but keeps
//     nothing, makes nothing and answers nothing before the check passed (handle.ts)
// Only what passes all is served (handle.ts).
import { conversationKey, decryptFrom, fingerprint, sealedWith } from './crypto'
import { budget, expiringSet } from './limits'
import { encryptionOf, MAX_AGE_SEC, MAX_SKEW_SEC, type RequestEvent, readEvent, tagOf } from './request'
import { verifySignature } from './signing'
import type { Encryption } from './types'

export const STRANGERS_PER_MIN = 30
export const NIP04_PER_MIN = 120
/** ids are kept longer than a request may be old, as on disk (store.ts) */
export const SEEN_KEEP_SEC = MAX_AGE_SEC + MAX_SKEW_SEC + 60
const MAX_SEEN = 20_000
const MAX_STRANGER_IDS = 50_000
const MAX_PRINTS = 20_000
const PRINT_KEEP_MS = 60 * 60_000

/** a request that passed: the app's (decrypted `text`), or a stranger's (no text: nothing of it is read) */
export interface Heard {
  walletPubkey: string
  id: string
  pubkey: string
  enc: Encryption
  text?: string
  /** its signature is being checked: the verdict follows (relayJob.ts, `signature`) */
  checking?: true
  /** a get_balance the worker answered itself (relayJob.ts, `balances`): main keeps it as seen, nothing more */
  answered?: true
  /** a get_balance the worker could not read: main reads and answers it, and learns the read again */
  unread?: true
}

export interface GateWallet {
  secret: Uint8Array
  clientPubkey: string
}

export interface GateDeps {
  /** the connection a wallet key belongs to, served now */
  wallet(walletPubkey: string): GateWallet | undefined
  nowMs(): number
  /** the budgets, when not STRANGERS_PER_MIN and NIP04_PER_MIN (tests) */
  limits?: { strangersPerMin: number; nip04PerMin: number }
  /** the signature check, when not signing.ts' (tests count the checks made) */
  verify?: (e: RequestEvent) => boolean
}

/**
 * `later`: a stranger's, to be finished when the app's work is done (relayService.ts); `signature`:
 * the app's NIP-44 request, handed on before its signature check, which the caller runs next
 */
export type Verdict = { heard: Heard; signature?: () => boolean } | { drop: string } | { later: () => Verdict }

export function createGate(d: GateDeps) {
  const { strangersPerMin, nip04PerMin } = d.limits ?? {
    strangersPerMin: STRANGERS_PER_MIN,
    nip04PerMin: NIP04_PER_MIN,
  }
  const verify = d.verify ?? verifySignature
  const seen = expiringSet(MAX_SEEN, SEEN_KEEP_SEC * 1000, d.nowMs)
  // strangers' ids apart: a flood of them must not push the app's answered ids out
  const strangerIds = expiringSet(MAX_STRANGER_IDS, SEEN_KEEP_SEC * 1000, d.nowMs)
  const told = expiringSet(strangersPerMin * 2, 60_000, d.nowMs)
  const strangers = budget(strangersPerMin, d.nowMs)
  const prints = expiringSet(MAX_PRINTS, PRINT_KEEP_MS, d.nowMs)
  const nip04 = new Map<string, ReturnType<typeof budget>>()
  const nip04Budget = (walletPubkey: string) => {
    const b = nip04.get(walletPubkey) ?? budget(nip04PerMin, d.nowMs)
    nip04.set(walletPubkey, b)
    return b
  }

  function stranger(e: RequestEvent, walletPubkey: string): Verdict {
    strangerIds.add(e.id)
    if (told.has(e.pubkey) || !strangers.take()) return { drop: 'stranger' }
    told.add(e.pubkey)
    return {
      later: () =>
        verify(e)
          ? { heard: { walletPubkey, id: e.id, pubkey: e.pubkey, enc: encryptionOf(e) } }
          : { drop: 'bad signature' },
    }
  }

  function fromApp(e: RequestEvent, walletPubkey: string, w: GateWallet): Verdict {
    const enc = encryptionOf(e)
    if (enc === 'nip44_v2' && !sealedWith(conversationKey(w.secret, w.clientPubkey), e.content))
      return { drop: 'not sealed for us' }
    const print = fingerprint(e.content)
    if (prints.has(print)) return { drop: 'body seen' }
    if (enc === 'nip04' && !nip04Budget(walletPubkey).take()) return { drop: 'nip04 over budget' }
    prints.add(print)
    const signature = () => {
      const ok = verify(e)
      if (ok) seen.add(e.id)
      return ok
    }
    // NIP-04 has no MAC: nothing of it is read before its signature
    if (enc === 'nip04' && !signature()) return { drop: 'bad signature' }
    let text: string
    try {
      text = decryptFrom(enc, w.secret, e.pubkey, e.content)
    } catch {
      return { drop: 'undecryptable' }
    }
    const heard: Heard = { walletPubkey, id: e.id, pubkey: e.pubkey, enc, text }
    // NIP-44, sealed by the app (its MAC): handed on at once, its signature checked while main starts
    return enc === 'nip04' ? { heard } : { heard: { ...heard, checking: true }, signature }
  }

  return {
    read(raw: unknown): Verdict {
      const read = readEvent(raw, Math.floor(d.nowMs() / 1000))
      if ('drop' in read) return read
      const e = read.event
      const walletPubkey = tagOf(e, 'p')
      const w = walletPubkey ? d.wallet(walletPubkey) : undefined
      if (!walletPubkey || !w) return { drop: 'not ours' }
      if (seen.has(e.id) || strangerIds.has(e.id)) return { drop: 'seen' }
      return e.pubkey === w.clientPubkey ? fromApp(e, walletPubkey, w) : stranger(e, walletPubkey)
    },
    /** ids answered before this gate was made (on disk): a replay across a restart stops at step 3 */
    seed(ids: readonly string[]) {
      for (const id of ids) seen.add(id)
    },
  }
}
