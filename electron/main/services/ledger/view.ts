// A stored row as the rest of the app sees it: one payment with its fee folded in, the person's
// label, the wallets' names and what happened in plain words. The rows keep what the service
// sent; the texts others wrote (memos, payers' comments, wallet labels) are cleaned on the way
// out (@shared/cleanText), so rows stored before a change of the cleaner show clean too.
import { cleanOptional } from '@shared/cleanText'
import type { ZapView } from '@shared/history'
import { type PriceThen, parsePriceThen } from '@shared/priceThen'
import { memoOf, txWords } from '@shared/txWords'
import { zapInPassThru } from './zapKept'

export interface LedgerTx {
  /** local id: order of arrival, the keyset cursor's tie-break, and what markAnnounced takes */
  rowId: number
  accountId: string
  walletId: string
  walletLabel: string | null
  /** the service's id (`wtx_…`) */
  txId: string
  typeName: string
  /** "Received", "Sent to alice@…", "Moved from Savings" */
  words: string
  /** signed, without the fee: negative for money leaving the wallet */
  amountMsat: number
  /** the folded network fees, signed like the amount (≤ 0); amount + fee is the balance change */
  feeMsat: number
  memo: string | null
  comment: string | null
  payee: string | null
  counterpartyWalletId: string | null
  counterpartyLabel: string | null
  lnTxId: string | null
  paymentHash: string | null
  preimage: string | null
  requestId: string | null
  label: string | null
  createdAt: number
  announced: boolean
  /** the price the row was seen at (null until known), docs/rates.md */
  priceThen?: PriceThen | null
  /** a zap's sender and app, kept in pass_thru (ledger/zap.ts) */
  zap?: ZapView | null
}

export interface TxRow {
  id: number
  account_id: string
  wallet_id: string
  tx_id: string
  type: string
  amount_msat: number
  fee_msat: number
  memo: string | null
  comment: string | null
  payee: string | null
  counterparty_wallet_id: string | null
  lntx_id: string | null
  payment_hash: string | null
  preimage: string | null
  request_id: string | null
  created_at: number
  announced: number
  label: string | null
  wallet_label: string | null
  counterparty_label: string | null
  price_then?: string | null
  pass_thru?: string | null
}

export function toLedgerTx(r: TxRow): LedgerTx {
  const counterpartyLabel = cleanOptional(r.counterparty_label)
  const counterparty = counterpartyLabel || r.counterparty_wallet_id
  const payee = cleanOptional(r.payee)
  return {
    rowId: r.id,
    accountId: r.account_id,
    walletId: r.wallet_id,
    walletLabel: cleanOptional(r.wallet_label),
    txId: r.tx_id,
    typeName: r.type,
    words: txWords({ typeName: r.type, amountMsat: r.amount_msat, payee, counterparty }),
    amountMsat: r.amount_msat,
    feeMsat: r.fee_msat,
    memo: memoOf(r.type, cleanOptional(r.memo)),
    comment: cleanOptional(r.comment),
    payee,
    counterpartyWalletId: r.counterparty_wallet_id,
    counterpartyLabel,
    lnTxId: r.lntx_id,
    paymentHash: r.payment_hash,
    preimage: r.preimage,
    requestId: r.request_id,
    label: cleanOptional(r.label),
    createdAt: r.created_at,
    announced: r.announced === 1,
    priceThen: parsePriceThen(r.price_then ?? null),
    zap: zapInPassThru(r.pass_thru),
  }
}
