// The passphrase is kept only as a slow scrypt hash: random salt, cost stored beside it, the
// passphrase itself in no form in what is kept, and a record edited to ask the impossible refused.
import { randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  checkPassphrase,
  hashPassphrase,
  LockRecord,
  PassphraseHash,
  SCRYPT_DEFAULT,
} from '../../../../electron/main/services/lock'

const FAST = { N: 2 ** 14, r: 8, p: 1 }
const secret = 'correct horse battery staple'

/** the passphrase as it might leak: plain, base64, hex, URL-encoded, UTF-16 */
const forms = (p: string) => [
  p,
  Buffer.from(p).toString('base64'),
  Buffer.from(p).toString('base64url'),
  Buffer.from(p).toString('hex'),
  encodeURIComponent(p),
  Buffer.from(p, 'utf16le').toString('base64'),
]

describe('passphrase hash', () => {
  it('uses scrypt at OWASP’s cost by default, with the cost and a 16-byte salt stored beside it', async () => {
    expect(SCRYPT_DEFAULT).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    const h = await hashPassphrase(secret)
    expect(h).toMatchObject({ algo: 'scrypt', N: 2 ** 17, r: 8, p: 1 })
    expect(Buffer.from(h.salt, 'base64')).toHaveLength(16)
    expect(Buffer.from(h.hash, 'base64')).toHaveLength(32)
    expect(await checkPassphrase(secret, h)).toBe(true)
    expect(await checkPassphrase(`${secret} `, h)).toBe(false)
    // three derivations at 128 MiB each: tenths of a second on a quiet machine, but past 20 s
    // under npm run test:loaded; the cost is what is tested, so the limit is what a busy machine needs
  }, 120_000)

  it('keeps the passphrase in no form, and salts each hash anew', async () => {
    const a = await hashPassphrase(secret, FAST)
    const b = await hashPassphrase(secret, FAST)
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
    const kept = JSON.stringify([a, b])
    for (const form of forms(secret)) expect(kept).not.toContain(form)
  })

  it('checks with the cost stored in the record, and the same text typed either way (NFC) matches', async () => {
    const composed = 'café crème brûlée'
    const h = await hashPassphrase(composed, FAST)
    expect(h.N).toBe(FAST.N)
    expect(await checkPassphrase(composed.normalize('NFD'), h)).toBe(true)
    expect(await checkPassphrase('cafe creme brulee', h)).toBe(false)
    expect(await checkPassphrase('', h)).toBe(false)
  })

  it('refuses a record edited to ask for a memory bomb or a weak cost, without running scrypt on it', async () => {
    const h = await hashPassphrase(secret, FAST)
    for (const bad of [
      { ...h, N: 2 ** 30 },
      { ...h, N: 1024 },
      { ...h, N: 3 * 2 ** 14 },
      { ...h, r: 1000 },
      { ...h, p: 64 },
      { ...h, salt: 'AAAA' },
      { ...h, hash: '' },
      { ...h, algo: 'md5' },
    ]) {
      expect(PassphraseHash.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
      const started = Date.now()
      expect(await checkPassphrase(secret, bad as PassphraseHash)).toBe(false)
      expect(Date.now() - started).toBeLessThan(1000)
    }
    expect(LockRecord.safeParse({ hash: { ...h, N: 2 ** 30 }, failures: 0, failedAt: null }).success).toBe(false)
    expect(LockRecord.safeParse({ hash: h, failures: -1, failedAt: null }).success).toBe(false)
  })

  it('derives with the cost stored beside the hash: the same key scrypt gives on its own', async () => {
    // r and p off scrypt's defaults: a derivation that dropped the stored cost would not match
    const cost = { N: 2 ** 14, r: 4, p: 2 }
    const made = await hashPassphrase(secret, cost)
    expect(made).toMatchObject(cost)
    const salt = Buffer.from(made.salt, 'base64')
    expect(made.hash).toBe(scryptSync(secret, salt, 32, cost).toString('base64'))
    const other = randomBytes(16)
    const byHand: PassphraseHash = {
      algo: 'scrypt',
      ...cost,
      salt: other.toString('base64'),
      hash: scryptSync(secret, other, 32, cost).toString('base64'),
    }
    expect(await checkPassphrase(secret, byHand)).toBe(true)
    expect(await checkPassphrase(secret, { ...byHand, r: 8 })).toBe(false)
  })

  it('takes salts and hashes of 16 to 64 and 32 to 64 bytes, in base64 and nothing else', async () => {
    const h = await hashPassphrase(secret, FAST)
    const bytes = (n: number) => randomBytes(n).toString('base64')
    const ok = (patch: Partial<PassphraseHash>) => PassphraseHash.safeParse({ ...h, ...patch }).success
    expect([
      ok({ salt: bytes(16) }),
      ok({ salt: bytes(64) }),
      ok({ hash: bytes(32) }),
      ok({ hash: bytes(64) }),
    ]).toEqual([true, true, true, true])
    // 12 bytes are 16 characters: counted as bytes, not as the text's length
    expect(ok({ salt: bytes(12) })).toBe(false)
    expect(ok({ salt: bytes(65) })).toBe(false)
    expect(ok({ hash: bytes(65) })).toBe(false)
    expect(ok({ salt: `!${h.salt}` })).toBe(false)
    expect(ok({ salt: `${h.salt}!` })).toBe(false)
    expect(ok({ hash: `${h.hash}\n` })).toBe(false)
  })
})
