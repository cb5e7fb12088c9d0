// The service's refusals of a payment, said in plain words. The service's own text never reaches
// the person: it names internal limits in its own terms ("Invoice too large :) Max balance: N").
// Each pattern is one of the refusals docs/service.md lists under "Paying BOLT 11 and fees".
import { AppError } from '@shared/errors'
import { fundsProblem } from '@shared/payment/fees'
import { type MessageId, mainLocale, mt, mw } from '../i18n'
import { LnurlRefusal } from '../lnurlpay/refusal'

/** Each refusal's pattern and the catalog id of its words. */
const REFUSALS: ReadonlyArray<[RegExp, MessageId]> = [
  [/invoice expired|expired/i, 'payments.expired'],
  [/already paid/i, 'payments.alreadyPaid'],
  [/INCORRECT_PAYMENT_DETAILS/i, 'payments.turnedDown'],
  [/NO_ROUTE|no route/i, 'payments.noRoute'],
  [/wallet busy/i, 'payments.walletBusy'],
  [/active network/i, 'payments.otherNetwork'],
  [/any amount/i, 'payments.noAmount'],
  [/invalid payment request/i, 'payments.unreadableInvoice'],
]

/**
 * A failed payment's error as the person should read it. `unknown_outcome` and errors of the app
 * itself pass through; a refusal becomes its plain words.
 */
export function paymentError(
  err: unknown,
  wallet: { name: string; balanceMsat: number; amountMsat: number; feeMsat?: number },
): unknown {
  if (!(err instanceof AppError)) return err
  if (err.code === 'insufficient_funds') {
    const words = fundsProblem(wallet.name, wallet.balanceMsat, wallet.amountMsat, mainLocale(), wallet.feeMsat)
    return new AppError('insufficient_funds', words ? mw(words) : mt('payments.notEnough', { wallet: wallet.name }))
  }
  // the app's own LNURL part said what the payee's server did wrong, in words already
  if (err instanceof LnurlRefusal) return err
  if (err.code !== 'invalid_input' && err.code !== 'lnurl_error') return err
  const limit = /limited to: (\d+) satoshi/i.exec(err.message)
  if (limit) return new AppError('invalid_input', mt('payments.sendsAtMost', { sats: limit[1] as string }))
  for (const [pattern, words] of REFUSALS)
    if (pattern.test(err.message)) return new AppError(err.code, mt(words), { retryable: false })
  return new AppError(err.code, mt('payments.refused'), { retryable: false })
}
