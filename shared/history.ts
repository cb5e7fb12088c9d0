// The history and wallet-management views the renderer sees (issue 11): a page of the local
// ledger, its filter, a transfer between one's own wallets and a new wallet. Schemas only; the
// operations that use them are in contract/history.ts, the reading side is described in docs/ledger.md.
import { z } from 'zod'
import { TX_KINDS, type TxKind } from './historyLimits'
import { PriceThen } from './priceThen'

export { LABEL_MAX, TRANSFER_MEMO_MAX, TX_KINDS, type TxKind, WALLET_NAME_MAX } from './historyLimits'

const int = z.number().int()
const id = z.string().min(1).max(200)

const TxKindName = z.enum(Object.keys(TX_KINDS) as [TxKind, ...TxKind[]])

/** What the person narrows the history to; the account is the active one. */
export const HistoryFilterInput = z.object({
  /** a wallet id, or 'all' */
  walletId: id.default('all'),
  direction: z.enum(['all', 'sent', 'received']).default('all'),
  kind: TxKindName.optional(),
  /** Unix seconds, inclusive */
  from: int.nonnegative().optional(),
  /** Unix seconds, exclusive */
  to: int.nonnegative().optional(),
  /** words found in memo, comment, payee, label or a claimed link's memo, or an amount in sats */
  search: z.string().max(200, 'Search for at most 200 characters.').optional(),
})
export type HistoryFilterInput = z.input<typeof HistoryFilterInput>

/** the CSV export's columns: the plain ones, or a tax tool's import format (docs/ledger.md) */
export const CsvFormat = z.enum(['plain', 'koinly', 'cointracker'])
export type CsvFormat = z.infer<typeof CsvFormat>

const Cursor = z.object({ createdAt: int.nonnegative(), rowId: int.nonnegative() }).strict()
export type HistoryCursor = z.infer<typeof Cursor>

export const HistoryQuery = HistoryFilterInput.extend({
  limit: int.min(1).max(500).default(25),
  /** 1-based; with `after`, the number of the page `after` opens (for display only) */
  page: int.min(1).max(10_000_000).default(1),
  /** keyset cursor: the `next` of the page before (no OFFSET) */
  after: Cursor.optional(),
}).strict()

export const ClaimedLinkView = z.object({ memo: z.string().max(4096), shortId: z.string().max(16) }).strict()
export type ClaimedLinkView = z.infer<typeof ClaimedLinkView>

/** a zap's sender and the app it came through, where known ("Zap from … via …") */
export const ZapView = z.object({ from: z.string().max(128).nullable(), via: z.string().max(128).nullable() }).strict()
export type ZapView = z.infer<typeof ZapView>

/** One payment as the history shows it: its fee folded in, what happened in plain words. */
export const HistoryRow = z.object({
  rowId: int,
  txId: id,
  walletId: id,
  walletLabel: z.string().nullable(),
  typeName: z.string(),
  /** "Received", "Sent to alice@…", "Moved from Savings" */
  words: z.string(),
  /** signed, without the fee */
  amountMsat: int,
  /** signed like the amount (≤ 0); amount + fee is what the balance moved */
  feeMsat: int,
  memo: z.string().nullable(),
  comment: z.string().nullable(),
  payee: z.string().nullable(),
  label: z.string().nullable(),
  lnTxId: z.string().nullable(),
  paymentHash: z.string().nullable(),
  createdAt: int,
  /** the price the row was seen at (docs/rates.md, "Prices as they were"); null until known */
  priceThen: PriceThen.nullable().optional(),
  /**
   * the withdraw link of this app the row claimed: the person's own memo of it (empty when none)
   * and its short id, as the list of withdraw links names it; the row's `memo` is the claimer's
   * invoice's. Absent or null on every other row (docs/ledger.md, "Claimed links").
   */
  link: ClaimedLinkView.nullable().optional(),
  /** a zap: who sent it and through which app (docs/ledger.md); absent or null otherwise */
  zap: ZapView.nullable().optional(),
})
export type HistoryRow = z.infer<typeof HistoryRow>

export const HistoryPage = z.object({
  items: z.array(HistoryRow),
  /** rows matching the filter; with `capped`, a floor: a search counts up to 1,000 (docs/ledger.md) */
  total: int.nonnegative(),
  /** more rows match than `total` says: page numbers end at `pageCount`, Next goes on by `next` */
  capped: z.boolean(),
  page: int.positive(),
  pageCount: int.nonnegative(),
  limit: int.positive(),
  /** pass as `after` (with page + 1) for the next page; null on the last */
  next: Cursor.nullable(),
})
export type HistoryPage = z.infer<typeof HistoryPage>

export const TransferView = z.object({
  fromWalletId: id,
  toWalletId: id,
  amountSat: int.positive(),
  memo: z.string(),
  outTxId: id,
  inTxId: id,
  createdAt: int,
})
export type TransferView = z.infer<typeof TransferView>

export const CreatedWalletView = z.object({
  walletId: id,
  label: z.string(),
  /** the access keys, shown once, only when the person asked for them (never stored) */
  keys: z.array(z.object({ role: z.string(), keys: z.array(z.string()) })).nullable(),
})
export type CreatedWalletView = z.infer<typeof CreatedWalletView>
