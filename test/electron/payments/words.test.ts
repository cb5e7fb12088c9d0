// The service's refusals of a payment, each turned into its own plain words (payments/words.ts).
// Every refusal the service gives is checked against the exact sentence the person reads.
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { LnurlRefusal } from '../../../electron/main/services/lnurlpay/refusal'
import { paymentError } from '../../../electron/main/services/payments/words'

const wallet = { name: 'Everyday', balanceMsat: 50_000_000, amountMsat: 1_000_000 }
const said = (err: unknown) => {
  const out = paymentError(err, wallet)
  if (!(out instanceof AppError)) throw new Error('not an AppError')
  return { code: out.code, message: out.message, retryable: out.retryable }
}
const refusal = (message: string, code: 'invalid_input' | 'lnurl_error' = 'invalid_input') =>
  said(new AppError(code, message, { retryable: true }))

describe('paymentError: the service refusals in plain words', () => {
  it.each([
    ['Invoice expired', 'This invoice has expired. Ask the payee for a new one. Nothing was paid.'],
    ['payment request has EXPIRED', 'This invoice has expired. Ask the payee for a new one. Nothing was paid.'],
    ['Invoice already paid', 'This invoice has been paid already. Nothing was paid again.'],
    [
      'Payment failed: INCORRECT_PAYMENT_DETAILS',
      'The payee turned this payment down; someone may have paid this invoice already. Nothing was paid.',
    ],
    ['NO_ROUTE', 'No way to reach the payee was found within the fee limit. Nothing was paid.'],
    ['Payment failed: no route found', 'No way to reach the payee was found within the fee limit. Nothing was paid.'],
    ['Wallet busy, try later', 'The wallet is busy with another payment. Nothing was paid; try again in a moment.'],
    [
      'Invoice is not for the active network',
      "This invoice is for another Lightning network than the service's. Nothing was paid.",
    ],
    [
      'Cannot pay any amount invoices',
      'This invoice has no amount, and the service cannot pay those. Ask the payee for one with an amount.',
    ],
    ['Invalid payment request', 'The service could not read this invoice. Nothing was paid.'],
    ['Something else entirely', 'The service refused this payment. Nothing was paid.'],
  ])('%s', (service, words) => {
    expect(refusal(service)).toEqual({ code: 'invalid_input', message: words, retryable: false })
  })

  it('keeps the code of an LNURL refusal and says it in the same words', () => {
    expect(refusal('Invoice already paid', 'lnurl_error')).toEqual({
      code: 'lnurl_error',
      message: 'This invoice has been paid already. Nothing was paid again.',
      retryable: false,
    })
  })

  it("passes the app's own LNURL refusal on in its words, where the service's text of that code is replaced", () => {
    const words = 'sim.example sent an invoice for another amount than the one asked. Nothing was paid.'
    expect(said(new LnurlRefusal(words))).toEqual({ code: 'lnurl_error', message: words, retryable: false })
    // the same words from the service itself (an AppError, not the app's refusal) are not trusted
    expect(refusal(words, 'lnurl_error').message).toBe('The service refused this payment. Nothing was paid.')
  })

  it('names the service limit with its own number', () => {
    expect(refusal('Payment is limited to: 250000 satoshi')).toEqual({
      code: 'invalid_input',
      message: 'This service sends at most 250000 sats in one payment.',
      retryable: false,
    })
  })

  it('says how much the wallet holds and needs when funds are short', () => {
    const out = paymentError(new AppError('insufficient_funds', 'Insufficient balance'), {
      name: 'Savings',
      balanceMsat: 2_000_000,
      amountMsat: 5_000_000,
    }) as AppError
    expect(out.code).toBe('insufficient_funds')
    expect(out.message).toMatch(/^Not enough in Savings: 2,000 sats, this needs up to 5,\d{3} sats with the fee\.$/)
  })

  it('falls back to a plain sentence when the balance would cover it (the service knows better)', () => {
    const out = paymentError(new AppError('insufficient_funds', 'Insufficient balance'), wallet) as AppError
    expect(out.message).toBe('Not enough in Everyday for this payment and its fee.')
  })

  it('passes an unknown outcome, an app error and a non-AppError through untouched', () => {
    const unknown = new AppError('unknown_outcome', 'lost')
    const internal = new AppError('internal', 'Invoice expired')
    const plain = new Error('Invoice expired')
    expect(paymentError(unknown, wallet)).toBe(unknown)
    expect(paymentError(internal, wallet)).toBe(internal)
    expect(paymentError(plain, wallet)).toBe(plain)
  })

  it("leaves an error that is not the app's own alone, even one carrying a refusal code", () => {
    // Node and library errors carry a `code` too; only the app's own errors are reworded.
    const shortOfFunds = Object.assign(new Error('Insufficient balance'), { code: 'insufficient_funds' })
    const refused = Object.assign(new Error('Invoice expired'), { code: 'invalid_input' })
    expect(paymentError(shortOfFunds, wallet)).toBe(shortOfFunds)
    expect(paymentError(refused, wallet)).toBe(refused)
  })
})
