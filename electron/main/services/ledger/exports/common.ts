// What the accountants' formats share (docs/ledger.md, "Exports for tax tools"): amounts in BTC
// from msat without floating point, the fiat value at the row's own price, and what a row is for
// tax: money from someone, money to someone, a fee, or a move between one's own wallets (the
// same account's wallets: never income, never a disposal).
import type { FiatCurrency } from '@shared/contract'
import { satPriceThen } from '@shared/priceThen'
import type { LedgerTx } from '../view'

export interface ExportFormat {
  header: readonly string[]
  cells(t: LedgerTx): Array<string | number | null>
}

export type TaxKind = 'transfer' | 'fee' | 'received' | 'sent'

const TRANSFER_TYPES = new Set(['ln_transfer_in', 'ln_transfer_out'])
const FEE_TYPES = new Set(['network_fee', 'service_fee'])

export function taxKind(t: Pick<LedgerTx, 'typeName' | 'amountMsat'>): TaxKind {
  if (TRANSFER_TYPES.has(t.typeName)) return 'transfer'
  if (FEE_TYPES.has(t.typeName)) return 'fee'
  return t.amountMsat >= 0 ? 'received' : 'sent'
}

const MSAT_PER_BTC = 100_000_000_000n

/** |msat| as BTC, exact (up to 11 decimals, trailing zeros dropped): 1_500 → "0.000000015"; 0 → null */
export function btc(msat: number): string | null {
  if (msat === 0) return null
  const m = BigInt(Math.abs(Math.trunc(msat)))
  const whole = m / MSAT_PER_BTC
  const frac = (m % MSAT_PER_BTC).toString().padStart(11, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}

/** |msat| in `currency` at the row's own price, two decimals (none for JPY); null without a price */
export function fiatThen(t: Pick<LedgerTx, 'priceThen'>, msat: number, currency: FiatCurrency): string | null {
  const satPrice = satPriceThen(t.priceThen, currency)
  if (satPrice === null || msat === 0) return null
  const value = (Math.abs(msat) / 1000) * satPrice
  return value.toFixed(currency === 'JPY' ? 0 : 2)
}

/** what the person reads about the row, one line: words, memo, their label */
export function description(t: LedgerTx): string {
  return [t.words, t.memo, t.comment, t.label].filter((s): s is string => !!s).join(' · ')
}

const two = (n: number) => String(n).padStart(2, '0')
/** the row's time as UTC parts */
export function utc(sec: number) {
  const d = new Date(sec * 1000)
  return {
    y: d.getUTCFullYear(),
    mo: two(d.getUTCMonth() + 1),
    d: two(d.getUTCDate()),
    h: two(d.getUTCHours()),
    mi: two(d.getUTCMinutes()),
    s: two(d.getUTCSeconds()),
  }
}
