// A claimed withdraw link of the app in the history (field report: "a claimed link shows the
// claimer's invoice memo"): the whole app against the simulator, the links made through the
// router and claimed from outside the LUD-03 way, the history read through `history.page`.
import type { OpOutput, WithdrawLinkView } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { voucherShortId } from '@shared/vouchers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { handOverInvoice, readWithdrawRequest } from '../../support/lud03Client'
import { syncNow } from '../../support/syncNow'
import { parseCsv } from '../services/ledger/parseCsv'
import { type ConnectedApp, startConnectedApp } from './appHarness'

type Page = OpOutput<'history.page'>
let t: ConnectedApp
let lunch: WithdrawLinkView
let plain: WithdrawLinkView

async function claimFromOutside(link: WithdrawLinkView, amountSat: number) {
  const req = await readWithdrawRequest(link.lnurl)
  if ('status' in req) throw new Error(`no withdraw request: ${JSON.stringify(req)}`)
  // the claimer's wallet writes its own memo on the invoice the link pays
  expect(await handOverInvoice(req, t.sim.control.outsideInvoice(amountSat, 'Outside invoice'))).toEqual({
    status: 'OK',
  })
}

beforeAll(async () => {
  t = await startConnectedApp({ label: 'Everyday', balanceSat: 50_000 })
  const make = (amountSat: number, memo: string, requestId: string) =>
    t.call<WithdrawLinkView>('withdraw.create', { walletId: t.w.id, amountSat, memo, requestId })
  lunch = await make(1_000, 'Lunch with Ana', 'req-link-lunch')
  plain = await make(700, '', 'req-link-plain')
  await make(300, 'Never claimed', 'req-link-waiting')
  await claimFromOutside(lunch, 1_000)
  await claimFromOutside(plain, 700)
  // a page of many rows around the claims
  for (let i = 0; i < 120; i++) await t.sim.control.payInbound(t.w.id, 10 + i, `filler ${i}`)
  await syncNow(t.app)
}, 60_000)
afterAll(() => t.close())

const page = (input: Record<string, unknown>) => t.call<Page>('history.page', input)
const claims = (p: Page) => p.items.filter((r) => r.typeName === 'ln_lnurl_withdraw')

describe('history.page: claimed links', () => {
  it("a claimed link's row carries the person's memo of it and its short id; the claimer's memo stays the row's memo", async () => {
    const p = await page({ walletId: t.w.id, kind: 'withdraw' })
    const byAmount = new Map(claims(p).map((r) => [r.amountMsat, r]))
    expect(byAmount.get(-1_000_000)).toMatchObject({
      memo: 'Outside invoice',
      link: { memo: 'Lunch with Ana', shortId: voucherShortId(lunch.ott) },
    })
    expect(byAmount.get(-700_000)?.link).toEqual({ memo: '', shortId: voucherShortId(plain.ott) })
    expect(voucherShortId(lunch.ott)).toMatch(/^[0-9A-Z]{6}$/)
    expect(p.total).toBe(2)
  })

  it('rows not from a link carry none', async () => {
    const p = await page({ walletId: t.w.id, limit: 200 })
    const others = p.items.filter((r) => r.typeName !== 'ln_lnurl_withdraw')
    expect(others.length).toBeGreaterThan(100)
    expect(others.every((r) => r.link === null)).toBe(true)
    expect(
      claims(p)
        .map((r) => r.link?.memo)
        .sort(),
    ).toEqual(['', 'Lunch with Ana'])
  })

  it("search finds the claim by the person's memo of the link", async () => {
    const p = await page({ search: 'lunch ana' })
    expect(p.items.map((r) => [r.memo, r.link?.memo])).toEqual([['Outside invoice', 'Lunch with Ana']])
    expect((await page({ search: 'Never claimed' })).total).toBe(0)
  })

  it("the plain CSV keeps the service's memo and adds the person's memo of the link in link_memo", async () => {
    t.saved.length = 0
    await t.call('history.exportCsv', { walletId: t.w.id, requestId: 'csv-links-1' })
    const [header, ...rows] = parseCsv(new TextDecoder().decode(t.saved[0]!.bytes))
    const col = (name: string) => header!.indexOf(name)
    expect(header?.slice(-2)).toEqual(['link_memo', 'other_wallet'])
    const withdrawals = rows.filter((r) => r[col('type')] === 'Withdraw link claimed')
    expect(withdrawals.map((r) => [r[col('memo')], r[col('link_memo')]]).sort()).toEqual([
      ['Outside invoice', ''],
      ['Outside invoice', 'Lunch with Ana'],
    ])
    expect(rows.filter((r) => r[col('link_memo')] !== '')).toHaveLength(1)
    expect(rows.length).toBeGreaterThan(120)
  })

  it('a page of many rows looks its links up once, not once per row', async () => {
    const ledger = t.app.ledger()
    const spy = vi.spyOn(ledger, 'claimedLinks')
    try {
      const p = await page({ walletId: t.w.id, limit: 200 })
      expect(p.items.length).toBeGreaterThan(120)
      expect(spy).toHaveBeenCalledTimes(1)
      expect(spy.mock.calls[0]?.[1]).toEqual(p.items.map((r: HistoryRow) => r.txId))
      spy.mockClear()
      // a keyset page too
      const next = await page({ walletId: t.w.id, limit: 50, page: 2, after: (await page({ limit: 50 })).next })
      expect(next.items).toHaveLength(50)
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      spy.mockRestore()
    }
  })
})
