// What the Receive form turns into an `invoices.create` input, and how an invoice's amount reads.
// Kept out of the invoices store, which is in the first chunk.
import type { OpInput, PendingInvoice } from '@shared/contract'
import { MAX_SAT } from '@shared/payment/bitcoin'
import { parseSatInput, readNumber } from '@shared/units'
import { formatLocale, type MessageId, t } from '../i18n'
import { type Money, moneyNow } from './money'

/** How long an invoice can be paid. A day is the service's own default (docs/service.md). */
export const EXPIRY_CHOICES = [
  { sec: 600, label: 'invoiceForm.tenMinutes' },
  { sec: 3600, label: 'invoiceForm.oneHour' },
  { sec: 86_400, label: 'invoiceForm.oneDay' },
  { sec: 604_800, label: 'invoiceForm.oneWeek' },
] as const satisfies ReadonlyArray<{ sec: number; label: MessageId }>
export const DEFAULT_EXPIRY_SEC = 86_400

export type InvoiceForm = { walletId: string; amount: string; memo: string; expirySec: number }

/** The input to send, or a sentence saying what to fix. An empty amount lets the payer choose. */
export function invoiceInput(f: InvoiceForm): { input: OpInput<'invoices.create'> } | { problem: string } {
  if (!f.walletId) return { problem: t('invoiceForm.chooseAWallet') }
  if (!EXPIRY_CHOICES.some((c) => c.sec === f.expirySec)) return { problem: t('invoiceForm.chooseHowLongTheInvoice') }
  const base = { walletId: f.walletId, memo: f.memo, expirySec: f.expirySec }
  if (f.amount.trim() === '') return { input: base }
  const read = satAmount(f.amount)
  return 'problem' in read ? read : { input: { ...base, amountSat: read.sat } }
}

/**
 * A typed amount as whole sats, or what is wrong with that number in particular: below 1 sat,
 * negative, written short (1e21), a fraction, or more than there will ever be; else the general words.
 */
export function satAmount(text: string): { sat: number } | { problem: string } {
  const locale = formatLocale()
  const typed = text.trim()
  if (/^[-−–‒]\s*\d/u.test(typed)) return { problem: t('invoiceForm.amountNotNegative') }
  if (/^\d+(?:[.,]\d+)?e[+-]?\d+$/iu.test(typed)) return { problem: t('invoiceForm.amountInDigits') }
  const read = readNumber(typed, locale, 3)
  if (read && Number(read.whole) > MAX_SAT) {
    // a fact about bitcoin, not the person's balance: shown whether balances are hidden or not
    return { problem: t('invoiceForm.amountOverAllBitcoin', { amount: MAX_SAT.toLocaleString(locale) }) }
  }
  const msat = parseSatInput(typed, locale)
  if (msat === null) return { problem: t('invoiceForm.enterAnAmountInWhole') }
  if (msat === 0) return { problem: t('invoiceForm.amountAtLeastOneSat') }
  if (msat % 1000 !== 0) return { problem: t('invoiceForm.invoicesAreForWholeSats') }
  return { sat: msat / 1000 }
}

/** The payer chose the amount: 0 until paid, then what was received. */
export function isAnyAmount(inv: PendingInvoice): boolean {
  return inv.amountSat === 0
}

/** "Any amount" for an amountless invoice until it is paid, then the amount received. */
export function invoiceAmountText(inv: PendingInvoice, money: Money = moneyNow()): string {
  if (!isAnyAmount(inv)) return money.sat(inv.amountSat)
  return inv.status === 'paid' ? t('invoiceForm.amountNotReported') : t('invoiceForm.anyAmount')
}

/** "10 minutes", "1 hour", "24 hours", "1 week", or whole minutes for anything else. */
export function expiryText(sec: number): string {
  const choice = EXPIRY_CHOICES.find((c) => c.sec === sec)
  if (choice) return t(choice.label)
  const min = Math.round(sec / 60)
  return t('invoiceForm.minute', { count: min })
}
