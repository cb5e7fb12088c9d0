// Renaming an account in Settings: an empty name is refused with a reason, a new name is saved by
// main (and survives a reload) and shows in Settings and on Home's account line, as text.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { alertText, mainCall, navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
})
afterAll(() => o?.close())

async function activeAccount() {
  const r = await mainCall(o, 'accounts.list', {})
  if (!r.ok) throw new Error(r.error.message)
  const v = r.value as { accounts: Array<{ id: string; label: string; keyHint: string }>; activeId: string }
  return v.accounts.find((a) => a.id === v.activeId)!
}

const NEW_NAME = 'Café <b>tills</b>'

test('an empty name is refused with a reason and nothing is saved', async () => {
  const before = await activeAccount()
  await navTo(o.page, 'Settings')
  const row = o.page.getByRole('listitem').filter({ hasText: before.keyHint })
  await row.getByLabel('Account name').fill('   ')
  await row.getByRole('button', { name: 'Save name' }).click()
  expect(await alertText(o.page)).toContain('Enter a name for this account.')
  expect((await activeAccount()).label).toBe(before.label)
})

test('a new name is saved, shows in Settings and on Home, and is still there after a reload', async () => {
  const before = await activeAccount()
  const row = o.page.getByRole('listitem').filter({ hasText: before.keyHint })
  await row.getByLabel('Account name').fill(`  ${NEW_NAME} `)
  await row.getByRole('button', { name: 'Save name' }).click()
  await expect.poll(async () => (await activeAccount()).label).toBe(NEW_NAME)
  await expect.poll(() => row.getByRole('status').first().textContent()).toBe('Saved.')
  expect(await row.locator('strong').first().textContent()).toBe(NEW_NAME)
  expect(await o.page.getByRole('alert').count()).toBe(0)

  await navTo(o.page, 'Home')
  await waitVisible(o.page, `${NEW_NAME} · ${before.keyHint}`)

  await o.page.reload()
  await waitVisible(o.page, `${NEW_NAME} · ${before.keyHint}`)
  await navTo(o.page, 'Settings')
  expect(await o.page.getByLabel('Account name').inputValue()).toBe(NEW_NAME)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
