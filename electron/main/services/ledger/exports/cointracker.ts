// CoinTracker's CSV template (support.cointracker.io, "Convert your transaction history to
// CoinTracker CSV"): exactly eight columns, none added or removed, dates `MM/DD/YYYY HH:MM:SS` in
// UTC, the fee in the currency it was paid in. The template has no fiat column (CoinTracker
// prices rows itself), so the value at the time is in the Koinly export only. Tags
// from CoinTracker's list: money from others is `payment` (received for a good or service); a
// move between one's own wallets carries no tag, which CoinTracker reads as a send and a receive
// it pairs into a transfer, not income.
import type { LedgerTx } from '../view'
import { btc, type ExportFormat, taxKind, utc } from './common'

export const COINTRACKER_HEADER = [
  'Date',
  'Received Quantity',
  'Received Currency',
  'Sent Quantity',
  'Sent Currency',
  'Fee Amount',
  'Fee Currency',
  'Tag',
] as const

const TAG = { received: 'payment', sent: '', fee: '', transfer: '' } as const

export const cointrackerFormat: ExportFormat = {
  header: COINTRACKER_HEADER,
  cells(t: LedgerTx) {
    const out = t.amountMsat < 0
    const amount = btc(t.amountMsat)
    const fee = btc(t.feeMsat)
    const u = utc(t.createdAt)
    return [
      `${u.mo}/${u.d}/${u.y} ${u.h}:${u.mi}:${u.s}`,
      out ? null : amount,
      !out && amount ? 'BTC' : null,
      out ? amount : null,
      out && amount ? 'BTC' : null,
      fee,
      fee ? 'BTC' : null,
      TAG[taxKind(t)] || null,
    ]
  },
}
