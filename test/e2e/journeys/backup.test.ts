/// <reference lib="dom" />
// Safe at the desk in Settings, in a 360×600 tray popover (docs/security.md): a daily limit is set
// and shown with what is left; a backup is saved with a passphrase chosen twice and the keys
// ticked; a second app with no account restores it from its first screen (a wrong passphrase first,
// refused in plain words) and shows the same accounts; the backup nudge on Home goes with "Not now".
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { alertText, mainCall, navTo, waitVisible } from './support'

const SIZE = { width: 360, height: 600 }
const COST = { logN: 14, r: 8, p: 1 }
const PASS = 'a passphrase for the e2e backup'
let o: OpenedApp
let fresh: OpenedApp | null = null
let saveDir: string

beforeAll(async () => {
  saveDir = await mkdtemp(join(tmpdir(), 'lt-e2e-backup-'))
  o = await openApp({ seed: 'demo', viewport: SIZE, secretStore: 'keychain', saveDir, backupCost: COST })
})
afterAll(async () => {
  await fresh?.close()
  await o?.close()
  await rm(saveDir, { recursive: true, force: true })
})

async function value<T>(app: OpenedApp, name: string, input: unknown = {}): Promise<T> {
  const r = await mainCall(app, name, input)
  if (!r.ok) throw new Error(r.error.message)
  return r.value as T
}

/** nothing reaches past the right edge of the narrow window */
const overflow = (app: OpenedApp) =>
  app.page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => el.tagName),
  )

test('the backup nudge shows on Home once there are accounts, and "Not now" puts it off', async () => {
  await waitVisible(o.page, 'Time for a backup')
  await o.page.getByRole('button', { name: 'Not now' }).click()
  await expect.poll(() => o.page.getByText('Time for a backup').count()).toBe(0)
  await expect.poll(async () => (await value<{ due: boolean }>(o, 'backup.status')).due).toBe(false)
})

test('a daily limit is set in Settings and shown with what is left today', async () => {
  await navTo(o.page, 'Settings')
  await o.page.getByLabel('Daily limit (sats, fees included, any 24 hours)').fill('12x')
  await o.page.getByRole('button', { name: 'Save limits' }).click()
  expect(await alertText(o.page)).toContain('whole sats')
  await o.page.getByLabel('Daily limit (sats, fees included, any 24 hours)').fill('5,000')
  await o.page.getByRole('button', { name: 'Save limits' }).click()
  await waitVisible(o.page, 'Limits saved.')
  expect(await o.page.getByTestId('limit-left').textContent()).toContain('Left today: 5,000 sats')
  expect(await value(o, 'spending.get')).toMatchObject({ dailyLimitSat: 5000, confirmAboveSat: null })
  // without an app passphrase the confirm limit cannot be set
  expect(await o.page.getByLabel('Ask for the passphrase above (sats)').isDisabled()).toBe(true)
  expect(await overflow(o)).toEqual([])
})

test('a backup is saved with a passphrase typed twice and the keys ticked', async () => {
  await o.page.getByLabel('Backup passphrase').fill(PASS)
  await o.page.getByLabel('The same passphrase again').fill(`${PASS}!`)
  await o.page.getByRole('button', { name: 'Save backup…' }).click()
  expect(await alertText(o.page)).toContain('The two passphrases differ')
  await o.page.getByLabel('The same passphrase again').fill(PASS)
  await o.page.getByLabel(/Include the API keys/).check()
  await o.page.getByRole('button', { name: 'Save backup…' }).click()
  await waitVisible(o.page, /Backup saved as lightning-tray-.*\.ltbackup \(1 account, API keys included\)/)
  expect(o.booted.savedFiles).toHaveLength(1)
  expect(await overflow(o)).toEqual([])
})

test('a fresh app restores it from its first screen: a wrong passphrase first, then all comes back', async () => {
  fresh = await openApp({ seed: 'empty', connect: false, viewport: SIZE, secretStore: 'keychain', saveDir })
  const page = fresh.page
  await page.getByText('Restore a backup').click()
  await page.getByLabel('Passphrase of the backup').fill('not this one')
  await page.getByRole('button', { name: 'Choose a backup and restore…' }).click()
  expect(await alertText(page)).toContain(
    'The passphrase is wrong, or the file was changed or damaged. Nothing was changed.',
  )
  expect((await value<{ accounts: unknown[] }>(fresh, 'accounts.list')).accounts).toHaveLength(0)
  await page.getByLabel('Passphrase of the backup').fill(PASS)
  await page.getByRole('button', { name: 'Choose a backup and restore…' }).click()
  // the key came back too, so Home shows the restored account's wallets from its service
  await waitVisible(page, o.sim.keys.wallets[0]!.label)
  type Listed = { accounts: Array<{ clockOffsetSec: number | null }> }
  const before = await value<Listed>(o, 'accounts.list')
  const after = await value<Listed>(fresh, 'accounts.list')
  // Everything restored is the same. The service clock's offset is no part of a backup: each app
  // measures it from its own answers' Date headers, to a second at best and worse while answers
  // are slow (under load the two apps read 1 and 0), so each has measured one, and no more is asked.
  const restored = (l: Listed) => l.accounts.map(({ clockOffsetSec: _, ...rest }) => rest)
  expect(restored(after)).toEqual(restored(before))
  for (const a of [...before.accounts, ...after.accounts]) expect(a.clockOffsetSec).toEqual(expect.any(Number))
  expect(await value(fresh, 'spending.get')).toMatchObject({ dailyLimitSat: 5000 })
  expect(await overflow(fresh)).toEqual([])
  expect(fresh.pageErrors).toEqual([])
})
