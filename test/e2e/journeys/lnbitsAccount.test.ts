// An LNbits account through the app's own page in Chromium, against the simulator's LNbits flavor:
// added in onboarding with the server's address and two wallets' admin keys, its balances those of
// the simulator's books; an invoice made on Receive and paid from outside (`/_sim/settle` by its
// payment hash) announced once; an invoice and alice@sim.example paid once; the history searched
// and its CSV adding up to the balances to the msat; a withdraw link claimed by an outside wallet.
// Then an account added with an invoice key only: no Send, and main refusing to pay in words.
import { readFile } from 'node:fs/promises'
import { formatMsat } from '@shared/units'
import { decode } from 'light-bolt11-decoder'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv, sumColumn } from '../../electron/services/ledger/parseCsv'
import type { LnbitsWallet } from '../../simulator/lnbits'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { catalog, mainCall, navTo, waitVisible } from './support'

const en = catalog('en')

/** the simulator's own books: a wallet's balance by its LNbits id, msat */
async function simBalance(o: OpenedApp, w: LnbitsWallet): Promise<number> {
  const st = (await (await fetch(`${o.sim.url}/_sim/state`)).json()) as {
    wallets: { id: string; balance_msat: number }[]
  }
  const found = st.wallets.find((x) => x.id === w.id)
  if (!found) throw new Error(`no wallet ${w.id} in /_sim/state`)
  return found.balance_msat
}

/** LNbits' own API, called as another LNbits client would with a wallet's key */
async function lnbits(o: OpenedApp, key: string, method: string, path: string, json?: unknown) {
  const res = await fetch(o.sim.url + path, {
    method,
    headers: { 'X-Api-Key': key, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the fields it then asserts on
  return { status: res.status, data: (await res.json()) as any }
}

const payments = (o: OpenedApp) => o.sim.control.requests({ method: 'POST', path: '/api/v1/payments' }).length

/** Onboarding's LNbits form: address and keys tested, saved, until the tab bar shows. */
async function addLnbitsAccount(page: Page, url: string, keys: string[], found: RegExp) {
  await page.getByLabel('With an LNbits server').check()
  await page.getByLabel('LNbits server address').fill(url)
  await page.getByLabel('Wallet keys (one per wallet)').fill(keys.join(', '))
  await page.getByRole('button', { name: 'Test connection' }).click()
  await waitVisible(page, found, 15_000)
  await page.getByRole('button', { name: 'Save and connect' }).click()
  const nav = page.getByRole('navigation').first()
  await nav.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: 15_000 })
  return nav
}

async function confirmSend(page: Page, check?: (page: Page) => Promise<void>) {
  await page.getByRole('button', { name: 'Review' }).click()
  await waitVisible(page, 'Confirm payment')
  await check?.(page)
  const sendNow = page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await sendNow.click({ force: true, timeout: 2000 }).catch(() => {}) // disabled or gone by now
  await waitVisible(page, /^Sent$/, 20_000)
  await page.getByRole('button', { name: 'Done' }).click()
}

describe('an LNbits account with admin keys, in Chromium', () => {
  let o: OpenedApp
  let a: LnbitsWallet
  let b: LnbitsWallet
  let c: LnbitsWallet
  beforeAll(async () => {
    o = await openApp({ flavor: 'lnbits', seed: 'demo', secretStore: 'keychain', simAddresses: true })
    ;[a, b, c] = o.sim.lnbits as [LnbitsWallet, LnbitsWallet, LnbitsWallet]
  }, 60_000)
  afterAll(() => o?.close())

  it("is added with the server's address and admin keys; Home shows the simulator's balances", async () => {
    await waitVisible(o.page, 'With an LNbits server')
    await addLnbitsAccount(o.page, o.sim.url, [a.adminkey, b.adminkey], /2 wallets found/)
    const home = o.page.locator('main, .app').first()
    for (const w of [a, b]) {
      const shown = formatMsat(await simBalance(o, w))
      await expect.poll(() => home.textContent(), { timeout: 15_000 }).toContain(shown)
    }
    // no key reached the page
    const html = await o.page.content()
    for (const w of [a, b]) expect(html).not.toContain(w.adminkey)
  }, 60_000)

  it('an invoice made on Receive, paid from outside, is announced once, within 2 s', async () => {
    await navTo(o.page, 'Receive')
    await o.page.getByLabel('Wallet').selectOption(a.id)
    await o.page.getByLabel('Amount (sats)').fill('321')
    await o.page.getByLabel('Memo (shown to the payer)').fill('lnbits tea')
    await o.page.getByRole('button', { name: 'Create invoice' }).click()
    await waitVisible(o.page, 'Waiting for payment')
    const pr = await o.page
      .locator('code, .payment-request')
      .filter({ hasText: /^lnbcrt/ })
      .first()
      .textContent()
    const hash = decode(pr as string).sections.find((s) => s.name === 'payment_hash') as { value: string }
    const before = await simBalance(o, a)
    const notified = o.booted.notifications.length
    const started = performance.now()
    const settled = await fetch(`${o.sim.url}/_sim/settle`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_hash: hash.value }),
    })
    expect(settled.status).toBe(200)
    await expect.poll(() => o.booted.notifications.length, { timeout: 10_000, interval: 20 }).toBe(notified + 1)
    const tookMs = performance.now() - started
    console.log(`lnbits: settle → notification ${Math.round(tookMs)} ms`)
    expect(tookMs).toBeLessThan(2_000)
    await waitVisible(o.page, /^Paid$/, 15_000)
    expect(await simBalance(o, a)).toBe(before + 321_000)
    // the websocket's push, the invoice's check and the next sync all saw it: still one announcement
    await syncNow(o.app)
    await o.settled()
    expect(o.booted.notifications.slice(notified)).toHaveLength(1)
    const told = o.booted.notifications[notified]!
    expect(`${told.title} ${told.body}`).toMatch(/321 sats/)
  }, 60_000)

  it("pays an outside invoice once on a double click (the payee's book)", async () => {
    const payee = o.sim.control.outside.payee({ amountSat: 2_100, memo: 'lnbits concert' })
    const booked = () => o.sim.control.outside.book().filter((e) => e.paymentHash === payee.paymentHash)
    const [sent, before] = [payments(o), await simBalance(o, a)]
    await navTo(o.page, 'Send')
    await o.page.getByLabel('Lightning address or invoice').fill(payee.payment_request)
    await o.page.getByRole('button', { name: 'Look up' }).click()
    await o.page.getByRole('region', { name: 'Invoice' }).waitFor({ timeout: 15_000 })
    await o.page.getByLabel('Wallet').selectOption(a.id)
    // the fee is the server's reserve for this invoice (LNbits' default: 1 % of 2,100 sats), said
    // to be the server's, not the app's 0.1 % limit, which LNbits would not keep
    const reserve = await lnbits(o, a.inkey, 'GET', `/api/v1/payments/fee-reserve?invoice=${payee.payment_request}`)
    expect(reserve.data).toEqual({ fee_reserve: 21_000 })
    await confirmSend(o.page, async (page) => {
      const fee = page.locator('.field-row', { has: page.getByText('Fee', { exact: true }) }).locator('dd')
      expect(await fee.textContent()).toBe(`at most 21 sats${en('sendConfirm.serverReserve')}`)
      expect(await page.getByTestId('fee-set-by-server').textContent()).toBe(en('sendConfirm.serverReserve'))
      const total = page.locator('.field-row', { has: page.getByText('Total', { exact: true }) }).locator('dd')
      expect(await total.textContent()).toContain('up to 2,121 sats')
    })
    expect(booked().map((e) => [e.direction, e.amountMsat])).toEqual([['out', 2_100_000]])
    expect(payments(o)).toBe(sent + 1)
    expect(before - (await simBalance(o, a))).toBeGreaterThanOrEqual(2_100_000)
  }, 60_000)

  it('pays alice@sim.example once, with a comment', async () => {
    const toAlice = () => o.sim.control.outside.book().filter((e) => e.party === 'address:alice@sim.example')
    const [already, sent] = [toAlice().length, payments(o)]
    await navTo(o.page, 'Send')
    await o.page.getByLabel('Lightning address or invoice').fill('alice@sim.example')
    await o.page.getByRole('button', { name: 'Look up' }).click()
    await o.page.getByRole('region', { name: 'Recipient' }).waitFor({ timeout: 15_000 })
    await o.page.getByLabel('Wallet').selectOption(a.id)
    await o.page.getByLabel('Amount (sats)').fill('1,234')
    await o.page.getByLabel(/^Comment/).fill('lnbits tip')
    // before the payee's invoice exists: LNbits' default reserve (1 % of 1,234 sats), said to be so
    await confirmSend(o.page, async (page) => {
      const fee = page.locator('.field-row', { has: page.getByText('Fee', { exact: true }) }).locator('dd')
      expect(await fee.textContent()).toBe(`at most 12.34 sats${en('sendConfirm.serverReserveAddress')}`)
    })
    expect(
      toAlice()
        .slice(already)
        .map((e) => e.amountMsat),
    ).toEqual([1_234_000])
    expect(payments(o)).toBe(sent + 1)
  }, 60_000)

  it('makes a withdraw link, claimed once by an outside wallet, shown claimed', async () => {
    await navTo(o.page, 'Withdraw')
    await o.page.getByLabel(/^Amount/).fill('150')
    await o.page.getByLabel('Memo').fill('lnbits gift')
    await o.page.getByRole('button', { name: 'Create withdraw link' }).click()
    await waitVisible(o.page, 'Waiting to be claimed')
    const list = await mainCall(o, 'withdraw.list', {})
    if (!list.ok) throw new Error(list.error.message)
    const link = (list.value as { links: { lnurl: string; memo: string; walletId: string }[] }).links.find(
      (l) => l.memo === 'lnbits gift',
    )
    if (!link) throw new Error('the link is not listed')
    const from = [a, b].find((w) => w.id === link.walletId) as LnbitsWallet
    const { bech32 } = await import('bech32')
    const { words } = bech32.decode(link.lnurl.replace(/^lightning:/i, ''), 1023)
    const offer = (await (await fetch(Buffer.from(bech32.fromWords(words)).toString('utf8'))).json()) as {
      callback: string
      k1: string
    }
    // the claimer: wallet c, a stranger to this account, makes its invoice with its own key
    const inv = await lnbits(o, c.inkey, 'POST', '/api/v1/payments', { out: false, amount: 150, memo: 'claim' })
    expect(inv.status).toBe(201)
    const [before, cBefore] = [await simBalance(o, from), await simBalance(o, c)]
    const cb = new URL(offer.callback)
    cb.searchParams.set('k1', offer.k1)
    cb.searchParams.set('pr', inv.data.bolt11 ?? inv.data.payment_request)
    expect(await (await fetch(cb)).json()).toEqual({ status: 'OK' })
    expect(await (await fetch(cb)).json()).toMatchObject({ status: 'ERROR' })
    expect([await simBalance(o, from), await simBalance(o, c)]).toEqual([before - 150_000, cBefore + 150_000])
    await expect
      .poll(
        async () => {
          await syncNow(o.app)
          return o.page.getByText(/^Claimed/).count()
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0)
  }, 60_000)

  it('the history is searched by memo, and its CSV adds up to the balances to the msat', async () => {
    await syncNow(o.app)
    await navTo(o.page, 'Transactions')
    await o.page.locator('details.history-more summary').click()
    await o.page.locator('#tx-wallet').selectOption('all')
    await o.page.getByLabel('Search').fill('lnbits tip')
    // the day's heading is a list item too: a transaction's row says its amount
    const rows = o.page.locator('ul.history li').filter({ hasText: / sats/ })
    await expect
      .poll(() => rows.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^Sent to alice@sim\.example −1,234 sats .*lnbits tip/)])
    await o.page.getByLabel('Search').fill('lnbits tea')
    await expect
      .poll(() => rows.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/\+321 sats .*lnbits tea/)])
    await o.page.getByLabel('Search').fill('')
    const button = o.page.getByRole('button', { name: /^Export CSV of all \d+ transactions$/ })
    const total = Number((/(\d+)/.exec((await button.textContent({ timeout: 15_000 })) ?? '') ?? [])[1])
    expect(total).toBeGreaterThan(5)
    await button.click()
    await waitVisible(o.page, `Saved ${total} transactions to`)
    const table = parseCsv(await readFile(o.booted.savedFiles.at(-1) as string, 'utf8'))
    expect(table).toHaveLength(1 + total)
    const balances = (await simBalance(o, a)) + (await simBalance(o, b))
    expect(sumColumn(table, 'amount_msat') + sumColumn(table, 'fee_msat')).toBe(balances)
    expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
  }, 60_000)
})

describe('an LNbits account with an invoice key only, in Chromium', () => {
  let o: OpenedApp
  let c: LnbitsWallet
  beforeAll(async () => {
    o = await openApp({ flavor: 'lnbits', seed: 'demo', secretStore: 'keychain' })
    c = o.sim.lnbits[2] as LnbitsWallet
  }, 60_000)
  afterAll(() => o?.close())

  it('has no Send, says it is receive-only, and main refuses to pay in words with nothing sent', async () => {
    const nav = await addLnbitsAccount(o.page, o.sim.url, [c.inkey], /1 wallet found/)
    expect(await nav.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0)
    await expect
      .poll(() => o.page.locator('main, .app').first().textContent(), { timeout: 15_000 })
      .toContain(formatMsat(await simBalance(o, c)))
    const wallets = await mainCall(o, 'wallets.list', {})
    if (!wallets.ok) throw new Error(wallets.error.message)
    const walletId = (wallets.value as { wallets: { id: string }[] }).wallets[0]!.id
    const sent = payments(o)
    const r = await mainCall(o, 'pay.invoice', {
      walletId,
      invoice: o.sim.control.outside.payee({ amountSat: 10 }).payment_request,
      requestId: 'req-lnbits-e2e-inkey',
    })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error.message).toBe(en('lnbits.receiveOnly'))
    expect(payments(o)).toBe(sent)
  }, 60_000)
})
