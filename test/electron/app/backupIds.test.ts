// A crafted backup must not reach another secret (issue 41, finding 1). The keychain belongs to the
// computer account, not to one profile: here profile A has an account and a connected app, and a
// fresh profile B on the same keychain is handed correctly sealed backups whose account id is not
// one the app makes: `nwc:<A's connection>` (where older versions kept that app's wallet key), its
// new name, the connection's own id, a path, empty, very long. Each is refused in plain words
// (also in German), no file of B is written, every keychain entry is as it was (read with keytar
// itself), and A's connected app is still answered after a restart.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { open, seal } from '../../../electron/main/services/backup'
import { setMainLocale } from '../../../electron/main/services/i18n'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { fingerprint } from '../../support/fingerprint'
import { keychainEntries, keytar } from '../../support/keychainEntries'
import { type NwcWorld, startNwcWorld } from '../nwc/harness'
import { keychainName, newDir, openProfile, type Profile, TEST_COST } from './backupHarness'

const PASS = 'the passphrase of a crafted backup'
let a: NwcWorld
let b: Profile
let uri: string
let connectionId: string
let sealed: Buffer // a good backup of another profile, with its API key
let sealedId: string // its account's id
const dirs: string[] = []

beforeAll(async () => {
  a = await startNwcWorld()
  const made = await a.connect()
  ;({ uri } = made)
  connectionId = made.connection.id
  // the backup comes from a third profile with a keychain of its own
  const cDir = await newDir('ids-c')
  dirs.push(cDir)
  const c = await openProfile({ dir: cDir, keychainService: keychainName('ids-c') })
  sealedId = (
    await c.ok<{ id: string }>('accounts.connect', { kind: 'service', baseUrl: a.sim.url, apiKey: a.sim.keys.secret })
  ).id
  await c.ok('backup.export', { passphrase: PASS, includeKeys: true })
  sealed = Buffer.from(c.saved[0]!)
  await c.app.dispose()
  await c.keychain.delete(apiKeyName(sealedId))
  const bDir = await newDir('ids-b')
  dirs.push(bDir)
  b = await openProfile({ dir: bDir, keychainService: a.service })
}, 60_000)
afterAll(async () => {
  setMainLocale('en')
  await b?.app.dispose()
  await a?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

/** the good backup sealed again with `id` for its account's id, wherever the id appears */
async function withAccountId(id: string): Promise<Buffer> {
  const text = (await open(sealed, PASS)).toString('utf8')
  const inner = JSON.stringify(id).slice(1, -1)
  return seal(Buffer.from(text.replaceAll(sealedId, inner)), PASS, TEST_COST)
}

describe('a backup naming an account by an id the app never makes', () => {
  it('is refused in words, and no keychain entry or file is touched', async () => {
    const crafted = [
      `nwc:${connectionId}`,
      `nwcWallet:${connectionId}`,
      connectionId,
      '../x',
      '',
      `acc_${'0'.repeat(5000)}`,
      sealedId.toUpperCase(),
    ]
    const keychain = await keychainEntries(a.service)
    // A's API key and its connected app's wallet key
    expect(Object.keys(keychain)).toHaveLength(2)
    const files = await fingerprint(b.dir)
    for (const id of crafted) {
      b.toOpen = await withAccountId(id)
      const r = await b.call('backup.restore', { passphrase: PASS })
      expect(r.ok, id.slice(0, 40)).toBe(false)
      if (r.ok) break
      expect(r.error.code).toBe('invalid_input')
      expect(r.error.message).toBe(
        'An account in this backup has an id this app never gives an account. It is not restored: under that id it could overwrite another secret in the keychain. Nothing was changed.',
      )
    }
    expect(await keychainEntries(a.service)).toEqual(keychain)
    expect(await fingerprint(b.dir)).toEqual(files)
    expect((await b.ok<{ accounts: unknown[] }>('accounts.list')).accounts).toEqual([])
  })

  it('says so in the app’s language', async () => {
    b.toOpen = await withAccountId(`nwc:${connectionId}`)
    setMainLocale('de')
    const r = await b.call('backup.restore', { passphrase: PASS })
    setMainLocale('en')
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.error.message).toBe(
        'Ein Konto in diesem Backup hat eine Kennung, die diese App nie einem Konto gibt. Es wird nicht wiederhergestellt: Unter dieser Kennung könnte es ein anderes Geheimnis im Schlüsselbund überschreiben. Es wurde nichts geändert.',
      )
  })

  it('leaves the connected app’s wallet key working after a restart', async () => {
    await a.restart()
    expect((await a.client(uri).getBalance()).balance).toBe(a.sim.control.balanceMsat(a.w.id))
    // and the old name the crafted id aimed at holds nothing
    expect(await (await keytar()).getPassword(a.service, `nwc:${connectionId}`)).toBeNull()
  }, 30_000)
})
