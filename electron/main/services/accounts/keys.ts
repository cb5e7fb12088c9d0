// What the app shows and compares of a key without keeping another copy of it.
import { createHash, timingSafeEqual } from 'node:crypto'

/** `sak_…9f2c`: enough to tell keys apart, useless to anyone who reads it. */
export function keyHint(key: string): string {
  const prefix = /^[A-Za-z]{1,8}_/.exec(key)?.[0] ?? ''
  return `${prefix}…${key.slice(-4)}`
}

/** Equal keys, compared in constant time (digests, so lengths do not show either). */
export function sameKey(a: string, b: string): boolean {
  const digest = (k: string) => createHash('sha256').update(k).digest()
  return timingSafeEqual(digest(a), digest(b))
}
