// Send's store for invoices, and its old bugs: Back keeps the form, a new error replaces the old,
// a look-up answer for input changed since is dropped, the balance is checked with the fee.
import type { InvoiceView, RecipientView } from '@shared/contract'
import { beforeEach, describe, expect, test } from 'vitest'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useSend } from '../../renderer/src/stores/send'
import { useWallets } from '../../renderer/src/stores/wallets'
import { BOLT11_SPEC } from '../shared/fixtures/bolt11Spec'
import { installFakeWallet } from './fakeWallet'

const stores = [useSend, useWallets, useAccounts] as const
const initial = stores.map((s) => s.getState())
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  for (const [i, s] of stores.entries()) (s as { setState(v: unknown, replace: true): void }).setState(initial[i], true)
  useWallets.setState({ wallets: [{ id: 'w1', label: 'Everyday', balanceMsat: 69_525_000, createdAt: 1 }] })
  useAccounts.setState({ activeId: 'acc_shown' })
})

const invoice: InvoiceView = {
  invoice: BOLT11_SPEC.coffee60s,
  network: 'mainnet',
  amountMsat: 2_000_000,
  description: 'Coffee',
  descriptionHash: null,
  payee: `02${'ab'.repeat(32)}`,
  paymentHash: 'cd'.repeat(32),
  expiresAt: 2_000_000_000,
  feeLimitMsat: 2000,
  decodedBy: 'service',
}
const recipient: RecipientView = {
  address: 'bob@sim.example',
  description: 'Bob',
  longDescription: null,
  minSendableMsat: 1000,
  maxSendableMsat: 100_000_000,
  commentAllowed: 20,
  wholeSats: false,
}
const payment = { txId: 'wtx_1', amountMsat: 2_000_000, feeMsat: 2000, preimage: 'ab', paymentHash: 'cd', createdAt: 1 }

describe('send: invoices', () => {
  test('an invoice is read by main, confirmed with its fee and paid from the account shown', async () => {
    fake.ok('pay.decode', invoice)
    await useSend.getState().probe(`lightning:${BOLT11_SPEC.coffee60s}`)
    expect(useSend.getState()).toMatchObject({ probeStatus: 'ready', invoice, recipient: null })
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: null, comment: '' })).toBeNull()
    expect(useSend.getState().confirmation).toMatchObject({
      kind: 'invoice',
      accountId: 'acc_shown',
      amountMsat: 2_000_000,
      feeLimitMsat: 2000,
    })
    // another account becomes active before Send now: the payment still names the one shown
    useAccounts.setState({ activeId: 'acc_other' })
    fake.ok('pay.invoice', payment)
    await useSend.getState().send()
    expect(fake.callsOf('pay.invoice')[0]?.input).toMatchObject({ accountId: 'acc_shown', walletId: 'w1' })
    expect(useSend.getState().result).toEqual(payment)
  })

  test('above the balance with the fee: refused before the confirmation, in plain words', async () => {
    fake.ok('lnurl.probe', recipient)
    await useSend.getState().probe('bob@sim.example')
    const problem = useSend.getState().review({ walletId: 'w1', amountMsat: 70_000_000, comment: '' })
    expect(problem).toBe('Not enough in Everyday: 69,525 sats, this needs up to 70,070 sats with the fee.')
    expect(useSend.getState().confirmation).toBeNull()
    expect(useSend.getState().formError?.message).toBe(problem)
  })
  test('over what is left today with the fee: refused before the confirmation, in main’s words', async () => {
    fake.ok('pay.decode', invoice)
    await useSend.getState().probe(`lightning:${BOLT11_SPEC.coffee60s}`)
    const rules = { accountId: 'acc_shown', confirmAboveSat: null, passphraseSet: false, readable: true }
    const review = (spending: { dailyLimitSat: number | null; spentMsat: number; leftMsat: number | null }) =>
      useSend.getState().review({ walletId: 'w1', amountMsat: null, comment: '', spending: { ...rules, ...spending } })
    // 2,000 sats and at most 2 of fee: 2,001 left is not enough
    expect(review({ dailyLimitSat: 5000, spentMsat: 2_999_000, leftMsat: 2_001_000 })).toBe(
      'This payment would go over the daily limit of 5,000 sats: 2,999 sats went out in the last 24 hours (fees included), so 2,001 sats can still be spent today. This payment needs up to 2,002 sats with its fee.',
    )
    expect(useSend.getState()).toMatchObject({ confirmation: null, formError: { code: 'limit' } })
    expect(review({ dailyLimitSat: 5000, spentMsat: 2_998_000, leftMsat: 2_002_000 })).toBeNull()
    useSend.getState().back()
    // no daily limit, or main not heard from yet: nothing to check here (main still decides)
    expect(review({ dailyLimitSat: null, spentMsat: 0, leftMsat: null })).toBeNull()
    useSend.getState().back()
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: null, comment: '' })).toBeNull()
  })
})

describe('send: old bugs', () => {
  test('Back keeps the amount, the comment and the wallet', async () => {
    fake.ok('lnurl.probe', recipient)
    await useSend.getState().probe('bob@sim.example')
    useSend.getState().setForm({ walletId: 'w1', amount: '2,100', comment: 'for the coffee' })
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: 2_100_000, comment: 'for the coffee' })).toBeNull()
    useSend.getState().back()
    expect(useSend.getState().confirmation).toBeNull()
    expect(useSend.getState().form).toEqual({
      input: 'bob@sim.example',
      walletId: 'w1',
      amount: '2,100',
      comment: 'for the coffee',
    })
    expect(useSend.getState().recipient).toEqual(recipient)
  })

  test('a new error replaces the old one', async () => {
    fake.fail('lnurl.probe', 'lnurl_error', 'That address could not be found.')
    await useSend.getState().probe('nobody@sim.example')
    expect(useSend.getState().formError?.message).toBe('That address could not be found.')
    await useSend.getState().probe('hello')
    expect(useSend.getState().formError?.message).toBe('This is not a lightning address, LNURL or Lightning invoice.')
    fake.ok('lnurl.probe', recipient)
    await useSend.getState().probe('bob@sim.example')
    expect(useSend.getState().formError).toBeNull()
    useSend.getState().review({ walletId: 'w1', amountMsat: null, comment: '' })
    expect(useSend.getState().formError?.message).toMatch(/Enter an amount/)
  })

  test('a look-up answer for input the person has changed since is dropped', async () => {
    const release = fake.deferred('lnurl.probe')
    const pending = useSend.getState().probe('bob@sim.example')
    useSend.getState().setForm({ input: 'bob@sim.exampl' })
    release({ ok: true, value: recipient })
    await pending
    expect(useSend.getState()).toMatchObject({ recipient: null, probeStatus: 'idle' })
    expect(useSend.getState().form.input).toBe('bob@sim.exampl')
  })
})
