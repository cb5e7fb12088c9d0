// Hostile backups (docs/security.md, "Backups"): twenty-odd bad files, each refused in plain words
// for its own reason, with every file under userData byte-for-byte as it was and the keychain
// untouched; and no API key in a backup file in any form a reader could use without the passphrase.
import { createHash } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKUP_MAX_BYTES, open, seal } from '../../../electron/main/services/backup'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { fingerprint } from '../../support/fingerprint'
import { syncNow } from '../../support/syncNow'
import { keychainName, newDir, openProfile, type Profile, TEST_COST } from './backupHarness'

const PASS = 'the passphrase of this backup'
const service = keychainName('hostile')
let simA: SimulatorHandle
let simB: SimulatorHandle
let home: Profile
let other: Profile
let accountId: string
let mine: Buffer // a valid backup of `home`, with its key
let theirs: Buffer // a valid backup of another profile
const dirs: string[] = []

beforeAll(async () => {
  simA = await startSimulator({ seed: 'demo' })
  simB = await startSimulator({ seed: 'empty' })
  const dir = await newDir('home')
  dirs.push(dir)
  home = await openProfile({ dir, keychainService: service })
  accountId = (
    await home.ok<{ id: string }>('accounts.connect', { kind: 'service', baseUrl: simA.url, apiKey: simA.keys.secret })
  ).id
  await syncNow(home.app)
  const wallet = simA.keys.wallets[0]!.id
  await home.ok('invoices.create', { walletId: wallet, amountSat: 500, memo: 'waiting' })
  await home.ok('withdraw.create', { walletId: wallet, amountSat: 100, requestId: 'req-hostile-link' })
  await home.ok('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: 50_000 })
  await home.ok('backup.export', { passphrase: PASS, includeKeys: true })
  mine = Buffer.from(home.saved[0]!)
  const dir2 = await newDir('other')
  dirs.push(dir2)
  other = await openProfile({ dir: dir2, keychainService: `${service}-other` })
  await other.ok('accounts.connect', { kind: 'service', baseUrl: simB.url, apiKey: simB.keys.secret })
  await other.ok('backup.export', { passphrase: PASS, includeKeys: true })
  theirs = Buffer.from(other.saved[0]!)
  // nothing else may write meanwhile: the sync loop is what would
  await home.app.sync.stop()
})
afterAll(async () => {
  await home?.app.dispose()
  for (const id of (await other?.ok<{ accounts: Array<{ id: string }> }>('accounts.list'))?.accounts ?? [])
    await other.keychain.delete(apiKeyName(id.id))
  await other?.app.dispose()
  await home?.keychain.delete(apiKeyName(accountId))
  await simA.close()
  await simB.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const flip = (b: Buffer, at: number) => {
  const c = Buffer.from(b)
  c[at < 0 ? c.length + at : at]! ^= 0x01
  return c
}
const withByte = (b: Buffer, at: number, v: number) => {
  const c = Buffer.from(b)
  c[at] = v
  return c
}
/** a file sealed properly with PASS around a payload this app would never write */
async function sealed(payload: (p: Record<string, unknown>) => unknown) {
  const inner = JSON.parse((await open(mine, PASS)).toString('utf8')) as Record<string, unknown>
  const out = payload(inner)
  return seal(Buffer.from(typeof out === 'string' ? out : JSON.stringify(out)), PASS, TEST_COST)
}

async function hostileFiles(): Promise<Array<[string, Buffer | 'too_big', string, RegExp]>> {
  return [
    ['an empty file', Buffer.alloc(0), PASS, /not a Lightning Tray backup/],
    ['random bytes', Buffer.from(createHash('sha512').update('x').digest()), PASS, /not a Lightning Tray backup/],
    ['a backup in clear JSON', await open(mine, PASS), PASS, /not a Lightning Tray backup/],
    ['the magic bytes alone', mine.subarray(0, 8), PASS, /cut short/],
    ['the header alone', mine.subarray(0, 46), PASS, /cut short/],
    ['one byte short', mine.subarray(0, mine.length - 1), PASS, /cut short/],
    ['one byte more', Buffer.concat([mine, Buffer.from([0])]), PASS, /more in it than it should/],
    ['a bit flipped in the payload', flip(mine, 100), PASS, /passphrase is wrong, or the file was changed/],
    ['a bit flipped in the tag', flip(mine, -1), PASS, /passphrase is wrong, or the file was changed/],
    ['a bit flipped in the salt', flip(mine, 20), PASS, /passphrase is wrong, or the file was changed/],
    ['a newer version', withByte(mine, 9, 2), PASS, /newer version of the app/],
    ['version 0', withByte(mine, 9, 0), PASS, /version this app does not read/],
    ['an enormous scrypt cost', withByte(mine, 11, 30), PASS, /header is not one this app writes/],
    ['another key derivation', withByte(mine, 10, 9), PASS, /header is not one this app writes/],
    ['a length that lies', withByte(mine, 44, mine[44]! + 1), PASS, /cut short/],
    ['over the size cap', 'too_big', PASS, /too large/],
    ['a wrong passphrase', mine, 'The passphrase of this backup', /passphrase is wrong/],
    ['a valid file of another profile', theirs, PASS, /another profile, and this one has accounts/],
    ['its own profile, which has its accounts', mine, PASS, /nothing to bring back/],
    ['sealed, but not JSON inside', await sealed(() => 'not json {'), PASS, /cannot be read/],
    ['sealed, another inner version', await sealed((p) => ({ ...p, version: 2 })), PASS, /never write/],
    [
      'sealed, a record of no account',
      await sealed((p) => ({ ...p, labels: [{ accountId: 'acc_nobody', txId: 't', label: 'x', updatedAt: 1 }] })),
      PASS,
      /never write/,
    ],
    [
      'sealed, an address the app refuses',
      await sealed((p) => ({
        ...p,
        accounts: (p.accounts as Array<Record<string, unknown>>).map((a) => ({ ...a, baseUrl: 'http://evil.example' })),
      })),
      PASS,
      /address this app does not accept/,
    ],
    // each kind's secret is checked by the table connecting uses (ACCOUNT_KINDS)
    [
      'sealed, an NWC account with a string to another wallet',
      await sealed(asNwc(nwcString('cd'))),
      PASS,
      /never write/,
    ],
    ['sealed, an NWC account with an API key', await sealed(asNwc('sak_abcdefghijkl')), PASS, /never write/],
  ]
}

const nwcString = (wallet: string) =>
  `nostr+walletconnect://${wallet.repeat(32)}?relay=wss://relay.example&secret=${'ef'.repeat(32)}`
/** the backup's accounts made NWC accounts of wallet ab…ab, each carrying `secret` */
const asNwc = (secret: string) => (p: Record<string, unknown>) => ({
  ...p,
  accounts: (p.accounts as Array<Record<string, unknown>>).map((a) => ({
    ...a,
    kind: 'nwc',
    baseUrl: `nostr+walletconnect://${'ab'.repeat(32)}`,
    apiKey: secret,
  })),
})

describe('hostile backups', () => {
  it('each is refused in plain words, and userData and the keychain are exactly as they were', async () => {
    const files = await hostileFiles()
    expect(files.length).toBeGreaterThanOrEqual(20)
    const before = await fingerprint(home.dir)
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        '/settings.json',
        '/ledger.sqlite',
        '/journal.sqlite',
        '/spending.json',
        '/profile.json',
      ]),
    )
    const accounts = await home.ok('accounts.list')
    for (const [what, bytes, passphrase, words] of files) {
      home.toOpen = bytes
      const r = await home.call('backup.restore', { passphrase })
      expect(r.ok, what).toBe(false)
      if (r.ok) continue
      expect(r.error.message, what).toMatch(words)
      expect(r.error.message, what).toContain('Nothing was changed.')
      expect(r.error.code, what).toBe('invalid_input')
    }
    home.toOpen = 'cancel'
    expect(await home.ok('backup.restore', { passphrase: PASS })).toEqual({ status: 'cancelled' })
    expect(await fingerprint(home.dir)).toEqual(before)
    expect(await home.ok('accounts.list')).toEqual(accounts)
    expect(await home.keychain.get(apiKeyName(accountId))).toBe(simA.keys.secret)
    const theirIds = (await other.ok<{ accounts: Array<{ id: string }> }>('accounts.list')).accounts.map((a) => a.id)
    for (const id of theirIds) expect(await home.keychain.get(apiKeyName(id))).toBeNull()
  })

  it('on a fresh profile too: no file is made, not even the ledger', async () => {
    const dir = await newDir('fresh')
    dirs.push(dir)
    const fresh = await openProfile({ dir, keychainService: `${service}-fresh` })
    const before = await fingerprint(dir)
    for (const [what, bytes, passphrase, words] of await hostileFiles()) {
      if (/profile/.test(what)) continue // a valid file is what a fresh profile restores
      fresh.toOpen = bytes
      const r = await fresh.call('backup.restore', { passphrase })
      expect(r.ok, what).toBe(false)
      if (!r.ok) expect(r.error.message, what).toMatch(words)
    }
    expect(await fingerprint(dir)).toEqual(before)
    expect(Object.keys(before)).not.toContain('/ledger.sqlite')
    await fresh.app.dispose()
  })
})

describe('no plain key in a backup', () => {
  it('the file holds the API key in no form readable without the passphrase', async () => {
    const key = simA.keys.secret
    const forms = [
      key,
      key.slice(4),
      Buffer.from(key).toString('base64'),
      Buffer.from(`${key}:`).toString('base64'),
      Buffer.from(key).toString('base64url'),
      Buffer.from(key).toString('hex'),
      encodeURIComponent(key),
      JSON.stringify(key),
    ]
    const withoutKeys = await home.ok('backup.export', { passphrase: PASS, includeKeys: false })
    expect(withoutKeys).toMatchObject({ keys: 0 })
    for (const file of [mine, Buffer.from(home.saved.at(-1)!)]) {
      for (const enc of ['latin1', 'utf8', 'hex', 'base64'] as const) {
        const text = file.toString(enc)
        for (const form of forms) expect(text.includes(form), `${form} as ${enc}`).toBe(false)
      }
    }
    // the capture is real: the key is inside the first file, under the passphrase
    expect((await open(mine, PASS)).toString('utf8')).toContain(key)
    expect((await open(Buffer.from(home.saved.at(-1)!), PASS)).toString('utf8')).not.toContain(key)
    expect(BACKUP_MAX_BYTES).toBeGreaterThan(mine.length)
  })
})
