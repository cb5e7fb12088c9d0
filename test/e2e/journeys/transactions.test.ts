// Journey 3: the history from the ledger. Pages (the next one by keyset cursor) whose counts
// follow the service's rows with fees folded in, the page remembered when coming back, search
// and filters, a label added in the detail and found by search, the detail's lnTx fields with
// copy buttons, and the CSV of the whole history matching the service's balances.
// Deposits, a payment out and a move between wallets are made at the simulator as anyone else
// would make them; the app's own sync loop fills the ledger.
import { readFile } from 'node:fs/promises'
import { formatMsat } from '@shared/units'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { WalletTransaction } from '../../../electron/main/services/backends/service/schemas'
import { parseCsv, sumColumn } from '../../electron/services/ledger/parseCsv'
import { fetchHistory } from '../../electron/services/ledger/seedHistory'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { mainCall, navTo, service, waitVisible } from './support'

let o: OpenedApp
let walletIds: string[] = []
const formula = '=HYPERLINK("http://evil.example","x")'
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  const w = o.sim.keys.wallets[0]!
  const other = o.sim.keys.wallets[1]!
  for (let i = 0; i < 12; i++) await o.sim.control.payInbound(w.id, 100 + i, `filler ${i}`)
  await o.sim.control.payInbound(w.id, 55, `longmemo${'x'.repeat(600)}`)
  const paid = await service(o, 'POST', `/v1/wallet/${w.keys.admin}/withdraw`, {
    payment_request: o.sim.control.outsideInvoice(321, 'Coffee beans'),
  })
  expect(paid.status).toBe(201)
  const moved = await service(o, 'POST', `/v1/wallet/${w.keys.admin}/transfer`, {
    dest_wallet_id: other.id,
    num_satoshis: 1_500,
    memo: 'Rainy day',
  })
  expect(moved.status).toBe(201)
  await o.sim.control.payInbound(w.id, 4321, 'Bicycle repair')
  await o.sim.control.payInbound(w.id, 77, formula)
  walletIds = o.sim.keys.wallets.map((x) => x.id)
  // the sync loop's next tick, now (as on waking): every row of every wallet into the ledger
  await syncNow(o.app)
  const total = (await Promise.all(walletIds.map(historyOf))).reduce((n, h) => n + h.length, 0)
  const r = await mainCall(o, 'history.page', { limit: 1 })
  expect(r.ok && (r.value as { total: number }).total).toBe(total)
}, 60_000)
afterAll(() => o?.close())

const rows = () => o.page.locator('li.history-row')
/** the service's rows of a wallet as the history shows them: fee rows folded into their payment */
async function historyOf(walletId: string): Promise<WalletTransaction[]> {
  const all = await fetchHistory(o.sim.url, o.sim.keys.secret, walletId)
  return all.filter((t) => !(t.wtxType.name === 'network_fee' && t.lnTx))
}

test('pages of ten: count from the ledger, next and previous, the page kept when coming back', async () => {
  const w = o.sim.keys.wallets[0]!
  const service = await historyOf(w.id)
  const pageCount = Math.ceil(service.length / 10)
  expect(pageCount).toBeGreaterThan(1)
  await navTo(o.page, 'Transactions')
  // at this width (420 px) the filters besides search start folded, and say none is on
  const more = o.page.locator('details.history-more')
  expect(await more.getAttribute('open')).toBeNull()
  expect(await more.locator('summary').textContent()).toBe('Filters')
  expect(await o.page.locator('#tx-wallet').isVisible()).toBe(false)
  await more.locator('summary').click()
  await o.page.locator('#tx-wallet').selectOption(w.id)
  await o.page.getByLabel('Per page').selectOption('10')
  await waitVisible(o.page, `Page 1 of ${pageCount} · ${service.length} transactions`)
  await expect.poll(() => rows().count()).toBe(10)
  // newest first: the formula memo, shown as plain text, with its signed amount, in plain words
  const first = rows().first()
  expect(await first.textContent()).toContain(formula)
  expect(await first.textContent()).toContain(formatMsat(77_000, { signed: true }))
  expect(await first.textContent()).toContain('Received')

  // Next is pressed at the bottom of the page: the new page is shown from its top
  await o.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await o.page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await o.page.getByRole('button', { name: 'Next' }).click()
  await waitVisible(o.page, `Page 2 of ${pageCount}`)
  await expect.poll(() => o.page.evaluate(() => window.scrollY)).toBe(0)
  const eleventh = service[10]!
  await expect
    .poll(() => rows().first().textContent())
    .toContain(formatMsat(eleventh.num_satoshis * 1000, { signed: true }))
  // away and back: still page 2, the filters still unfolded, and the one that is on counted
  await navTo(o.page, 'Home')
  await navTo(o.page, 'Transactions')
  await waitVisible(o.page, `Page 2 of ${pageCount}`)
  expect(await more.getAttribute('open')).not.toBeNull()
  expect(await more.locator('summary').textContent()).toBe('Filters · 1 on')
  await o.page.getByRole('button', { name: 'Previous' }).click()
  await waitVisible(o.page, `Page 1 of ${pageCount}`)

  // Page 2 was read ahead and kept. A payment arriving now moves every row down one: Next must
  // show page 2 as it is after the payment (the old tenth row first), not the copy kept before it.
  await o.sim.control.payInbound(w.id, 2_222, 'arrived while paging')
  await syncNow(o.app)
  await expect.poll(() => rows().first().textContent()).toContain('arrived while paging')
  const after = await historyOf(w.id)
  expect(after[10]?.id).toBe(service[9]?.id)
  await o.page.getByRole('button', { name: 'Next' }).click()
  await waitVisible(o.page, `Page 2 of ${Math.ceil(after.length / 10)} · ${after.length} transactions`)
  await expect
    .poll(() => rows().first().textContent())
    .toContain(formatMsat(after[10]!.num_satoshis * 1000, { signed: true }))
  const page2 = await rows().allTextContents()
  expect(page2).toHaveLength(10)
  expect(page2.some((t) => t.includes('arrived while paging'))).toBe(false)
  await o.page.getByRole('button', { name: 'Previous' }).click()
  await waitVisible(o.page, `Page 1 of ${Math.ceil(after.length / 10)}`)
})

test('search and filters: words, direction, type; a label added in the detail is found', async () => {
  const w = o.sim.keys.wallets[0]!
  await navTo(o.page, 'Transactions')
  await o.page.locator('#tx-wallet').selectOption(w.id)
  await o.page.getByLabel('Search').fill('bicycle')
  await waitVisible(o.page, /^Page 1 of 1 · 1 transaction$/)
  expect(await rows().first().textContent()).toContain('Bicycle repair')
  await o.page.getByLabel('Search').fill('4,321')
  await waitVisible(o.page, /^Page 1 of 1 · 1 transaction$/)
  expect(await rows().first().textContent()).toContain('Bicycle repair')

  await o.page.getByLabel('Search').fill('')
  await o.page.getByLabel('Direction').selectOption('sent')
  const sent = (await historyOf(w.id)).filter((t) => t.num_satoshis < 0 || (t.num_msat ?? 0) < 0)
  await waitVisible(o.page, `· ${sent.length} transactions`)
  const texts = await rows().allTextContents()
  expect(texts.length).toBeGreaterThan(0)
  for (const t of texts) expect(t).toMatch(/−/)
  await o.page.getByLabel('Direction').selectOption('all')
  // fees that name no payment are rows of their own; the others are folded into their payment
  const ownFees = (await fetchHistory(o.sim.url, o.sim.keys.secret, w.id)).filter(
    (t) => t.wtxType.name === 'service_fee' || (t.wtxType.name === 'network_fee' && !t.lnTx),
  )
  await o.page.getByLabel('Type').selectOption('fee')
  await waitVisible(o.page, ownFees.length ? `· ${ownFees.length} transactions` : 'No transactions match.')
  for (const t of await rows().allTextContents()) expect(t).toMatch(/^(Network|Service) fee/)
  await o.page.getByLabel('Type').selectOption('')

  await o.page.getByLabel('Search').fill('bicycle')
  await waitVisible(o.page, /^Page 1 of 1 · 1 transaction$/)
  await rows()
    .first()
    .getByRole('button', { name: /^Details of/ })
    .click()
  await o.page.getByLabel('Your label').fill('Garage rent')
  await o.page.getByRole('button', { name: 'Save label' }).click()
  await waitVisible(o.page, 'Label saved.')
  await o.page.getByRole('button', { name: '← Back to transactions' }).click()
  await o.page.getByLabel('Search').fill('garage')
  await waitVisible(o.page, /^Page 1 of 1 · 1 transaction$/)
  expect(await rows().first().textContent()).toContain('Garage rent')
  await o.page.getByLabel('Search').fill('')
})

test('a long memo wraps: the screen never scrolls sideways', async () => {
  await navTo(o.page, 'Transactions')
  await o.page.getByLabel('Search').fill('longmemo')
  await waitVisible(o.page, /^Page 1 of 1 · 1 transaction$/)
  const { scroll, client } = await o.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(client)
  await o.page.getByLabel('Search').fill('')
})

test('the detail view loads the lnTx: hash, preimage and request as the service has them, each copyable', async () => {
  const w = o.sim.keys.wallets[0]!
  const newest = (await historyOf(w.id))[0]!
  const ln = (await service(o, 'GET', `/v1/lntx/${newest.lnTx!.id}`)).data as {
    r_hash_decoded: string
    payment_preimage: string
    payment_request: string
  }
  await navTo(o.page, 'Transactions')
  await waitVisible(o.page, formula)
  await rows()
    .first()
    .getByRole('button', { name: /^Details of/ })
    .click()
  expect(ln.r_hash_decoded).toMatch(/^[0-9a-f]{64}$/)
  await waitVisible(o.page, ln.r_hash_decoded)
  await waitVisible(o.page, ln.payment_request)
  await waitVisible(o.page, ln.payment_preimage)
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
  await o.page.getByRole('button', { name: '← Back to transactions' }).click()
})

test("CSV of the whole history: every wallet's rows, fees once, matching the service's balances and books", async () => {
  await navTo(o.page, 'Transactions')
  await o.page.locator('#tx-wallet').selectOption('all')
  const total = (await Promise.all(walletIds.map(historyOf))).reduce((n, h) => n + h.length, 0)
  await waitVisible(o.page, `· ${total} transactions`)
  await o.page.getByRole('button', { name: `Export CSV of all ${total} transactions` }).click()
  await waitVisible(o.page, `Saved ${total} transactions to`)
  expect(o.booted.savedFiles).toHaveLength(1)
  const csv = await readFile(o.booted.savedFiles[0]!, 'utf8')
  const table = parseCsv(csv)
  expect(table).toHaveLength(1 + total)
  const balances = await Promise.all(
    walletIds.map(async (id) => (await service(o, 'GET', `/v1/wallet/${id}`)).data.balance_msat as number),
  )
  expect(sumColumn(table, 'amount_msat') + sumColumn(table, 'fee_msat')).toBe(balances.reduce((a, b) => a + b, 0))
  // received, sent and fees against the simulator's own books. Moves inside the account (a
  // transfer, or an invoice one wallet pays another: one payment hash in and out) are in neither.
  const at = (name: string) => table[0]!.indexOf(name)
  const body = table.slice(1)
  const hashesOf = (sign: number) =>
    new Set(body.filter((r) => Math.sign(Number(r[at('amount_msat')])) === sign).map((r) => r[at('payment_hash')]))
  const [hashesIn, hashesOut] = [hashesOf(1), hashesOf(-1)]
  const figures = { received: 0, sent: 0, fees: 0 }
  for (const r of body) {
    const amount = Number(r[at('amount_msat')])
    const hash = r[at('payment_hash')]!
    figures.fees += Math.abs(Number(r[at('fee_msat')]))
    if (/^(Network|Service) fee/.test(r[at('type')]!)) figures.fees += Math.abs(amount)
    else if (/^Moved (from|to) /.test(r[at('type')]!) || (hash && hashesIn.has(hash) && hashesOut.has(hash))) continue
    else if (amount > 0) figures.received += amount
    else figures.sent -= amount
  }
  const books = o.sim.control.totals()
  expect(figures).toEqual({ received: books.inboundMsat, sent: books.outboundMsat, fees: books.feesMsat })
  // the payment out and the move made at the service are among them
  expect(body.filter((r) => r[at('memo')] === 'Rainy day').map((r) => r[at('amount_msat')])).toEqual(
    expect.arrayContaining(['1500000', '-1500000']),
  )
  expect(body.some((r) => r[at('memo')] === 'Coffee beans' && r[at('amount_msat')] === '-321000')).toBe(true)
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
  expect(csv).not.toMatch(/,=HYPERLINK/)
  expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
