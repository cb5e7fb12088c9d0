// TEST ONLY: a minimal PassphraseCheck (scrypt over a hash kept in memory) standing in for the app
// lock's service, which provides the real one (issue 24, sections 1–2). Swap it for the lock's
// service once both are merged; nothing in electron/ uses this file.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import type { PassphraseCheck } from '../../electron/main/services/spending'

export function testPassphrase(passphrase: string | null): PassphraseCheck & { tries: number } {
  const salt = randomBytes(16)
  const hash = (p: string) => scryptSync(p, salt, 32, { N: 2 ** 12 })
  const stored = passphrase === null ? null : hash(passphrase)
  const check = {
    tries: 0,
    isSet: () => stored !== null,
    async verify(p: string) {
      check.tries++
      return stored !== null && timingSafeEqual(hash(p), stored)
    },
  }
  return check
}
