// Encryption of NWC content: NIP-44 (v2) for current clients, NIP-04 for older ones. A request
// says which it used in its `encryption` tag (none means NIP-04, as NIP-47 says); the answer uses
// the same.
import { nip04, nip44 } from 'nostr-tools'
import type { Encryption } from './types'

export function encryptFor(enc: Encryption, secret: Uint8Array, peer: string, text: string): string {
  return enc === 'nip44_v2'
    ? nip44.encrypt(text, nip44.getConversationKey(secret, peer))
    : nip04.encrypt(secret, peer, text)
}

export function decryptFrom(enc: Encryption, secret: Uint8Array, peer: string, payload: string): string {
  return enc === 'nip44_v2'
    ? nip44.decrypt(payload, nip44.getConversationKey(secret, peer))
    : nip04.decrypt(secret, peer, payload)
}
