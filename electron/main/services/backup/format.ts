// The backup file's envelope (docs/security.md, "Backups"): a fixed header, then the payload
// encrypted with AES-256-GCM under a key that scrypt derives from the passphrase. The header (magic,
// version, scrypt's parameters, salt, nonce, length) is the cipher's associated data, so a changed
// header fails like a changed payload. Everything is checked before scrypt runs: a file cannot make
// the app spend unbounded memory or time.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from 'node:crypto'
import { promisify } from 'node:util'
import { AppError } from '@shared/errors'
import { type MessageId, mt } from '../i18n'

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

export const MAGIC = Buffer.from('LTRAYBAK', 'ascii')
export const FORMAT_VERSION = 1
/** No backup is larger: a file over this is refused unread. */
export const BACKUP_MAX_BYTES = 16 * 1024 * 1024
const SALT_BYTES = 16
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** magic 8 · version u16 · kdf u8 · log2 N u8 · r u8 · p u8 · salt 16 · nonce 12 · length u32 */
export const HEADER_BYTES = MAGIC.length + 2 + 4 + SALT_BYTES + NONCE_BYTES + 4
const KDF_SCRYPT = 1
/** 2^17 × 8 × 128 bytes = 128 MiB of memory per try: slow for whoever guesses, quick enough once */
export const DEFAULT_COST = { logN: 17, r: 8, p: 1 }
const COST_LIMITS = { logN: [14, 18], r: [8, 8], p: [1, 2] } as const

/** A backup refused before anything was written: why, in the app's language, and that nothing changed. */
export class BackupFileError extends AppError {
  constructor(why: MessageId) {
    super('invalid_input', `${mt(why)} ${mt('backup.nothingChanged')}`)
  }
}

const memoryFor = (logN: number, r: number, p: number) => 128 * r * (2 ** logN + p) + 32 * 1024 * 1024

async function keyOf(passphrase: string, salt: Buffer, c: { logN: number; r: number; p: number }) {
  return scrypt(passphrase.normalize('NFC'), salt, 32, {
    N: 2 ** c.logN,
    r: c.r,
    p: c.p,
    maxmem: memoryFor(c.logN, c.r, c.p),
  })
}

export async function seal(plain: Uint8Array, passphrase: string, cost = DEFAULT_COST): Promise<Buffer> {
  const salt = randomBytes(SALT_BYTES)
  const nonce = randomBytes(NONCE_BYTES)
  const header = Buffer.alloc(HEADER_BYTES)
  let at = MAGIC.copy(header, 0)
  at = header.writeUInt16BE(FORMAT_VERSION, at)
  at = header.writeUInt8(KDF_SCRYPT, at)
  at = header.writeUInt8(cost.logN, at)
  at = header.writeUInt8(cost.r, at)
  at = header.writeUInt8(cost.p, at)
  at += salt.copy(header, at)
  at += nonce.copy(header, at)
  header.writeUInt32BE(plain.length, at)
  const key = await keyOf(passphrase, salt, cost)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(header)
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  const out = Buffer.concat([header, body, cipher.getAuthTag()])
  if (out.length > BACKUP_MAX_BYTES) throw new AppError('invalid_input', mt('backup.tooLarge'))
  return out
}

/** The payload's bytes, or a BackupFileError that says in plain words what is wrong with the file. */
export async function open(file: Uint8Array, passphrase: string): Promise<Buffer> {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
  if (buf.length > BACKUP_MAX_BYTES) throw new BackupFileError('backup.refused.tooLarge')
  if (buf.length < MAGIC.length || !buf.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupFileError('backup.refused.notABackup')
  if (buf.length < HEADER_BYTES + TAG_BYTES) throw new BackupFileError('backup.refused.cutShort')
  let at = MAGIC.length
  const version = buf.readUInt16BE(at)
  if (version !== FORMAT_VERSION)
    throw new BackupFileError(version > FORMAT_VERSION ? 'backup.refused.newerVersion' : 'backup.refused.otherVersion')
  at += 2
  const kdf = buf.readUInt8(at++)
  const cost = { logN: buf.readUInt8(at++), r: buf.readUInt8(at++), p: buf.readUInt8(at++) }
  const inRange = (v: number, [lo, hi]: readonly [number, number]) => v >= lo && v <= hi
  if (
    kdf !== KDF_SCRYPT ||
    !inRange(cost.logN, COST_LIMITS.logN) ||
    !inRange(cost.r, COST_LIMITS.r) ||
    !inRange(cost.p, COST_LIMITS.p)
  )
    throw new BackupFileError('backup.refused.badHeader')
  const salt = buf.subarray(at, at + SALT_BYTES)
  const nonce = buf.subarray(at + SALT_BYTES, at + SALT_BYTES + NONCE_BYTES)
  const length = buf.readUInt32BE(at + SALT_BYTES + NONCE_BYTES)
  const expected = HEADER_BYTES + length + TAG_BYTES
  if (buf.length < expected) throw new BackupFileError('backup.refused.cutShort')
  if (buf.length > expected) throw new BackupFileError('backup.refused.tooLong')
  const key = await keyOf(passphrase, salt, cost)
  const decipher = createDecipheriv('aes-256-gcm', key, nonce)
  decipher.setAAD(buf.subarray(0, HEADER_BYTES))
  decipher.setAuthTag(buf.subarray(buf.length - TAG_BYTES))
  try {
    return Buffer.concat([decipher.update(buf.subarray(HEADER_BYTES, buf.length - TAG_BYTES)), decipher.final()])
  } catch {
    // GCM cannot tell a wrong key from a changed byte, and neither can anyone else
    throw new BackupFileError('backup.refused.wrongPassphrase')
  }
}
