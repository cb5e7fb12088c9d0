// The most a payment can cost in routing fees, and what a wallet can pay with that room left
// (docs/payment-input.md, "Fees"). The app sends this limit as `fee_limit_msat` with an invoice,
// so the figure shown before confirming is a cap the service keeps.
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

/** The largest whole-sat amount whose total fits the balance ("send all"); 0 when none does. */
export function sendAllMsat(balanceMsat: number): number {
  // the fee is about a thousandth: start just under the answer and step
  let sats = Math.max(0, Math.floor((balanceMsat / 1000) * (1000 / 1001)) - 2)
  // up from 0 too: a balance of 2-3 sats still pays 1 sat with its 1-sat fee limit
  while (withFeeLimitMsat((sats + 1) * 1000) <= balanceMsat) sats++
  while (sats > 0 && withFeeLimitMsat(sats * 1000) > balanceMsat) sats--
  return sats * 1000
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
): Words | null {
  const need = withFeeLimitMsat(amountMsat)
  if (need <= balanceMsat) return null
  return words('payments.fundsShort', {
    wallet: walletName,
    balance: formatMsat(balanceMsat, { locale }),
    need: formatMsat(need, { locale }),
  })
}
