// The events this service signs: the info event (13194) naming the methods a connection may use,
// responses (23195) to one request, and notifications (23197 NIP-44 or 23196 NIP-04, once). Each is signed
// with the connection's own wallet key, which never leaves main (docs/nwc.md).
import type { VerifiedEvent } from 'nostr-tools'
import { encryptFor } from './crypto'
import { signEvent } from './signing'
import {
  ENCRYPTIONS,
  type Encryption,
  KIND_INFO,
  KIND_NOTIFY_NIP04,
  KIND_NOTIFY_NIP44,
  KIND_RESPONSE,
  NOTIFICATIONS,
  type NwcCode,
  type Served,
} from './types'

/**
 * `to`: the app's key, tagged (`p`) so an app that paired by Nostr Wallet Auth finds its wallet
 * key as this event's author (as Alby Hub tags it), and the `state` it asked with, echoed (NWC-08).
 */
export function infoEvent(
  secret: Uint8Array,
  methods: readonly Served[],
  nowSec: number,
  to?: { clientPubkey: string; state?: string | null },
): VerifiedEvent {
  const paired: string[][] = to ? [['p', to.clientPubkey]] : []
  if (to?.state) paired.push(['state', to.state], ['extensions', '08'])
  return signEvent(
    {
      kind: KIND_INFO,
      created_at: nowSec,
      content: [...methods, 'notifications'].join(' '),
      tags: [
        ['encryption', ENCRYPTIONS.join(' ')],
        ['notifications', NOTIFICATIONS.join(' ')],
        ['v', '1.0 0.0'],
        ...paired,
      ],
    },
    secret,
  )
}

export type Answer =
  | { method: string; result: Record<string, unknown> }
  | { method: string; error: { code: NwcCode; message: string } }

export function responseEvent(
  secret: Uint8Array,
  to: { pubkey: string; id: string; enc: Encryption },
  answer: Answer,
  nowSec: number,
): VerifiedEvent {
  const body =
    'result' in answer
      ? { result_type: answer.method, error: null, result: answer.result }
      : { result_type: answer.method, error: answer.error, result: null }
  return signEvent(
    {
      kind: KIND_RESPONSE,
      created_at: nowSec,
      content: encryptFor(to.enc, secret, to.pubkey, JSON.stringify(body)),
      tags: [
        ['p', to.pubkey],
        ['e', to.id],
        ['encryption', to.enc],
      ],
    },
    secret,
  )
}

/**
 * One notification, once: in the encryption the connection's app uses (kind 23197 NIP-44, 23196
 * NIP-04). NIP-47 suggests both kinds, but then a client that hears both kinds tells each payment twice.
 */
export function notificationEvent(
  secret: Uint8Array,
  to: { pubkey: string; enc: Encryption },
  body: { notification_type: string; notification: Record<string, unknown> },
  nowSec: number,
): VerifiedEvent {
  const kind = to.enc === 'nip04' ? KIND_NOTIFY_NIP04 : KIND_NOTIFY_NIP44
  const content = encryptFor(to.enc, secret, to.pubkey, JSON.stringify(body))
  return signEvent({ kind, created_at: nowSec, content, tags: [['p', to.pubkey]] }, secret)
}
