// A restore never loosens privacy or the lock (issue 41, finding 2): of Hide balances, the tray's
// total, notifications, the clipboard offer, prices then, the idle lock, amounts in notifications
// while locked, connected apps while locked and Touch ID, the stricter of this profile's and the
// backup's stays, and the restore's answer names each setting this profile kept. Both ways: the
// profile stricter than the backup, and the backup stricter than the profile.
import { rm } from 'node:fs/promises'
import { DEFAULT_SETTINGS, KeptSetting, type Settings } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepStricter } from '../../../electron/main/services/backup/stricter'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { keychainName, newDir, openProfile, type Profile } from './backupHarness'

const PASS = 'a passphrase for the stricter backup'
const service = keychainName('stricter')
let sim: SimulatorHandle
const dirs: string[] = []
const open: Profile[] = []
const ids: string[] = []

const loose: Partial<Settings> = {
  hideBalances: false,
  trayTotal: true,
  notifications: true,
  offerClipboard: true,
  pricesThen: true,
  lock: { ...DEFAULT_SETTINGS.lock, idleMinutes: 0, notifyAmounts: true, connectedApps: true, osCheck: true },
}
const strict: Partial<Settings> = {
  hideBalances: true,
  trayTotal: false,
  notifications: false,
  offerClipboard: false,
  pricesThen: false,
  lock: { ...DEFAULT_SETTINGS.lock, idleMinutes: 1, notifyAmounts: false, connectedApps: false, osCheck: false },
}
/** every setting a restore keeps stricter, in the contract's order */
const ALL = KeptSetting.options

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(async () => {
  for (const p of open) await p.app.dispose()
  for (const id of ids) await open[0]?.keychain.delete(apiKeyName(id))
  await sim.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function profile(tag: string) {
  const dir = await newDir(tag)
  dirs.push(dir)
  const p = await openProfile({ dir, keychainService: service })
  open.push(p)
  return p
}

/** a backup of a profile with one account and these settings (and a theme of its own) */
async function backupWith(settings: Partial<Settings>): Promise<Uint8Array> {
  const a = await profile('stricter-from')
  ids.push(
    (await a.ok<{ id: string }>('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret })).id,
  )
  await a.ok('settings.update', { ...settings, theme: 'dark', pollIntervalSec: 42 })
  await a.ok('backup.export', { passphrase: PASS, includeKeys: true })
  return a.saved[0]!
}

/** a fresh profile with these settings restores `file`: its answer and its settings after */
async function restoreInto(settings: Partial<Settings>, file: Uint8Array) {
  const b = await profile('stricter-into')
  await b.ok('settings.update', settings)
  b.toOpen = file
  const answer = await b.ok<{ status: string; keptStricter: string[] }>('backup.restore', { passphrase: PASS })
  return { answer, settings: await b.ok<Settings>('settings.get') }
}

describe('restoring keeps the stricter privacy and lock settings', () => {
  it('a profile stricter than the backup keeps its own, and the answer names each one', async () => {
    const { answer, settings } = await restoreInto(strict, await backupWith(loose))
    expect(answer).toMatchObject({ status: 'restored', keptStricter: ALL })
    expect(settings).toMatchObject(strict)
    // the rest comes from the backup as before
    expect(settings).toMatchObject({ theme: 'dark', pollIntervalSec: 42 })
  })

  it('a backup stricter than the profile brings its own, and nothing is named kept', async () => {
    const { answer, settings } = await restoreInto(loose, await backupWith(strict))
    expect(answer).toMatchObject({ status: 'restored', keptStricter: [] })
    expect(settings).toMatchObject({ ...strict, theme: 'dark', pollIntervalSec: 42 })
  })
})

describe('which value is the stricter', () => {
  const base = { ...DEFAULT_SETTINGS }
  const idle = (idleMinutes: number): Settings => ({ ...base, lock: { ...base.lock, idleMinutes } })

  it('idle lock: the shorter wait, with never the loosest of all', () => {
    expect(keepStricter(idle(1), idle(10))).toEqual({ settings: idle(1), kept: ['lock.idleMinutes'] })
    expect(keepStricter(idle(10), idle(1))).toEqual({ settings: idle(1), kept: [] })
    expect(keepStricter(idle(60), idle(0))).toEqual({ settings: idle(60), kept: ['lock.idleMinutes'] })
    expect(keepStricter(idle(0), idle(60))).toEqual({ settings: idle(60), kept: [] })
    expect(keepStricter(idle(5), idle(5))).toEqual({ settings: idle(5), kept: [] })
  })

  it('prices then: absent is off, so an absent one is kept over the backup’s on', () => {
    const { pricesThen: _, ...without } = base
    expect(keepStricter(without, { ...base, pricesThen: true })).toEqual({
      settings: { ...base, pricesThen: undefined },
      kept: ['pricesThen'],
    })
    expect(keepStricter({ ...base, pricesThen: true }, without).kept).toEqual([])
  })
})
