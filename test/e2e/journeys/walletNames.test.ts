// Settings' wallet list (field report N22): a wallet renamed there shows its new name on Home; a
// hidden one leaves Home's rows (its money still in the total, and Home says one is hidden) and
// comes back with Show. The buttons of the wallet forms are as compact as every other button.
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

const cardOf = (label: string) => o.page.getByRole('listitem', { name: `Wallet ${label}`, exact: true })
const rowOf = (id: string) => o.page.getByTestId(`wallet-local-${id}`)
const totalMsat = () => o.sim.keys.wallets.reduce((sum, w) => sum + o.sim.control.balanceMsat(w.id), 0)

test('a wallet renamed in Settings shows its new name on Home; an empty name brings the service’s back', async () => {
  const w = o.sim.keys.wallets[0]!
  await cardOf(w.label).waitFor()
  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: `Rename ${w.label}`, exact: true }).click()
  const field = rowOf(w.id).getByLabel('Name in this app')
  // the service's name stays findable: the field's placeholder
  expect(await field.getAttribute('placeholder')).toBe(w.label)
  await field.fill('Everyday money')
  await rowOf(w.id).getByRole('button', { name: 'Save name', exact: true }).click()
  await waitVisible(o.page, `At the service: ${w.label}`)
  await navTo(o.page, 'Home')
  await cardOf('Everyday money').waitFor()
  expect(await cardOf(w.label).count()).toBe(0)

  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: 'Rename Everyday money', exact: true }).click()
  expect(await field.inputValue()).toBe('Everyday money')
  await field.fill('')
  await rowOf(w.id).getByRole('button', { name: 'Save name', exact: true }).click()
  await o.page.getByRole('button', { name: `Rename ${w.label}`, exact: true }).waitFor()
  await navTo(o.page, 'Home')
  await cardOf(w.label).waitFor()
})

test('a hidden wallet leaves Home’s rows but not the total, and comes back with Show', async () => {
  const w = o.sim.keys.wallets[1]!
  await cardOf(w.label).waitFor()
  await expect.poll(() => o.page.getByTestId('total').textContent()).toBe(formatMsat(totalMsat()))
  await navTo(o.page, 'Settings')
  await o.page.getByRole('button', { name: `Hide ${w.label}`, exact: true }).click()
  await o.page.getByRole('button', { name: `Show ${w.label}`, exact: true }).waitFor()
  // still in Settings' list, marked hidden
  expect(await o.page.getByTestId(`wallet-local-${w.id}`).textContent()).toContain('Hidden')
  await navTo(o.page, 'Home')
  await o.page.getByTestId('hidden-wallets').waitFor()
  expect(await o.page.getByTestId('hidden-wallets').textContent()).toBe('1 hidden wallet, counted in the total')
  expect(await cardOf(w.label).count()).toBe(0)
  expect(await cardOf(o.sim.keys.wallets[0]!.label).count()).toBe(1)
  expect(await o.page.getByTestId('total').textContent()).toBe(formatMsat(totalMsat()))

  // the small text leads to where it can be shown again
  await o.page.getByTestId('hidden-wallets').getByRole('button').click()
  await o.page.getByRole('button', { name: `Show ${w.label}`, exact: true }).click()
  await o.page.getByRole('button', { name: `Hide ${w.label}`, exact: true }).waitFor()
  await navTo(o.page, 'Home')
  await cardOf(w.label).waitFor()
  expect(await o.page.getByTestId('hidden-wallets').count()).toBe(0)
})

test('the last wallet on show cannot be hidden: the refusal says why', async () => {
  await navTo(o.page, 'Settings')
  const [last, ...others] = o.sim.keys.wallets
  for (const w of others) {
    await o.page.getByRole('button', { name: `Hide ${w.label}`, exact: true }).click()
    await o.page.getByRole('button', { name: `Show ${w.label}`, exact: true }).waitFor()
  }
  await o.page.getByRole('button', { name: `Hide ${last!.label}`, exact: true }).click()
  await waitVisible(o.page, /Keep at least one wallet on show/)
  expect(await o.page.getByRole('button', { name: `Hide ${last!.label}`, exact: true }).count()).toBe(1)
  for (const w of others) {
    await o.page.getByRole('button', { name: `Show ${w.label}`, exact: true }).click()
    await o.page.getByRole('button', { name: `Hide ${w.label}`, exact: true }).waitFor()
  }
})

test('at 1280 “Review move” and “Make wallet” are as compact as the other buttons', async () => {
  await o.page.setViewportSize({ width: 1280, height: 800 })
  try {
    await navTo(o.page, 'Settings')
    const width = async (name: string) => (await o.page.getByRole('button', { name, exact: true }).boundingBox())!.width
    const form = (await o.page.getByRole('form', { name: 'Move sats' }).boundingBox())!.width
    for (const name of ['Review move', 'Make wallet']) {
      expect(await width(name), name).toBeLessThan(240)
      expect(await width(name), name).toBeLessThan(form / 2)
    }
  } finally {
    await o.page.setViewportSize({ width: 420, height: 720 })
  }
})
