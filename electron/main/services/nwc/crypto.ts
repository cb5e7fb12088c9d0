// Encryption of NWC content: NIP-44 (v2) for current clients, NIP-04 for older ones. A request
// says which it used in its `encryption` tag (none means NIP-04, as NIP-47 says); the answer uses
// the same.
import { createHash, timingSafeEqual } from 'node:crypto'
import { expand } from '@noble/hashes/hkdf.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { nip04, nip44 } from 'nostr-tools'
import type { Encryption } from './types'

// A NIP-44 conversation key is an ECDH in pure JS (about 9 ms here) and was made twice per request
// (decrypt, then encrypt the answer): kept per wallet key and app key, it is made once per app.
// Keyed weakly by the secret, so a revoked connection's keys go with its secret; a few peers each,
// the least recently used let go first (strangers are answered too, and must not push the app out).
const MAX_PEERS = 32
const conversations = new WeakMap<Uint8Array, Map<string, Uint8Array>>()
export function conversationKey(secret: Uint8Array, peer: string): Uint8Array {
  let peers = conversations.get(secret)
  if (!peers) {
    peers = new Map()
    conversations.set(secret, peers)
  }
  let key = peers.get(peer)
  if (key) peers.delete(peer)
  else {
    if (peers.size >= MAX_PEERS) peers.delete(peers.keys().next().value as string)
    key = nip44.getConversationKey(secret, peer)
  }
  peers.set(peer, key)
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

/**
 * Whether a NIP-44 payload was sealed with this conversation key: its MAC (HMAC-SHA256 over nonce
 * and ciphertext, under a key HKDF-expanded from the conversation key and the nonce) checked, in
 * tens of microseconds where a signature check costs hundreds. Only the two ends of a conversation
 * can seal for it, so a forged request that names an app's key is dropped here. Nothing is
 * decrypted; the full decryption (nostr-tools) checks the MAC again. @noble/hashes (what
 * nostr-tools' NIP-44 uses) rather than Node's createHmac: for inputs this small it took half
 * the time here (52 µs against 110, 2 Dec 2026), Node's cost being each HMAC object's making.
 */
export function sealedWith(conversation: Uint8Array, payload: string): boolean {
  if (payload.length < 132 || payload[0] === '#') return false
  const data = Buffer.from(payload, 'base64')
  if (data.length < 99 || data[0] !== 2) return false
  const nonce = data.subarray(1, 33)
  // HKDF-expand (RFC 5869) to 76 bytes, as NIP-44 does: the MAC key is bytes 44-75
  const macKey = expand(sha256, conversation, nonce, 76).subarray(44)
  const mac = hmac.create(sha256, macKey).update(nonce).update(data.subarray(33, -32)).digest()
  return timingSafeEqual(mac, data.subarray(-32))
}

/** a short fingerprint of a payload (the sealed contents whose signature was checked once) */
export const fingerprint = (payload: string) => createHash('sha256').update(payload).digest('base64')
