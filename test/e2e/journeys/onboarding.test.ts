// Journey 1: connect an account; wrong key, unreachable service and plain http each explained.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { alertText, service, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo', connect: false })
})
afterAll(() => o?.close())

async function fill(baseUrl: string, apiKey: string) {
  await o.page.getByLabel('Service address').fill(baseUrl)
  await o.page.getByLabel('API key').fill(apiKey)
}

test('at 360×600 the service address and key fields are on the first screen; the words are folded', async () => {
  await o.page.setViewportSize({ width: 360, height: 600 })
  try {
    await o.page.reload()
    await waitVisible(o.page, 'Connect your wallet service')
    // the first screen says whose it is and welcomes, clear of the window's top edge
    const welcome = o.page.locator('header.welcome')
    expect(await welcome.textContent()).toMatch(/^Lightning TrayWelcome\. /)
    for (const part of [welcome.locator('.welcome-name'), o.page.locator('h1').first()])
      expect((await part.boundingBox())!.y, 'top edge').toBeGreaterThanOrEqual(16)
    for (const label of ['Service address', 'API key']) {
      const box = (await o.page.getByLabel(label).boundingBox())!
      expect(box.y, label).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height, label).toBeLessThanOrEqual(600)
    }
    // the explanation is a click away, not lost
    const intro = o.page.getByText(/Lightning Tray shows and moves the money/)
    expect(await intro.isVisible()).toBe(false)
    await o.page.getByText('What is this?', { exact: true }).click()
    expect(await intro.isVisible()).toBe(true)
    expect(await o.page.getByText(/Where the key comes from/).isVisible()).toBe(true)
  } finally {
    await o.page.setViewportSize({ width: 420, height: 720 })
  }
})

test('with no account the app opens on onboarding, with the key field masked', async () => {
  await waitVisible(o.page, 'Connect your wallet service')
  expect(await o.page.getByLabel('API key').getAttribute('type')).toBe('password')
  // the auth method sits under "Advanced"
  expect(await o.page.getByLabel('How the key is sent').isVisible()).toBe(false)
  await o.page.getByText('Advanced').click()
  expect(await o.page.getByLabel('How the key is sent').isVisible()).toBe(true)
})

test('a plain-http address that is not this computer is refused before anything is sent', async () => {
  o.sim.control.resetRequests()
  await fill('http://wallet.example.com', o.sim.keys.secret)
  await o.page.getByRole('button', { name: 'Test connection' }).click()
  expect(await alertText(o.page)).toMatch(/Plain http:\/\/ would send your key unencrypted/)
  expect(o.sim.control.requests()).toEqual([])
})

test('a wrong key is named as such', async () => {
  await fill(o.sim.url, 'sak_thisIsNotTheKey1234')
  await o.page.getByRole('button', { name: 'Test connection' }).click()
  await waitVisible(o.page, /key/i)
  const text = await alertText(o.page)
  expect(text).toMatch(/key/i)
  expect(text).not.toContain('sak_thisIsNotTheKey1234')
  expect(await o.page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
})

test('an unreachable service is named as such', async () => {
  await fill('http://127.0.0.1:9', o.sim.keys.secret)
  await o.page.getByRole('button', { name: 'Test connection' }).click()
  await expect.poll(() => alertText(o.page), { timeout: 30_000 }).toMatch(/reach|connect|not answer/i)
})

test('test connection lists the wallets found; saving connects and shows the balances', async () => {
  const wallets = (await service(o, 'GET', '/v1/wallets')).data as Array<{ user_label: string }>
  await fill(o.sim.url, o.sim.keys.secret)
  await o.page.getByRole('button', { name: 'Test connection' }).click()
  await waitVisible(o.page, `${wallets.length} wallets found`)
  for (const w of wallets) await waitVisible(o.page, w.user_label)
  // an edit makes the result about other input: it goes, and a new test brings it back
  await o.page.getByLabel('API key').fill('sak_anotherKeyEntirely')
  await expect.poll(() => o.page.getByText(`${wallets.length} wallets found`).count()).toBe(0)
  await o.page.getByLabel('API key').fill(o.sim.keys.secret)
  await o.page.getByRole('button', { name: 'Test connection' }).click()
  await waitVisible(o.page, `${wallets.length} wallets found`)
  await o.page.getByLabel('Service address').fill(`${o.sim.url}/`)
  await expect.poll(() => o.page.getByText(`${wallets.length} wallets found`).count()).toBe(0)
  await o.page.getByRole('button', { name: 'Save and connect' }).click()
  await waitVisible(o.page, 'Wallets')
  await waitVisible(o.page, /^Total/)
  const list = await o.app.router.handle('accounts.list', {}, { trusted: true, url: 'preview://test' })
  expect(list.ok && (list.value as { activeId: string | null }).activeId).toBeTruthy()
  expect(o.pageErrors).toEqual([])
})
