// Show and Hide on a secret's field (components/PassphraseField.tsx), pressed as a person does, in
// German at tray size: the text shows, hides again, and the field keeps its name and its value.
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
