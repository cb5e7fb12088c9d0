// A kind registered beyond the shipped ones is one the app keeps (issue 42, "A third backend is one
// folder and one entry"): the test's `memory` kind (test/support/memoryBackend.ts), on the real
// keychain (scripts/with-keyring.sh), is written to settings.json and into a backup under its own
// kind, comes back from that backup on a fresh profile that has it, and where the registry lacks
// it the app says so in words and loses nothing: its account is kept in the settings file as it
// was and not shown, a backup made there says it left that account out, a restore writes nothing.
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { AccountView } from '@shared/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBackends } from '../../../electron/main/services/backends'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { MEMORY_KIND, memoryBackend, memoryStore } from '../../support/memoryBackend'
import { keychainName, newDir, openProfile, type Profile } from '../app/backupHarness'

const PASS = 'a long passphrase for the backup'
const TOKEN = 'mem_0123456789ab'
const service = keychainName('memory-kind')
const dirs: string[] = []
const opened: Profile[] = []
let store: ReturnType<typeof memoryStore>

const dir = async (tag: string) => {
  const d = await newDir(tag)
  dirs.push(d)
  return d
}
/** a profile whose registry has the memory kind (`withMemory`) or the shipped kinds only */
async function profile(at: string, withMemory: boolean, emit?: (event: string, payload: unknown) => void) {
  const backends = withMemory ? { ...createBackends(), [MEMORY_KIND]: memoryBackend(store.file) } : undefined
  const p = await openProfile({ dir: at, keychainService: service, backends, emit })
  opened.push(p)
  return p
}

let home: string
let view: AccountView
let file: Uint8Array

beforeAll(async () => {
  home = await dir('memory-home')
  store = memoryStore(join(home, 'memory-backend.json'))
  store.init([{ id: 'mem-wallet-a', name: 'Pocket', balanceMsat: 7_000 }])
  const p = await profile(home, true)
  view = await p.ok<AccountView>('accounts.connect', { kind: MEMORY_KIND, book: 'pocket', token: TOKEN })
  await p.ok('backup.export', { passphrase: PASS, includeKeys: true })
  file = p.saved[0] ?? new Uint8Array()
  await p.app.dispose()
})
afterAll(async () => {
  for (const p of opened) {
    await p.app.dispose().catch(() => {})
    await p.keychain.delete(apiKeyName(view?.id ?? 'none')).catch(() => {})
  }
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

it('keeps the account under its own kind in settings.json, its token in the keychain', async () => {
  expect(view).toMatchObject({ kind: MEMORY_KIND, baseUrl: 'memory://pocket', label: 'Memory pocket' })
  const stored = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))
  expect(stored.accounts.map((a: { kind: string }) => a.kind)).toEqual([MEMORY_KIND])
  expect(file.length).toBeGreaterThan(0)
  const again = await profile(home, true)
  expect(again.app.accounts.list().accounts.map((a) => [a.id, a.kind])).toEqual([[view.id, MEMORY_KIND]])
  expect(await again.keychain.get(apiKeyName(view.id))).toBe(TOKEN)
  await again.app.dispose()
})

it('comes back from a backup on a fresh profile that has the kind, and its wallets read', async () => {
  const p = await profile(await dir('memory-back'), true)
  await p.keychain.delete(apiKeyName(view.id))
  p.toOpen = file
  expect(await p.ok('backup.restore', { passphrase: PASS })).toMatchObject({ status: 'restored', keys: 1 })
  const { accounts } = await p.ok<{ accounts: AccountView[] }>('accounts.list')
  const { clockOffsetSec: _was, ...kept } = view
  const { clockOffsetSec: _is, ...back } = accounts[0] as AccountView
  expect([accounts.length, back]).toEqual([1, kept])
  expect(await p.keychain.get(apiKeyName(view.id))).toBe(TOKEN)
  const { wallets } = await p.ok<{ wallets: Array<{ id: string; balanceMsat: number }> }>('wallets.list')
  expect(wallets.map((w) => [w.id, w.balanceMsat])).toEqual([['mem-wallet-a', 7_000]])
  await p.app.dispose()
})

it('a profile without the kind refuses the backup in words, and writes nothing', async () => {
  const at = await dir('memory-none')
  const p = await profile(at, false)
  await p.keychain.delete(apiKeyName(view.id))
  p.toOpen = file
  const r = await p.call('backup.restore', { passphrase: PASS })
  expect(r.ok ? 'restored' : r.error.message).toMatch(/^This backup holds an account of a kind this app has no backend/)
  expect(p.app.accounts.list().accounts).toEqual([])
  expect(await p.keychain.get(apiKeyName(view.id))).toBeNull()
  await p.app.dispose()
})

it('settings with an account of a kind the registry lacks: the rest served, that account kept as it was', async () => {
  const before = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))
  const notices: string[] = []
  const p = await profile(home, false, (event, n) => {
    if (event === 'notice') notices.push((n as { message: string }).message)
  })
  expect(p.app.accounts.list().accounts).toEqual([])
  expect(notices).toContain(
    'An account of a kind this version of Lightning Tray does not know (memory) is kept in the settings as it is, and not shown. The version that added it opens it again.',
  )
  // a save (a setting changed) writes it back as the file held it
  await p.ok('settings.update', { offerClipboard: !before.settings.offerClipboard })
  const after = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))
  expect(after.settings.offerClipboard).toBe(!before.settings.offerClipboard)
  expect(after.accounts).toEqual(before.accounts)
  expect((await readdir(home)).filter((f) => f.includes('corrupt'))).toEqual([])
  // a backup from here cannot hold it (this build knows neither its fields nor its keys' names),
  // and its answer says so; the file holds no account, and the settings still hold it
  expect(await p.ok('backup.export', { passphrase: PASS, includeKeys: true })).toMatchObject({
    accounts: 0,
    keys: 0,
    leftOut: { count: 1, kinds: [MEMORY_KIND] },
  })
  const fresh = await profile(await dir('memory-none-back'), false)
  fresh.toOpen = p.saved[0] ?? new Uint8Array()
  expect(await fresh.ok('backup.restore', { passphrase: PASS })).toMatchObject({ status: 'restored', accounts: 0 })
  await fresh.app.dispose()
  expect(JSON.parse(await readFile(join(home, 'settings.json'), 'utf8')).accounts).toEqual(before.accounts)
  await p.app.dispose()
  // the build that has the kind serves it again, its wallets read
  const q = await profile(home, true)
  expect(q.app.accounts.list().accounts.map((a) => [a.id, a.kind])).toEqual([[view.id, MEMORY_KIND]])
  const { wallets } = await q.ok<{ wallets: Array<{ id: string; balanceMsat: number }> }>('wallets.list')
  expect(wallets.map((w) => [w.id, w.balanceMsat])).toEqual([['mem-wallet-a', 7_000]])
})
