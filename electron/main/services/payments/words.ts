// The service's refusals of a payment, said in plain words. The service's own text never reaches
// the person: it names internal limits in its own terms ("Invoice too large :) Max balance: N").
// Each pattern is one of the refusals docs/service.md lists under "Paying BOLT 11 and fees".
import { AppError } from '@shared/errors'
import { fundsProblem } from '@shared/payment/fees'

const REFUSALS: ReadonlyArray<[RegExp, string]> = [
  [/invoice expired|expired/i, 'This invoice has expired. Ask the payee for a new one. Nothing was paid.'],
  [/already paid/i, 'This invoice has been paid already. Nothing was paid again.'],
  [
    /INCORRECT_PAYMENT_DETAILS/i,
    'The payee turned this payment down; someone may have paid this invoice already. Nothing was paid.',
  ],
  [/NO_ROUTE|no route/i, 'No way to reach the payee was found within the fee limit. Nothing was paid.'],
  [/wallet busy/i, 'The wallet is busy with another payment. Nothing was paid; try again in a moment.'],
  [/active network/i, "This invoice is for another Lightning network than the service's. Nothing was paid."],
  [
    /any amount/i,
    'This invoice has no amount, and the service cannot pay those. Ask the payee for one with an amount.',
  ],
  [/invalid payment request/i, 'The service could not read this invoice. Nothing was paid.'],
]

/**
 * A failed payment's error as the person should read it. `unknown_outcome` and errors of the app
 * itself pass through; a refusal becomes its plain words.
 */
export function paymentError(err: unknown, wallet: { name: string; balanceMsat: number; amountMsat: number }): unknown {
  if (!(err instanceof AppError)) return err
  if (err.code === 'insufficient_funds') {
    const words = fundsProblem(wallet.name, wallet.balanceMsat, wallet.amountMsat)
    return new AppError('insufficient_funds', words ?? `Not enough in ${wallet.name} for this payment and its fee.`)
  }
  if (err.code !== 'invalid_input' && err.code !== 'lnurl_error') return err
  const limit = /limited to: (\d+) satoshi/i.exec(err.message)
  if (limit) return new AppError('invalid_input', `This service sends at most ${limit[1]} sats in one payment.`)
  for (const [pattern, words] of REFUSALS)
    if (pattern.test(err.message)) return new AppError(err.code, words, { retryable: false })
  return new AppError(err.code, 'The service refused this payment. Nothing was paid.', { retryable: false })
}
