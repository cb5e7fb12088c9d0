// Keyboard only: reach a screen, fill a form and act on it without the mouse; every control has
// an accessible name.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return { tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '', id: el?.id ?? '' }
  })

async function tabTo(page: Page, match: (f: { tag: string; text: string; id: string }) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (match(await focused(page))) return
  }
  throw new Error('not reachable with Tab')
}

test('create an invoice with the keyboard alone', async () => {
  const p = o.page
  await waitVisible(p, o.sim.keys.wallets[0]!.label)
  await tabTo(p, (f) => f.tag === 'BUTTON' && f.text === 'Receive')
  await p.keyboard.press('Enter')
  await waitVisible(p, 'Create invoice')
  // the screen's heading takes focus, so a screen reader announces the new screen
  expect(await focused(p)).toMatchObject({ tag: 'H1', text: 'Receive' })
  await tabTo(p, (f) => f.id === 'amount')
  await p.keyboard.type('2100')
  await p.keyboard.press('Enter')
  await waitVisible(p, 'Waiting for payment')
})

test('Send with the keyboard: focus lands on the confirmation, then on the outcome', async () => {
  const p = o.page
  await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Send', exact: true }).click()
  await p.getByLabel('Lightning address').fill('alice@sim.example')
  await p.getByLabel('Lightning address').press('Enter')
  await p.getByLabel('Amount (sats)').waitFor({ timeout: 15_000 })
  await p.getByLabel('Amount (sats)').fill('21')
  await p.getByLabel('Amount (sats)').press('Enter')
  await expect.poll(() => focused(p), { timeout: 15_000 }).toMatchObject({ tag: 'H2', text: 'Confirm payment' })
  await tabTo(p, (f) => f.tag === 'BUTTON' && f.text === 'Send now')
  await p.keyboard.press('Enter')
  await expect.poll(() => focused(p), { timeout: 15_000 }).toMatchObject({ tag: 'P', text: 'Sent' })
  await p.getByRole('button', { name: 'Done' }).click()
})

/** Each main screen by its button in the navigation, and the heading it shows. */
const SCREENS: Array<[string, string]> = [
  ['Home', 'Home'],
  ['Transactions', 'Transactions'],
  ['Receive', 'Receive'],
  ['Send', 'Send'],
  ['Withdraw', 'Withdraw link'],
  ['Scan', 'Scan'],
  ['Settings', 'Settings'],
]

/** Waits until two reads in a row find as many controls: some come later, with data from main. */
async function controlsSettled(page: Page) {
  let last = -1
  await expect
    .poll(
      async () => {
        const n = await page.locator('button, input, select, textarea').count()
        const same = n === last
        last = n
        return same
      },
      { interval: 100 },
    )
    .toBe(true)
}

test('every button, input and select on the main screens has an accessible name', async () => {
  const p = o.page
  for (const [screen, title] of SCREENS) {
    await p.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click()
    await p.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
    await controlsSettled(p)
    const unnamed = await p.evaluate(() =>
      Array.from(document.querySelectorAll('button, input, select, textarea'))
        .filter((el) => {
          const e = el as HTMLInputElement
          const named =
            e.labels?.length ||
            e.getAttribute('aria-label') ||
            e.getAttribute('aria-labelledby') ||
            (el.tagName === 'BUTTON' && el.textContent?.trim())
          return !named
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    )
    expect(unnamed, screen).toEqual([])
  }
})
