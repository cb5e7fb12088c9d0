// The pay path of the NWC wallet service alone (services/nwc/pay.ts), against a real nwc.sqlite
// and real signed invoices: the budget reserved (amount plus the most the fee can be) before the
// send, settled after it by what the payments module answered, and every refusal in NIP-47's
// codes. The payments module's send is the test's (it is tested on its own in test/electron/payments).
import { randomBytes } from 'node:crypto'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutcomeUnknown, type PayDeps, payInvoice } from '../../../electron/main/services/nwc/pay'
import { type Connection, type NwcStore, openNwcStore } from '../../../electron/main/services/nwc/store'
import { encodeInvoice, nodeKeyFrom } from '../../simulator/bolt11'
import { withTempDir } from '../services/ledger/helpers'

const NOW = 1_800_000_000
const key = nodeKeyFrom('payInvoice test')
const hex = (n: number) => randomBytes(n).toString('hex')
const invoiceOf = (sat: number | null, o: { expiry?: number; timestamp?: number } = {}) =>
  encodeInvoice(
    {
      amountMsat: sat === null ? null : sat * 1000,
      timestamp: o.timestamp ?? NOW - 10,
      paymentHash: hex(32),
      paymentSecret: hex(32),
      description: 'pay test',
      expiry: o.expiry ?? 3600,
    },
    key,
  )

let dir: string
let cleanup: () => Promise<void>
let store: NwcStore
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
  store = openNwcStore({ dir, now: () => NOW })
})
afterEach(async () => {
  store.close()
  await cleanup()
})

function connection(budgetSat: number | null, o: Partial<Connection> = {}): Connection {
  const c: Connection = {
    id: `conn-${hex(4)}`,
    name: 'An app',
    accountId: 'acc-1',
    walletId: 'wal-1',
    walletPubkey: hex(32),
    clientPubkey: hex(32),
    relay: 'ws://127.0.0.1:1',
    budgetMsat: budgetSat === null ? null : budgetSat * 1000,
    period: 'daily',
    methods: ['pay_invoice'],
    expiresAt: null,
    createdAt: NOW - 86_400 * 3,
    revokedAt: null,
    ...o,
  }
  store.add(c)
  return c
}

type Sent = Parameters<PayDeps['sendToInvoice']>[0] & { usedAtSend: number }
function deps(answer: (input: Sent) => Promise<{ feeMsat: number; preimage?: string | null }>) {
  const sent: Sent[] = []
  const d: PayDeps = {
    store,
    serviceNowSec: (accountId) => (accountId === 'acc-1' ? NOW : 0),
    async sendToInvoice(input) {
      const s = { ...input, usedAtSend: store.used('conn-any', 0) }
      sent.push(s)
      const r = await answer(s)
      return { preimage: r.preimage === undefined ? 'ab'.repeat(32) : r.preimage, feeMsat: r.feeMsat } as never
    },
  }
  return { d, sent }
}
const paid = (feeMsat: number, preimage?: string | null) => async () => ({ feeMsat, preimage })
const refused =
  (code: string, message = 'refused by the service') =>
  async () => {
    throw new AppError(code as never, message)
  }
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => v,
    (e: Error & { code?: string }) =>
      e instanceof OutcomeUnknown ? `unknown: ${e.message}` : `${e.code}: ${e.message}`,
  )

describe('a connected app’s payment', () => {
  it('reserves the amount and the most its fee can be before it is sent, then counts the fee paid', async () => {
    const c = connection(1000)
    let usedAtSend = -1
    const { d, sent } = deps(async () => {
      usedAtSend = store.used(c.id, 0)
      return { feeMsat: 3000 }
    })
    const inv = invoiceOf(500)
    expect(await payInvoice(d, c, { invoice: inv }, 'ev-1', NOW)).toEqual({
      preimage: 'ab'.repeat(32),
      fees_paid: 3000,
      amountMsat: 500_000,
    })
    expect(usedAtSend).toBe(501_000)
    expect(sent).toEqual([
      expect.objectContaining({ invoice: inv, walletId: 'wal-1', requestId: 'nwc-ev-1', accountId: 'acc-1' }),
    ])
    expect(store.used(c.id, 0)).toBe(503_000)
    expect(store.spends(c.id, 10)).toEqual([expect.objectContaining({ state: 'paid', feeMsat: 3000 })])
  })

  it('passes the budget by nothing: exactly the budget goes, one msat more is QUOTA_EXCEEDED and not sent', async () => {
    const c = connection(1001)
    const { d, sent } = deps(paid(0, null))
    expect(await payInvoice(d, c, { invoice: invoiceOf(1000) }, 'ev-1', NOW)).toMatchObject({ preimage: '' })
    expect(await outcome(payInvoice(d, c, { invoice: invoiceOf(1) }, 'ev-2', NOW))).toBe(
      'QUOTA_EXCEEDED: This payment would pass the connection’s budget.',
    )
    expect(sent).toHaveLength(1)
    // without a budget nothing caps it
    const free = connection(null)
    expect(await payInvoice(d, free, { invoice: invoiceOf(100_000) }, 'ev-3', NOW)).toMatchObject({
      amountMsat: 100_000_000,
    })
  })

  it('counts the budget from the start of its period: yesterday’s spend is not today’s', async () => {
    const c = connection(600)
    const { d } = deps(paid(0))
    await payInvoice(
      d,
      c,
      { invoice: invoiceOf(500, { timestamp: NOW - 86_400, expiry: 2 * 86_400 }) },
      'ev-1',
      NOW - 86_400,
    )
    expect(await outcome(payInvoice(d, c, { invoice: invoiceOf(500) }, 'ev-2', NOW))).toMatchObject({
      amountMsat: 500_000,
    })
    const weekly = connection(600, { period: 'never' })
    await payInvoice(
      d,
      weekly,
      { invoice: invoiceOf(500, { timestamp: NOW - 86_400, expiry: 2 * 86_400 }) },
      'ev-3',
      NOW - 86_400,
    )
    expect(await outcome(payInvoice(d, weekly, { invoice: invoiceOf(500) }, 'ev-4', NOW))).toMatch(/^QUOTA_EXCEEDED/)
  })

  it('the same event twice is sent once and not answered again; the same invoice by another is refused', async () => {
    const c = connection(10_000)
    const { d, sent } = deps(paid(1000))
    const inv = invoiceOf(100)
    await payInvoice(d, c, { invoice: inv }, 'ev-1', NOW)
    expect(await outcome(payInvoice(d, c, { invoice: inv }, 'ev-1', NOW))).toBe(
      'unknown: this request was handled before',
    )
    expect(await outcome(payInvoice(d, c, { invoice: inv }, 'ev-2', NOW))).toBe(
      'OTHER: This invoice was paid already through a connection, or its outcome is not known yet.',
    )
    expect(sent).toHaveLength(1)
  })
})

describe('what the service answered', () => {
  it.each([
    ['insufficient_funds', 'INSUFFICIENT_BALANCE'],
    ['limit', 'QUOTA_EXCEEDED'],
    ['unauthorized', 'UNAUTHORIZED'],
    ['forbidden', 'UNAUTHORIZED'],
    ['payment_failed', 'PAYMENT_FAILED'],
    ['invalid_input', 'PAYMENT_FAILED'],
  ])('a refusal %s is %s, in its words cut short, and frees the budget', async (code, nwc) => {
    const c = connection(1000)
    const { d } = deps(refused(code, `no ${'x'.repeat(400)}`))
    const e = await payInvoice(d, c, { invoice: invoiceOf(900) }, 'ev-1', NOW).catch((err) => err)
    expect(e.code).toBe(nwc)
    expect(e.message).toBe(`no ${'x'.repeat(297)}`)
    expect(store.used(c.id, 0)).toBe(0)
    expect(store.spends(c.id, 10)).toEqual([expect.objectContaining({ state: 'failed' })])
  })

  it.each([
    ['unknown_outcome', refused('unknown_outcome')],
    ['internal', refused('internal')],
    ['a thrown non-AppError', async () => Promise.reject(new Error('socket hang up'))],
  ])('%s is an unknown outcome: no answer, the reservation kept', async (_, answer) => {
    const c = connection(1000)
    const { d } = deps(answer)
    expect(await outcome(payInvoice(d, c, { invoice: invoiceOf(900) }, 'ev-1', NOW))).toBe(
      'unknown: payment outcome unknown',
    )
    expect(store.used(c.id, 0)).toBe(901_000)
    expect(store.spends(c.id, 10)).toEqual([expect.objectContaining({ state: 'unknown' })])
  })
})

describe('what is refused before anything is reserved', () => {
  it.each([
    ['no invoice', {}, 'OTHER: No invoice to pay.'],
    ['a number', { invoice: 5 }, 'OTHER: No invoice to pay.'],
    ['over 8192 characters', { invoice: 'l'.repeat(8193) }, 'OTHER: No invoice to pay.'],
    // 8192 characters are still read (and refused by the reader, in its words)
    ['8192 characters', { invoice: 'l'.repeat(8192) }, /^OTHER: (?!No invoice to pay)/],
    // the reader refuses it first, in its own words
    ['no amount', { invoice: invoiceOf(null) }, /^OTHER: This invoice has no amount/],
  ])('%s', async (_, params, words) => {
    const c = connection(1000)
    const { d, sent } = deps(paid(0))
    expect(await outcome(payInvoice(d, c, params, 'ev-1', NOW))).toMatch(words)
    expect(sent).toHaveLength(0)
    expect(store.spends(c.id, 10)).toEqual([])
  })

  it('an invoice that does not read, or expired on the service’s clock, is OTHER in the reader’s words', async () => {
    const c = connection(1000)
    const { d, sent } = deps(paid(0))
    expect(await outcome(payInvoice(d, c, { invoice: 'lnbcrt1garbage' }, 'ev-1', NOW))).toMatch(/^OTHER: .+/)
    const old = invoiceOf(10, { timestamp: NOW - 7200, expiry: 3600 })
    expect(await outcome(payInvoice(d, c, { invoice: old }, 'ev-2', NOW))).toMatch(/^OTHER: .*expired/i)
    // judged by the service's clock of the connection's account, not the request's time
    expect(await outcome(payInvoice(d, c, { invoice: old }, 'ev-3', NOW - 7000))).toMatch(/^OTHER: .*expired/i)
    expect(sent).toHaveLength(0)
  })

  it('an invoice without an amount is OTHER in the reader’s words: nothing reserved, nothing sent', async () => {
    const c = connection(1000)
    const { d, sent } = deps(paid(0))
    // the reader refuses it, given no amount of the payer's (so pay.ts' own amountless check is a
    // guard for the type, never reached)
    expect(await outcome(payInvoice(d, c, { invoice: invoiceOf(null) }, 'ev-1', NOW))).toMatch(
      /^OTHER: This invoice has no amount/,
    )
    expect(store.used(c.id, 0)).toBe(0)
    expect(sent).toHaveLength(0)
  })
})
