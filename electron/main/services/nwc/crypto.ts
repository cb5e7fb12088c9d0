// Encryption of NWC content: NIP-44 (v2) for current clients, NIP-04 for older ones. A request
// says which it used in its `encryption` tag (none means NIP-04, as NIP-47 says); the answer uses
// the same.
import { nip04, nip44 } from 'nostr-tools'
import type { Encryption } from './types'

// A NIP-44 conversation key is an ECDH in pure JS (about 9 ms here) and was made twice per request
// (decrypt, then encrypt the answer): kept per wallet key and app key, it is made once per app.
// Keyed weakly by the secret, so a revoked connection's keys go with its secret; a few peers each
// (strangers are answered too), emptied when full.
const MAX_PEERS = 32
const conversations = new WeakMap<Uint8Array, Map<string, Uint8Array>>()
function conversationKey(secret: Uint8Array, peer: string): Uint8Array {
  let peers = conversations.get(secret)
  if (!peers) {
    peers = new Map()
    conversations.set(secret, peers)
  }
  let key = peers.get(peer)
  if (!key) {
    if (peers.size >= MAX_PEERS) peers.clear()
    key = nip44.getConversationKey(secret, peer)
    peers.set(peer, key)
  }
  return key
}

export function encryptFor(enc: Encryption, secret: Uint8Array, peer: string, text: string): string {
  return enc === 'nip44_v2' ? nip44.encrypt(text, conversationKey(secret, peer)) : nip04.encrypt(secret, peer, text)
}

export function decryptFrom(enc: Encryption, secret: Uint8Array, peer: string, payload: string): string {
  return enc === 'nip44_v2'
    ? nip44.decrypt(payload, conversationKey(secret, peer))
    : nip04.decrypt(secret, peer, payload)
}
