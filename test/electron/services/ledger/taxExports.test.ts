// The Koinly and CoinTracker exports (docs/ledger.md, "Exports for tax tools"), checked against
// the columns their import guides list; a move between one's own wallets is never income in
// either; the value at the time follows a price source on loopback whose price changes each day.
import { DEFAULT_FIAT } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Ledger, LedgerTxInput } from '../../../../electron/main/services/ledger'
import { createPriceBackfill } from '../../../../electron/main/services/rates'
import { defaultUsdOn, type PriceSource, startPriceSource } from '../../../simulator/priceSource'
import { ledgerPerTest, row } from './helpers'
import { parseCsv } from './parseCsv'

// Koinly, "How to create a custom CSV file with your data", Universal template
const KOINLY_DOCUMENTED = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
]
// Koinly's labels for deposits and withdrawals (income is taxed; none is a plain movement)
const KOINLY_INCOME_LABELS = ['airdrop', 'fork', 'mining', 'reward', 'income', 'lending interest', 'other income']
// CoinTracker, "Convert your transaction history to CoinTracker CSV": these eight, in any order
const COINTRACKER_DOCUMENTED = [
  'Date',
  'Received Quantity',
  'Received Currency',
  'Sent Quantity',
  'Sent Currency',
  'Fee Amount',
  'Fee Currency',
  'Tag',
]
// CoinTracker's tags that make a receive income ("Transaction category definitions")
const COINTRACKER_INCOME_TAGS = ['staking', 'mined', 'airdrop', 'fork', 'payment', 'interest', 'income']

const DAY = 86_400
const ACC = 'acc_1'
const day0 = Date.UTC(2025, 9, 1) / 1000 // 2025-10-01, a Wednesday

const t = ledgerPerTest()
let source: PriceSource
beforeEach(async () => {
  source = await startPriceSource()
})
afterEach(() => source.close())

/** three simulated days: paid, moved to savings, paid someone (with a fee), a stand-alone fee */
function seed(l: Ledger): void {
  const rows: LedgerTxInput[] = [
    row({ txId: 'in', typeName: 'ln_deposit', amountMsat: 150_000_000, createdAt: day0 + 3_600, memo: 'Invoice #12' }),
    row({
      txId: 'move_out',
      typeName: 'ln_transfer_out',
      amountMsat: -50_000_000,
      counterpartyWalletId: 'wal_b',
      createdAt: day0 + DAY + 7_200,
    }),
    row({
      txId: 'move_in',
      walletId: 'wal_b',
      typeName: 'ln_transfer_in',
      amountMsat: 50_000_000,
      counterpartyWalletId: 'wal_a',
      createdAt: day0 + DAY + 7_200,
    }),
    row({
      txId: 'pay',
      typeName: 'ln_withdrawal',
      amountMsat: -20_000_500,
      lnTxId: 'lntx_9',
      paymentHash: 'ab'.repeat(32),
      createdAt: day0 + 2 * DAY + 60,
    }),
    row({
      txId: 'pay_fee',
      typeName: 'network_fee',
      amountMsat: -3_000,
      lnTxId: 'lntx_9',
      createdAt: day0 + 2 * DAY + 60,
    }),
  ]
  l.insertBatch(ACC, rows, { announce: false })
}

async function fillPrices(l: Ledger): Promise<void> {
  const b = createPriceBackfill({
    sourceUrl: source.historyUrl,
    enabled: () => true,
    ledger: () => l,
    updated: () => {},
    now: () => (day0 + 10 * DAY) * 1000,
    gapMs: 0,
  })
  while ((await b.step()) > 0) {}
}

async function exported(l: Ledger, name: 'koinly' | 'cointracker' | 'plain'): Promise<Record<string, string>[]> {
  const chunks: string[] = []
  await l.exportCsv(
    { accountId: ACC },
    { write: (c) => void chunks.push(Buffer.from(c).toString()), format: name, currency: 'USD' },
  )
  const [header, ...rows] = parseCsv(chunks.join(''))
  return rows.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ''])))
}

describe('exports for tax tools', () => {
  it('Koinly: the documented columns, amounts in BTC, fees apart, value at each day’s own price', async () => {
    seed(t.ledger)
    await fillPrices(t.ledger)
    const chunks: string[] = []
    await t.ledger.exportCsv(
      { accountId: ACC },
      { write: (c) => void chunks.push(Buffer.from(c).toString()), format: 'koinly', currency: DEFAULT_FIAT.currency },
    )
    const [header, ...lines] = parseCsv(chunks.join(''))
    expect(header).toEqual(KOINLY_DOCUMENTED)
    for (const l of lines) expect(l).toHaveLength(KOINLY_DOCUMENTED.length)
    const rows = await exported(t.ledger, 'koinly')
    expect(rows).toHaveLength(4) // the fee is folded into its payment
    for (const r of rows) expect(r.Date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
    const byHash = (s: string) => rows.find((r) => r.TxHash === s) as Record<string, string>
    const paid = byHash('in')
    expect(paid).toMatchObject({
      Date: '2025-10-01 01:00 UTC',
      'Received Amount': '0.0015',
      'Received Currency': 'BTC',
    })
    expect(paid['Sent Amount']).toBe('')
    // 0.0015 BTC at that day's price, not today's
    const usd0 = defaultUsdOn(day0)
    const usd2 = defaultUsdOn(day0 + 2 * DAY)
    expect(usd0).not.toBe(usd2)
    expect(paid['Net Worth Amount']).toBe((0.0015 * usd0).toFixed(2))
    expect(paid['Net Worth Currency']).toBe('USD')
    const pay = byHash('ab'.repeat(32))
    expect(pay).toMatchObject({
      'Sent Amount': '0.000200005',
      'Sent Currency': 'BTC',
      'Fee Amount': '0.00000003',
      'Fee Currency': 'BTC',
      'Net Worth Amount': ((20_000.5 / 1e8) * usd2).toFixed(2),
    })
  })

  it('CoinTracker: exactly the eight documented columns, US dates, fees in BTC', async () => {
    seed(t.ledger)
    const chunks: string[] = []
    await t.ledger.exportCsv(
      { accountId: ACC },
      { write: (c) => void chunks.push(Buffer.from(c).toString()), format: 'cointracker', currency: 'USD' },
    )
    const [header, ...lines] = parseCsv(chunks.join(''))
    expect([...(header ?? [])].sort()).toEqual([...COINTRACKER_DOCUMENTED].sort())
    for (const l of lines) expect(l).toHaveLength(8)
    const rows = await exported(t.ledger, 'cointracker')
    for (const r of rows) expect(r.Date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
    const paid = rows.find((r) => r['Received Quantity'] === '0.0015')
    expect(paid).toMatchObject({ Date: '10/01/2025 01:00:00', 'Received Currency': 'BTC', Tag: 'payment' })
    const pay = rows.find((r) => r['Sent Quantity'] === '0.000200005')
    expect(pay).toMatchObject({ 'Sent Currency': 'BTC', 'Fee Amount': '0.00000003', 'Fee Currency': 'BTC', Tag: '' })
  })

  it('a move between one’s own wallets is not income in either', async () => {
    seed(t.ledger)
    await fillPrices(t.ledger)
    const koinly = (await exported(t.ledger, 'koinly')).filter((r) =>
      (r.Description ?? '').startsWith('Transfer between own'),
    )
    expect(koinly).toHaveLength(2)
    for (const r of koinly) expect(KOINLY_INCOME_LABELS).not.toContain(r.Label)
    expect(koinly.map((r) => r.Label)).toEqual(['', ''])
    // while money from someone else is income
    const income = (await exported(t.ledger, 'koinly')).find((r) => r.TxHash === 'in')
    expect(income?.Label).toBe('income')
    const ct = (await exported(t.ledger, 'cointracker')).filter(
      (r) => r['Sent Quantity'] === '0.0005' || r['Received Quantity'] === '0.0005',
    )
    expect(ct).toHaveLength(2)
    for (const r of ct) expect(COINTRACKER_INCOME_TAGS).not.toContain(r.Tag)
  })

  it('a row without a known price leaves the value empty for the tool to fill, never today’s price', async () => {
    seed(t.ledger)
    const rows = await exported(t.ledger, 'koinly')
    for (const r of rows) expect([r['Net Worth Amount'], r['Net Worth Currency']]).toEqual(['', ''])
  })
})
