// Koinly's "Universal" CSV template (support.koinly.io, "How to create a custom CSV file with your
// data"): one row per movement, amounts positive, the fee in a column of its own, dates in UTC as
// `YYYY-MM-DD HH:mm UTC`. Net Worth is the value at the row's own price (when the ledger has it;
// empty lets Koinly price the row itself). Labels come from Koinly's list: money from others is
// `income`, a standalone fee `cost`; a move between one's own wallets has no label (Koinly
// treats an unlabelled deposit or withdrawal as a transfer, never as income) and says so.
import type { FiatCurrency } from '@shared/contract'
import type { LedgerTx } from '../view'
import { btc, description, type ExportFormat, fiatThen, taxKind, utc } from './common'

export const KOINLY_HEADER = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const

const LABEL = { received: 'income', sent: '', fee: 'cost', transfer: '' } as const

export function koinlyFormat(currency: FiatCurrency): ExportFormat {
  return {
    header: KOINLY_HEADER,
    cells(t: LedgerTx) {
      const kind = taxKind(t)
      const out = t.amountMsat < 0
      const amount = btc(t.amountMsat)
      const fee = btc(t.feeMsat)
      const worth = fiatThen(t, t.amountMsat, currency)
      const u = utc(t.createdAt)
      const words = kind === 'transfer' ? `Transfer between own wallets: ${description(t)}` : description(t)
      return [
        `${u.y}-${u.mo}-${u.d} ${u.h}:${u.mi} UTC`,
        out ? amount : null,
        out && amount ? 'BTC' : null,
        out ? null : amount,
        !out && amount ? 'BTC' : null,
        fee,
        fee ? 'BTC' : null,
        worth,
        worth ? currency : null,
        LABEL[kind] || null,
        words,
        t.paymentHash ?? t.txId,
      ]
    },
  }
}
