// Journey 3: paged transactions (page count from the service's headers), the detail view with
// the lnTx fields and copy buttons, and the CSV export of the loaded rows.
import { readFile } from 'node:fs/promises'
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { navTo, service, waitVisible } from './support'

let o: OpenedApp
const formula = '=HYPERLINK("http://evil.example","x")'
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  const w = o.sim.keys.wallets[0]!
  for (let i = 0; i < 12; i++) await o.sim.control.payInbound(w.id, 100 + i, `filler ${i}`)
  await o.sim.control.payInbound(w.id, 77, formula)
})
afterAll(() => o?.close())

type Item = {
  id: string
  num_satoshis: number
  user_label?: string | null
  lnTx?: { id: string; memo?: string } | null
}
async function servicePage(walletId: string, page: number, perPage: number) {
  const r = await service(o, 'GET', `/v1/wallet/${walletId}/transactions?page=${page}&per-page=${perPage}`)
  expect(r.status).toBe(200)
  return {
    items: r.data as Item[],
    pageCount: Number(r.headers.get('x-pagination-page-count')),
    total: Number(r.headers.get('x-pagination-total-count')),
  }
}
const rows = () => o.page.locator('table.tx tbody tr')

test('pages follow the service: per-page selector, page count from its headers, next and previous', async () => {
  const w = o.sim.keys.wallets[0]!
  await navTo(o.page, 'Transactions')
  await o.page.locator('#tx-wallet').selectOption(w.id)
  await o.page.getByLabel('Per page').selectOption('10')
  const p1 = await servicePage(w.id, 1, 10)
  expect(p1.pageCount).toBeGreaterThan(1)
  await waitVisible(o.page, `Page 1 of ${p1.pageCount} · ${p1.total} transactions`)
  await expect.poll(() => rows().count()).toBe(p1.items.length)
  // newest first: the formula memo, shown as plain text, with its signed amount
  const first = rows().first()
  expect(await first.textContent()).toContain(formula)
  expect(await first.textContent()).toContain(formatMsat(77_000, { signed: true }))

  await o.page.getByRole('button', { name: 'Next' }).click()
  const p2 = await servicePage(w.id, 2, 10)
  await waitVisible(o.page, `Page 2 of ${p2.pageCount}`)
  await expect.poll(() => rows().count()).toBe(p2.items.length)
  const firstOfP2 = p2.items[0]!
  await expect
    .poll(() => rows().first().textContent())
    .toContain(formatMsat(firstOfP2.num_satoshis * 1000, { signed: true }))
  await o.page.getByRole('button', { name: 'Previous' }).click()
  await waitVisible(o.page, `Page 1 of ${p1.pageCount}`)
})

test('CSV export holds the loaded rows, with formula cells defused', async () => {
  const [download] = await Promise.all([
    o.page.waitForEvent('download'),
    o.page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe('date,type,amount_msat,fee_msat,memo,label,id,lntx_id')
  expect(lines).toHaveLength(1 + (await rows().count()))
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
  expect(csv).not.toMatch(/,=HYPERLINK/)
})

test('the detail view loads the lnTx: hash, preimage, fee and request as the service has them, each copyable', async () => {
  const w = o.sim.keys.wallets[0]!
  const p1 = await servicePage(w.id, 1, 10)
  const lnTxId = p1.items[0]!.lnTx!.id
  const ln = (await service(o, 'GET', `/v1/lntx/${lnTxId}`)).data as {
    r_hash_decoded: string
    payment_preimage: string
    payment_request: string
  }
  await rows().first().getByRole('button', { name: 'Details' }).click()
  expect(ln.r_hash_decoded).toMatch(/^[0-9a-f]{64}$/)
  await waitVisible(o.page, ln.r_hash_decoded)
  await waitVisible(o.page, ln.payment_request)
  await waitVisible(o.page, ln.payment_preimage)
  await waitVisible(o.page, /^Fee$/)
  for (const what of ['payment hash', 'payment request']) {
    expect(await o.page.getByRole('button', { name: `Copy ${what}` }).isVisible()).toBe(true)
  }
  await o.page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await o.page.getByRole('button', { name: 'Copy payment hash' }).click()
  await waitVisible(o.page, 'Copied')
  expect(await o.page.evaluate(() => navigator.clipboard.readText())).toBe(ln.r_hash_decoded)
  // the confirmation goes away by itself (after about 2 s), the button stays
  await expect.poll(() => o.page.getByText('Copied', { exact: true }).count(), { timeout: 10_000 }).toBe(0)
  expect(await o.page.getByRole('button', { name: 'Copy payment hash' }).isVisible()).toBe(true)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
