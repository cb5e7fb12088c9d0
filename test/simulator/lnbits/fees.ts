// LNbits' fee reserve: what a payment must leave in the wallet for its fee, and the most the
// funding source may spend on routing (lnbits/settings.py `FeeSettings.fee_reserve`,
// lnbits/core/services/payments.py `fee_reserve_total`, `_pay_external_invoice`). The client
// sends no fee limit; the server decides. Defaults are LNbits' own (2,000 msat, 1 %).
import { LnbitsError } from './errors'

export interface LnbitsFeeSettings {
  /** `lnbits_reserve_fee_min`, msat */
  reserveFeeMinMsat: number
  /** `lnbits_reserve_fee_percent` */
  reserveFeePercent: number
}

export const LNBITS_FEE_DEFAULTS: LnbitsFeeSettings = { reserveFeeMinMsat: 2000, reserveFeePercent: 1.0 }

/** `fee_reserve(amount, internal)`: 0 between wallets of the server, else max(min, amount × percent). */
export function feeReserveMsat(s: LnbitsFeeSettings, amountMsat: number, internal: boolean): number {
  if (internal) return 0
  return Math.max(Math.trunc(s.reserveFeeMinMsat), Math.trunc((Math.abs(amountMsat) * s.reserveFeePercent) / 100))
}

/** Python's round(): halves go to the even neighbour, as in LNbits' refusal text. */
function pyRound(x: number): number {
  const r = Math.round(x)
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r
}

/**
 * `_pay_external_invoice`'s two balance checks (the internal path has only the first, with a
 * reserve of 0), both `PaymentError` 520 `failed`, in LNbits' words; null when the wallet can pay.
 */
export function reserveRefusal(balanceMsat: number, amountMsat: number, reserveMsat: number): LnbitsError | null {
  if (balanceMsat < amountMsat) return new LnbitsError(520, 'Insufficient balance.', 'failed')
  if (balanceMsat >= amountMsat + reserveMsat) return null
  const sat = pyRound(reserveMsat / 1000)
  return new LnbitsError(520, `You must reserve at least (${sat}  sat) to cover potential routing fees.`, 'failed')
}
