// A new wallet made in Settings (issue 41, walkthrough): its five access keys, shown this once,
// each come with a Copy button that puts that very key on the clipboard, and the name field is
// empty again once the wallet is made, so a second press does not make its twin.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo', viewport: { width: 360, height: 600 } })
})
afterAll(() => o?.close())

test('each shown key has a Copy button that copies it, and the name field is cleared', async () => {
  await navTo(o.page, 'Settings')
  const form = o.page.getByRole('form', { name: 'New wallet' })
  const name = form.getByLabel('Wallet name')
  await name.fill('Gifts')
  await form.getByLabel(/Show its access keys/).check()
  await form.getByRole('button', { name: 'Make wallet' }).click()
  await waitVisible(o.page, 'Made the wallet Gifts.')
  expect(await name.inputValue()).toBe('')
  expect(await form.getByRole('button', { name: 'Make wallet' }).isDisabled()).toBe(true)

  const made = [...o.sim.control.ledger.wallets.values()].find((w) => w.label === 'Gifts')
  expect(made).toBeDefined()
  const roles = {
    'Wallet Admin': made!.keys.admin,
    'Wallet Invoice': made!.keys.invoice,
    'Wallet Read': made!.keys.read,
    'Wallet LNURL Withdraw': made!.keys.lnurlw,
    'Wallet LNURL Pay': made!.keys.lnurlp,
  }
  const copies = form.getByRole('button', { name: /^Copy the .* key$/ })
  expect(await copies.count()).toBe(5)
  await o.page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  for (const [role, key] of Object.entries(roles)) {
    await form.getByRole('button', { name: `Copy the ${role} key`, exact: true }).click()
    await expect.poll(() => o.page.evaluate(() => navigator.clipboard.readText())).toBe(key)
  }
  // the keys leave the page with Hide keys, their buttons with them
  await form.getByRole('button', { name: 'Hide keys' }).click()
  expect(await copies.count()).toBe(0)
})
