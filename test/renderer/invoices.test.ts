// The invoices store behind Receive's list: loading the watcher's invoices, events while it loads,
// "Check now" per invoice, and the order the list shows them in.
import type { PendingInvoice } from '@shared/contract'
import { beforeEach, describe, expect, test } from 'vitest'
import { subscribe } from '../../renderer/src/boot'
import { setLanguage } from '../../renderer/src/i18n'
import {
  DEFAULT_EXPIRY_SEC,
  EXPIRY_CHOICES,
  expiryText,
  invoiceAmountText,
  invoiceInput,
} from '../../renderer/src/lib/invoiceForm'
import { invoiceStatus, recentInvoices, useInvoices } from '../../renderer/src/stores/invoices'
import { installFakeWallet } from './fakeWallet'

const initial = useInvoices.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useInvoices.setState(initial, true)
})

function inv(id: string, over: Partial<PendingInvoice> = {}): PendingInvoice {
  return {
    id,
    walletId: 'w1',
    accountId: 'a1',
    amountSat: 100,
    memo: '',
    paymentRequest: `lnbcrt1${id}`,
    paymentHash: `h${id}`,
    createdAt: 1000,
    expiresAt: 5000,
    status: 'pending',
    settledAt: null,
    ...over,
  }
}
const paid = (i: PendingInvoice): PendingInvoice => ({ ...i, status: 'paid', settledAt: 1500 })

describe('invoices.list', () => {
  test('fills the store with the watcher invoices; a paid event that came meanwhile is not undone', async () => {
    const release = fake.deferred('invoices.list')
    const loading = useInvoices.getState().load()
    expect(useInvoices.getState().listStatus).toBe('loading')
    useInvoices.getState().apply(paid(inv('a')))
    release({ ok: true, value: { invoices: [inv('a'), inv('b', { createdAt: 900 })] } })
    await loading
    const s = useInvoices.getState()
    expect(s.listStatus).toBe('ready')
    expect(s.byId.a?.status).toBe('paid')
    expect(s.byId.b?.status).toBe('pending')
    // listing opens nothing: Receive still shows the form
    expect(s.currentId).toBeNull()
  })

  test('an error is kept to show with a retry, and what was known stays', async () => {
    useInvoices.getState().apply(inv('a'))
    fake.fail('invoices.list', 'internal', 'The invoices could not be read.')
    await useInvoices.getState().load()
    expect(useInvoices.getState()).toMatchObject({ listStatus: 'error' })
    expect(useInvoices.getState().listError?.message).toBe('The invoices could not be read.')
    expect(Object.keys(useInvoices.getState().byId)).toEqual(['a'])
    fake.ok('invoices.list', { invoices: [inv('a'), inv('c')] })
    await useInvoices.getState().load()
    expect(useInvoices.getState()).toMatchObject({ listStatus: 'ready', listError: null })
    expect(Object.keys(useInvoices.getState().byId).sort()).toEqual(['a', 'c'])
  })

  test('the invoice.updated event reaches the store (boot routes it)', () => {
    const off = subscribe()
    try {
      useInvoices.getState().apply(inv('a'))
      fake.emit('invoice.updated', paid(inv('a')))
      expect(useInvoices.getState().byId.a?.status).toBe('paid')
      fake.emit('invoice.updated', inv('a')) // a stale pending after paid
      expect(useInvoices.getState().byId.a?.status).toBe('paid')
    } finally {
      off()
    }
  })
})

describe('check now, per invoice', () => {
  test('a double click checks once; two invoices can be checked at the same time', async () => {
    const releaseA = fake.deferred('invoices.check')
    const releaseB = fake.deferred('invoices.check')
    const a1 = useInvoices.getState().check('a')
    const a2 = useInvoices.getState().check('a')
    const b = useInvoices.getState().check('b')
    expect(useInvoices.getState().checking).toEqual({ a: true, b: true })
    expect(fake.callsOf('invoices.check').map((c) => c.input)).toEqual([{ id: 'a' }, { id: 'b' }])
    releaseA({ ok: true, value: paid(inv('a')) })
    await Promise.all([a1, a2])
    expect(useInvoices.getState().checking).toEqual({ b: true })
    releaseB({ ok: true, value: inv('b') })
    await b
    expect(useInvoices.getState().checking).toEqual({})
    expect(useInvoices.getState().byId.a?.status).toBe('paid')
    expect(useInvoices.getState().byId.b?.status).toBe('pending')
  })

  test('a failed check says so for that invoice, and a new check clears it', async () => {
    fake.fail('invoices.check', 'network', 'The service cannot be reached.')
    await useInvoices.getState().check('a')
    expect(useInvoices.getState().checkError).toMatchObject({ id: 'a', error: { code: 'network' } })
    expect(useInvoices.getState().checking).toEqual({})
    fake.ok('invoices.check', inv('a'))
    await useInvoices.getState().check('a')
    expect(useInvoices.getState().checkError).toBeNull()
  })
})

describe('opening an invoice again', () => {
  test('open shows that invoice; New invoice goes back to the form', () => {
    useInvoices.getState().apply(inv('a'))
    useInvoices.setState({ checkError: { id: 'x', error: { code: 'network', message: 'm', retryable: true } } })
    useInvoices.getState().open('a')
    expect(useInvoices.getState()).toMatchObject({ currentId: 'a', checkError: null })
    useInvoices.getState().startOver()
    expect(useInvoices.getState().currentId).toBeNull()
  })
})

describe('the list order', () => {
  test('payable ones first, then newest first; only the active account; expired by the clock counts as expired', () => {
    const byId = Object.fromEntries(
      [
        inv('old-pending', { createdAt: 100 }),
        inv('new-pending', { createdAt: 300 }),
        paid(inv('newest-paid', { createdAt: 400 })),
        inv('expired', { createdAt: 350, status: 'expired' }),
        inv('lapsed', { createdAt: 500, expiresAt: 2000 }), // still "pending" in main, past expiry here
        inv('other-account', { createdAt: 999, accountId: 'a2' }),
      ].map((i) => [i.id, i]),
    )
    const ids = recentInvoices(byId, 'a1', 2000).map((i) => i.id)
    expect(ids).toEqual(['new-pending', 'old-pending', 'lapsed', 'newest-paid', 'expired'])
    expect(recentInvoices(byId, null, 2000)).toHaveLength(6)
    // a second earlier the lapsed one was still payable, and the newest of them
    expect(recentInvoices(byId, 'a1', 1999).map((i) => i.id)[0]).toBe('lapsed')
    expect(invoiceStatus(byId.lapsed!, 2000)).toBe('expired')
    expect(invoiceStatus(byId['newest-paid']!, 99_999)).toBe('paid')
  })

  test('a claim the link refused is not listed; told as refused, a listed one leaves the list', () => {
    useInvoices.getState().apply(inv('claimed'))
    useInvoices.getState().apply(inv('other'))
    expect(recentInvoices(useInvoices.getState().byId, 'a1', 2000).map((i) => i.id)).toContain('claimed')
    // main's invoice.updated once the link's server said no
    useInvoices.getState().apply(inv('claimed', { status: 'refused' }))
    expect(recentInvoices(useInvoices.getState().byId, 'a1', 2000).map((i) => i.id)).toEqual(['other'])
    // paid after all: listed again, as paid
    useInvoices.getState().apply(paid(inv('claimed')))
    expect(recentInvoices(useInvoices.getState().byId, 'a1', 2000).map((i) => i.id)).toEqual(['other', 'claimed'])
  })

  test('same second: a stable order, not whatever the object keys give', () => {
    const a = inv('x1')
    const b = inv('x2')
    const one = recentInvoices({ x1: a, x2: b }, 'a1', 0).map((i) => i.id)
    const two = recentInvoices({ x2: b, x1: a }, 'a1', 0).map((i) => i.id)
    expect(one).toEqual(two)
  })
})

describe('the Receive form: any amount and how long it lasts', () => {
  const form = { walletId: 'w1', amount: '', memo: 'tips', expirySec: DEFAULT_EXPIRY_SEC }
  test('an empty amount is an amountless invoice; the default lasts 24 hours', () => {
    expect(invoiceInput(form)).toEqual({ input: { walletId: 'w1', memo: 'tips', expirySec: 86_400 } })
    expect(expiryText(DEFAULT_EXPIRY_SEC)).toBe('24 hours')
  })
  test('an amount is whole sats above zero; the expiry is one of the choices', () => {
    expect(invoiceInput({ ...form, amount: '1,234', expirySec: 600 })).toEqual({
      input: { walletId: 'w1', memo: 'tips', expirySec: 600, amountSat: 1234 },
    })
    expect(invoiceInput({ ...form, amount: 'lots' })).toEqual({
      problem: 'Enter an amount in whole sats, such as 1,000, or leave it empty for any amount.',
    })
    expect(invoiceInput({ ...form, amount: '1.5' })).toEqual({ problem: 'Invoices are for whole sats.' })
    expect(invoiceInput({ ...form, expirySec: 59 })).toEqual({ problem: 'Choose how long the invoice lasts.' })
    expect(invoiceInput({ ...form, walletId: '' })).toEqual({ problem: 'Choose a wallet.' })
    expect(EXPIRY_CHOICES.map((c) => expiryText(c.sec))).toEqual(['10 minutes', '1 hour', '24 hours', '1 week'])
    expect(expiryText(1800)).toBe('30 minutes')
  })
  test('each wrong number is told what is wrong with it: too small, negative, written short, too much', () => {
    const said = (amount: string) => {
      const r = invoiceInput({ ...form, amount })
      return 'problem' in r ? r.problem : null
    }
    expect(said('0')).toBe('An invoice needs at least 1 sat. Leave the amount empty to let the payer choose.')
    expect(said('-5')).toBe('An amount cannot be negative: enter how many sats to receive, such as 1,000.')
    expect(said('−5')).toBe(said('-5'))
    expect(said('1e21')).toBe(
      'Write the amount out in digits, such as 1,000,000: short forms such as 1e6 are not read.',
    )
    expect(said('2,100,000,000,000,001')).toBe(
      'That is more than all the bitcoin there will ever be: 21 million BTC, 2,100,000,000,000,000 sats.',
    )
    expect(said('0.5')).toBe('Invoices are for whole sats.')
  })
  test('in German too, with its own marks', async () => {
    await setLanguage('de')
    try {
      const r = invoiceInput({ ...form, amount: '2.100.000.000.000.001' })
      expect(r).toEqual({
        problem: 'Das ist mehr als alle Bitcoin, die es je geben wird: 21 Millionen BTC, 2.100.000.000.000.000 sats.',
      })
      expect(invoiceInput({ ...form, amount: '0' })).toEqual({
        problem: 'Eine Rechnung braucht mindestens 1 sat. Lass den Betrag leer, damit der Zahler ihn wählt.',
      })
    } finally {
      await setLanguage('en')
    }
  })
  test('"Any amount" until paid, then the amount received', async () => {
    const open = inv('x', { amountSat: 0 })
    expect(invoiceAmountText(open)).toBe('Any amount')
    expect(invoiceAmountText(inv('y'))).toBe('100 sats')
    fake.ok('invoices.create', open)
    await useInvoices.getState().create({ walletId: 'w1', memo: '', expirySec: 600 })
    expect(fake.callsOf('invoices.create')[0]?.input).toEqual({ walletId: 'w1', memo: '', expirySec: 600 })
    const off = subscribe()
    fake.emit('invoice.updated', { ...paid(open), amountSat: 1234 })
    const now = useInvoices.getState().byId.x!
    expect(invoiceAmountText(now)).toBe('1,234 sats')
    expect(invoiceAmountText({ ...paid(open), amountSat: 0 })).toBe('Amount not reported')
    off()
  })
})
