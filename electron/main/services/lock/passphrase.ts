// The passphrase is kept only as a slow hash: Node's own scrypt (no package), a random salt, and
// the work factor stored beside it, so a later version can raise it and still check old hashes.
// The comparison is constant-time. Stored parameters are bounded: a file edited to ask for a huge
// scrypt would otherwise hang or kill the check.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** OWASP's scrypt floor for passwords (N=2^17, r=8, p=1): about 128 MiB and a few tenths of a second. */
export const SCRYPT_DEFAULT = { N: 2 ** 17, r: 8, p: 1 } as const
const KEY_BYTES = 32
const SALT_BYTES = 16

const b64 = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .refine((s) => {
      const n = Buffer.from(s, 'base64').length
      return n >= min && n <= max
    })

export const PassphraseHash = z.object({
  algo: z.literal('scrypt'),
  // N a power of two from 2^14 to 2^20: never weaker than a sane floor, never a memory bomb
  N: z
    .number()
    .int()
    .min(2 ** 14)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, 'N must be a power of two'),
  r: z.number().int().min(1).max(16),
  p: z.number().int().min(1).max(4),
  salt: b64(16, 64),
  hash: b64(32, 64),
})
export type PassphraseHash = z.infer<typeof PassphraseHash>

/** What is hashed: the same text typed on another keyboard or system gives the same bytes. */
const encode = (passphrase: string) => Buffer.from(passphrase.normalize('NFC'), 'utf8')

function derive(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }, keyLen: number) {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 16 * 1024 * 1024 }
  // async: the work runs on libuv's pool, so main's event loop keeps answering meanwhile
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(encode(passphrase), salt, keyLen, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

export async function hashPassphrase(
  passphrase: string,
  cost: { N: number; r: number; p: number } = SCRYPT_DEFAULT,
): Promise<PassphraseHash> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(passphrase, salt, cost, KEY_BYTES)
  return PassphraseHash.parse({
    algo: 'scrypt',
    ...cost,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
  })
}

/** Whether `passphrase` is the one `stored` was made from; false for a record that does not parse. */
export async function checkPassphrase(passphrase: string, stored: PassphraseHash): Promise<boolean> {
  const record = PassphraseHash.safeParse(stored)
  if (!record.success) return false
  const expected = Buffer.from(record.data.hash, 'base64')
  const { N, r, p } = record.data
  const key = await derive(passphrase, Buffer.from(record.data.salt, 'base64'), { N, r, p }, expected.length)
  return timingSafeEqual(key, expected)
}

/** The lock as the settings file keeps it (main only; never in `Settings`, never sent to the page). */
export const LockRecord = z.object({
  hash: PassphraseHash,
  /** wrong passphrases in a row; a try is counted before it is checked (services/lock) */
  failures: z.number().int().nonnegative(),
  /** when the last one was counted (ms since the epoch) */
  failedAt: z.number().int().nullable(),
})
export type LockRecord = z.infer<typeof LockRecord>
