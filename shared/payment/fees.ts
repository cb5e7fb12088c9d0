// The most a payment can cost in routing fees, and what a wallet can pay with that room left
// (docs/payment-input.md, "Fees"). The app sends this limit as `fee_limit_msat` with an invoice,
// so the figure shown before confirming is a cap the service keeps. An LNbits server takes no
// limit and keeps its own reserve instead (docs/lnbits.md, "Fees"): there that reserve is the cap.
import type { Capabilities } from '../capabilities'
import { type Words, words } from '../i18n/words'
import { formatMsat } from '../units'

/** 0.1 % of the amount, rounded up to a whole sat, at least 1 sat. */
export function feeLimitMsat(amountMsat: number): number {
  return Math.max(1, Math.ceil(amountMsat / 1_000_000)) * 1000
}

/** The amount plus the most its fee can be. */
export function withFeeLimitMsat(amountMsat: number): number {
  return amountMsat + feeLimitMsat(amountMsat)
}

/**
 * LNbits' reserve with its default settings (`lnbits_reserve_fee_min` 2,000 msat,
 * `lnbits_reserve_fee_percent` 1 %): the figure for a lightning address, whose invoice (and so the
 * server's own answer) comes only when paying; main refuses there if the server asks more.
 */
export function lnbitsDefaultReserveMsat(amountMsat: number): number {
  return Math.max(2000, Math.trunc(amountMsat / 100))
}

/** The most the fee of `amountMsat` can be at an account with these flags, before an invoice is read. */
export function feeCapMsat(caps: Pick<Capabilities, 'serverFeeReserve'>, amountMsat: number): number {
  return caps.serverFeeReserve ? lnbitsDefaultReserveMsat(amountMsat) : feeLimitMsat(amountMsat)
}

/**
 * The largest whole-sat amount whose total, with the most its fee can be (`feeOf`, the app's
 * limit unless told), fits the balance ("send all"); 0 when none does.
 */
export function sendAllMsat(balanceMsat: number, feeOf: (amountMsat: number) => number = feeLimitMsat): number {
  const fits = (sats: number) => sats * 1000 + feeOf(sats * 1000) <= balanceMsat
  // the fee grows with the amount: the sats that fit are 0..n, found by halving
  let lo = 0
  let hi = Math.max(0, Math.floor(balanceMsat / 1000))
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(mid)) lo = mid
    else hi = mid - 1
  }
  return lo * 1000
}

/**
 * "Not enough in Everyday: 69,525 sats, this needs up to 70,070 sats with the fee", or null; the
 * amounts are written as `locale` writes numbers (English without one).
 */
export function fundsProblem(
  walletName: string,
  balanceMsat: number,
  amountMsat: number,
  locale?: string,
  /** the most the fee can be, where it is not the app's limit (an LNbits server's reserve) */
  feeMsat: number = feeLimitMsat(amountMsat),
): Words | null {
  const need = amountMsat + feeMsat
  if (need <= balanceMsat) return null
  return words('payments.fundsShort', {
    wallet: walletName,
    balance: formatMsat(balanceMsat, { locale }),
    need: formatMsat(need, { locale }),
  })
}
