// TEST ONLY: a minimal PassphraseCheck (scrypt over a hash kept in memory, no back-off), so the
// spending-rule tests check the rules alone. The app uses the lock's passphrase (app/desk.ts,
// lockPassphrase; test/electron/ipc/spendingLock.test.ts); nothing in electron/ uses this file.
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
