import * as fsp from 'node:fs/promises'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_FIAT, DEFAULT_LOCK, DEFAULT_SETTINGS, LEFT_OUT_KINDS_MAX, operations } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPassphrase } from '../../../../electron/main/services/lock'
import {
  createSettingsStore,
  defaultFile,
  type Notice,
  SETTINGS_FILE,
  type SettingsFs,
} from '../../../../electron/main/services/settings'

const FAST = { N: 2 ** 14, r: 8, p: 1 }

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const account = {
  id: 'acc_1',
  label: 'Simulator',
  baseUrl: 'http://127.0.0.1:4100',
  authMethod: 'header' as const,
  keyHint: 'sak_…9f2c',
  storage: 'keychain' as const,
  createdAt: 1_700_000_000,
}

describe('settings store', () => {
  it('starts from defaults when there is no file, without a notice', async () => {
    const notices: Notice[] = []
    const s = createSettingsStore({ dir, onNotice: (n) => notices.push(n) })
    expect(await s.load()).toEqual(defaultFile())
    expect(notices).toEqual([])
  })

  it('writes, then loads what it wrote', async () => {
    const s = createSettingsStore({ dir })
    await s.load()
    await s.update((f) => ({
      ...f,
      settings: { ...f.settings, theme: 'dark' },
      accounts: [account],
      activeId: 'acc_1',
    }))
    const again = await createSettingsStore({ dir }).load()
    expect(again.settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' })
    expect(again.accounts).toEqual([account])
    expect(again.activeId).toBe('acc_1')
    // Only the file itself is left: the temp file was renamed over it.
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
  })

  it('keeps the history page size across a restart; a file without it (or an odd one) reads as 25', async () => {
    const s = createSettingsStore({ dir })
    await s.load()
    await s.update((f) => ({ ...f, settings: { ...f.settings, historyPerPage: 250 } }))
    expect((await createSettingsStore({ dir }).load()).settings.historyPerPage).toBe(250)
    const raw = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))
    delete raw.settings.historyPerPage
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(raw))
    expect((await createSettingsStore({ dir }).load()).settings.historyPerPage).toBe(25)
    raw.settings.historyPerPage = 33
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(raw))
    const odd = await createSettingsStore({ dir }).load()
    expect(odd.settings.historyPerPage).toBe(25)
    expect(odd.settings.theme).toBe(DEFAULT_SETTINGS.theme)
  })

  it('leaves a file that is not JSON where it is and refuses it: whether it held a lock cannot be told', async () => {
    const text = '{"version":1,"settings":{"pollIntervalSec":'
    await writeFile(join(dir, SETTINGS_FILE), text)
    const notices: Notice[] = []
    const s = createSettingsStore({ dir, now: () => 1234, onNotice: (n) => notices.push(n) })
    await expect(s.load()).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('stays locked') })
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(text)
    expect(notices).toEqual([])
  })

  it('keeps the lock of a file of the wrong shape: written into the new file before the old one goes aside', async () => {
    const lock = { hash: await hashPassphrase('a desk with nobody', FAST), failures: 3, failedAt: 1_700_000_000_000 }
    const text = JSON.stringify({ version: 1, settings: { theme: 'pink' }, accounts: 'many', lock })
    await writeFile(join(dir, SETTINGS_FILE), text)
    const notices: Notice[] = []
    const loaded = await createSettingsStore({ dir, now: () => 77, onNotice: (n) => notices.push(n) }).load()
    expect(loaded).toEqual({ ...defaultFile(), lock })
    expect((await readdir(dir)).sort()).toEqual([SETTINGS_FILE, `${SETTINGS_FILE}.corrupt-77`])
    expect(await readFile(join(dir, `${SETTINGS_FILE}.corrupt-77`), 'utf8')).toBe(text)
    // a restart reads the lock and its count of wrong tries back
    expect((await createSettingsStore({ dir }).load()).lock).toEqual(lock)
    expect(notices).toHaveLength(1)
  })

  it('refuses a file whose lock record does not read, and leaves it where it is', async () => {
    const lock = { hash: await hashPassphrase('a desk with nobody', FAST), failures: -1, failedAt: null }
    const text = JSON.stringify({ ...defaultFile(), lock })
    await writeFile(join(dir, SETTINGS_FILE), text)
    await expect(createSettingsStore({ dir }).load()).rejects.toMatchObject({ code: 'internal' })
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(text)
  })

  it('a disk that fills while the lock is kept: the load fails and the damaged file stays, lock and all', async () => {
    const lock = { hash: await hashPassphrase('a desk with nobody', FAST), failures: 0, failedAt: null }
    const text = JSON.stringify({ version: 1, settings: { theme: 'pink' }, accounts: [], activeId: null, lock })
    await writeFile(join(dir, SETTINGS_FILE), text)
    const full: SettingsFs = {
      ...fsp,
      writeFile: async (path, ...rest) => {
        if (String(path).endsWith('.tmp')) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
        return fsp.writeFile(path, ...rest)
      },
    }
    await expect(createSettingsStore({ dir, fs: full, now: () => 5 }).load()).rejects.toThrow('no space left')
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(text)
    expect((await createSettingsStore({ dir, now: () => 6 }).load()).lock).toEqual(lock)
  })

  it('treats valid JSON of the wrong shape as corrupt too (schema-validated load)', async () => {
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, settings: { pollIntervalSec: 1, notifications: 'yes', theme: 'pink' } }),
    )
    const notices: Notice[] = []
    const s = createSettingsStore({ dir, now: () => 99, onNotice: (n) => notices.push(n) })
    expect((await s.load()).settings).toEqual(DEFAULT_SETTINGS)
    expect(await readdir(dir)).toEqual([`${SETTINGS_FILE}.corrupt-99`])
    expect(notices).toHaveLength(1)
  })

  it('loads a file from before fiat settings with the fiat defaults, not as corrupt', async () => {
    const old = {
      version: 1,
      settings: { pollIntervalSec: 30, notifications: false, theme: 'dark' },
      accounts: [account],
      activeId: 'acc_1',
    }
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(old))
    const notices: Notice[] = []
    const s = createSettingsStore({ dir, onNotice: (n) => notices.push(n) })
    const loaded = await s.load()
    expect(loaded.settings).toEqual({
      pollIntervalSec: 30,
      notifications: false,
      theme: 'dark',
      fiat: DEFAULT_FIAT,
      trayTotal: true,
      shortcut: '',
      openAtLogin: false,
      offerClipboard: true,
      hideBalances: false,
      lock: DEFAULT_LOCK,
      historyPerPage: 25,
    })
    expect(loaded.accounts).toEqual([account])
    expect(notices).toEqual([])
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
    // the next write stores the migrated settings, and they round-trip
    await s.update((f) => ({ ...f, settings: { ...f.settings, fiat: { enabled: false, currency: 'EUR' } } }))
    const again = await createSettingsStore({ dir }).load()
    expect(again.settings.fiat).toEqual({ enabled: false, currency: 'EUR' })
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')).settings.fiat).toEqual({
      enabled: false,
      currency: 'EUR',
    })
  })

  it('loads a file from before the tray, shortcut and login settings with their defaults', async () => {
    const old = {
      version: 1,
      settings: { pollIntervalSec: 20, notifications: true, theme: 'light', fiat: { enabled: false, currency: 'EUR' } },
      accounts: [account],
      activeId: 'acc_1',
    }
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(old))
    const notices: Notice[] = []
    const loaded = await createSettingsStore({ dir, onNotice: (n) => notices.push(n) }).load()
    expect(loaded.settings).toEqual({
      ...old.settings,
      trayTotal: DEFAULT_SETTINGS.trayTotal,
      shortcut: DEFAULT_SETTINGS.shortcut,
      openAtLogin: DEFAULT_SETTINGS.openAtLogin,
      offerClipboard: DEFAULT_SETTINGS.offerClipboard,
      hideBalances: false,
      lock: DEFAULT_LOCK,
      historyPerPage: 25,
    })
    expect(DEFAULT_SETTINGS).toMatchObject({ trayTotal: true, shortcut: '', openAtLogin: false, offerClipboard: true })
    expect(notices).toEqual([])
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
  })

  it('a shortcut this version cannot read falls back to none, keeping the other settings', async () => {
    const file = {
      version: 1,
      settings: {
        ...DEFAULT_SETTINGS,
        theme: 'dark',
        shortcut: 'Ctrl+Shift+\n+Evil',
        openAtLogin: true,
        trayTotal: false,
      },
      accounts: [],
      activeId: null,
    }
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(file))
    const loaded = await createSettingsStore({ dir }).load()
    expect(loaded.settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      shortcut: '',
      openAtLogin: true,
      trayTotal: false,
    })
  })

  it('falls back to the default currency for one it does not know, keeping prices off', async () => {
    const file = {
      version: 1,
      settings: { ...DEFAULT_SETTINGS, theme: 'light', fiat: { enabled: false, currency: 'XXX' } },
      accounts: [],
      activeId: null,
    }
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(file))
    const loaded = await createSettingsStore({ dir }).load()
    expect(loaded.settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', fiat: { enabled: false, currency: 'USD' } })
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
  })

  it('refuses to write an invalid state and keeps the old file', async () => {
    const s = createSettingsStore({ dir })
    await s.load()
    await s.update((f) => ({ ...f, settings: { ...f.settings, pollIntervalSec: 60 } }))
    await expect(s.update((f) => ({ ...f, settings: { ...f.settings, pollIntervalSec: 1 } }))).rejects.toThrow()
    expect((await createSettingsStore({ dir }).load()).settings.pollIntervalSec).toBe(60)
  })

  it('a write that fails before the rename leaves the old file whole and no temp file behind', async () => {
    const s = createSettingsStore({ dir })
    await s.load()
    await s.update((f) => ({ ...f, settings: { ...f.settings, theme: 'light' } }))
    const before = await readFile(join(dir, SETTINGS_FILE), 'utf8')
    const failingFs: SettingsFs = {
      ...fsp,
      rename: async () => {
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' })
      },
    }
    const broken = createSettingsStore({ dir, fs: failingFs })
    await broken.load()
    await expect(broken.update((f) => ({ ...f, settings: { ...f.settings, theme: 'dark' } }))).rejects.toThrow(
      'disk full',
    )
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(before)
    expect(await readdir(dir)).toEqual([SETTINGS_FILE])
    // The store keeps the last state that reached the disk.
    expect(broken.current().settings.theme).toBe('light')
  })

  it('accounts of kinds it does not know: counted all, their kinds named once each, at most LEFT_OUT_KINDS_MAX', async () => {
    const kinds = Array.from({ length: 12 }, (_, i) => `newer-kind-${i}-${'x'.repeat(40)}`)
    const foreign = [...kinds, kinds[0]].map((kind, i) => ({ ...account, id: `acc_f${i}`, kind }))
    const file = { ...defaultFile(), accounts: [account, ...foreign], activeId: 'acc_1' }
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(file))
    const s = createSettingsStore({ dir })
    expect((await s.load()).accounts).toEqual([account])
    const kept = s.keptAside()
    expect(kept.count).toBe(13)
    expect(kept.kinds).toEqual(kinds.slice(0, LEFT_OUT_KINDS_MAX).map((k) => k.slice(0, 32)))
    // what a backup's answer carries stays inside the contract however many the file holds
    const leftOut = operations['backup.export'].output.shape.leftOut
    expect(leftOut.safeParse(kept).success).toBe(true)
    expect(leftOut.safeParse({ ...kept, kinds: [...kept.kinds, 'one more'] }).success).toBe(false)
  })

  it('serialises concurrent updates: none is lost', async () => {
    const s = createSettingsStore({ dir })
    await s.load()
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.update((f) => ({ ...f, accounts: [...f.accounts, { ...account, id: `acc_${i}` }] })),
      ),
    )
    const loaded = await createSettingsStore({ dir }).load()
    expect(loaded.accounts.map((a) => a.id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `acc_${i}`).sort())
  })
})
