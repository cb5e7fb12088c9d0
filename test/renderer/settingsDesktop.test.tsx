// Settings shows the desktop settings from the stored values: the tray total, start at login and
// the shortcut. The pin is not drawn before main has said there is a popover.
import { DEFAULT_SETTINGS } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { DesktopPrefs } from '../../renderer/src/screens/SettingsDesktop'
import { installFakeWallet } from './fakeWallet'

beforeEach(() => {
  installFakeWallet()
})

const checkedOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*checked`).test(html)

test('the fields show the stored settings', () => {
  const on = renderToString(
    <DesktopPrefs settings={{ ...DEFAULT_SETTINGS, trayTotal: true, openAtLogin: true, shortcut: 'Alt+Space' }} />,
  )
  expect(checkedOf(on, 'tray-total')).toBe(true)
  expect(checkedOf(on, 'open-at-login')).toBe(true)
  expect(on).toMatch(/id="shortcut"[^>]*value="Alt\+Space"/)
  expect(on).toContain('Open the app when I log in')
  expect(on).not.toContain('id="pin"')
  const off = renderToString(<DesktopPrefs settings={{ ...DEFAULT_SETTINGS, trayTotal: false }} />)
  expect(checkedOf(off, 'tray-total')).toBe(false)
  expect(checkedOf(off, 'open-at-login')).toBe(false)
  expect(off).toMatch(/id="shortcut"[^>]*value=""/)
})

test('the clipboard offer is on by default and shows off when turned off', () => {
  const on = renderToString(<DesktopPrefs settings={DEFAULT_SETTINGS} />)
  expect(checkedOf(on, 'offer-clipboard')).toBe(true)
  expect(on).toContain('Offer to pay what is on the clipboard when the window opens')
  const off = renderToString(<DesktopPrefs settings={{ ...DEFAULT_SETTINGS, offerClipboard: false }} />)
  expect(checkedOf(off, 'offer-clipboard')).toBe(false)
})
