// Show and Hide on a secret's field (components/PassphraseField.tsx), pressed as a person does, in
// German at tray size: the text shows, hides again, and the field keeps its name and its value.
import { BACKUP_PASSPHRASE_MIN } from '@shared/backupRules'
import { PASSPHRASE_MIN } from '@shared/lockRules'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { catalog, chooseLanguage, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo', viewport: { width: 360, height: 600 } })
})
afterAll(() => o?.close())

test('Show reveals what was typed, Hide masks it again; the label alone names the field', async () => {
  const p = o.page
  // the page listens for the settings once it has drawn Home
  await waitVisible(p, o.sim.keys.wallets[0]!.label)
  await chooseLanguage(o, 'de')
  const m = catalog('de')
  await navTo(p, m('app.navSettings'))
  await waitVisible(p, m('settings.preferences'))
  const field = p.getByLabel(m('settingsSafety.backupPassphrase'), { exact: true })
  await field.fill('geheim und lang')
  expect(await field.getAttribute('type')).toBe('password')
  const toggle = p.locator('button[aria-controls="backup-pass"]')
  expect(await toggle.textContent()).toBe(m('passphraseField.show'))
  await toggle.click()
  expect(await field.getAttribute('type')).toBe('text')
  expect(await toggle.textContent()).toBe(m('passphraseField.hide'))
  expect(await field.inputValue()).toBe('geheim und lang')
  await toggle.click()
  expect(await field.getAttribute('type')).toBe('password')
  // the other fields stay hidden: each toggle is its own
  expect(await p.locator('#backup-pass-again').getAttribute('type')).toBe('password')
})

test("a passphrase problem goes once what is typed is fine: the backup's and the lock's, in German", async () => {
  const p = o.page
  const m = catalog('de')
  const tooShort = m('settingsSafety.chooseAPassphraseOfAt').replace(
    '{BACKUP_PASSPHRASE_MIN}',
    String(BACKUP_PASSPHRASE_MIN),
  )
  await p.locator('#backup-pass').fill('kurz')
  await p.locator('#backup-pass-again').fill('kurz')
  await p.getByRole('button', { name: m('settingsSafety.saveBackup') }).click()
  await waitVisible(p, tooShort)
  await p.locator('#backup-pass').fill('lang genug und geheim')
  // the length is fine now: only what is still wrong is said (the second field differs)
  await expect.poll(() => p.getByText(tooShort).count()).toBe(0)
  await waitVisible(p, m('settingsSafety.theTwoPassphrasesDifferType'))
  await p.locator('#backup-pass-again').fill('lang genug und geheim')
  await expect.poll(() => p.getByText(m('settingsSafety.theTwoPassphrasesDifferType')).count()).toBe(0)

  const useLonger = m('settingsLock.useAtLeastCharacters').replace('{PASSPHRASE_MIN}', String(PASSPHRASE_MIN))
  await p.getByLabel(m('settingsLock.newPassphrase'), { exact: true }).fill('kurz')
  await p.getByRole('button', { name: m('settingsLock.setLock') }).click()
  const lockProblem = p.getByRole('alert').filter({ hasText: useLonger })
  await lockProblem.first().waitFor()
  await p.getByLabel(m('settingsLock.newPassphrase'), { exact: true }).fill('lang genug und geheim')
  await p.getByLabel(m('settingsLock.theNewPassphraseAgain'), { exact: true }).fill('lang genug und geheim')
  await expect.poll(() => lockProblem.count()).toBe(0)
})
