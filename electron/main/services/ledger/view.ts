// A stored row as the rest of the app sees it: one payment with its fee folded in, the person's
// label, the wallets' names and what happened in plain words.
import { txWords } from '@shared/txWords'

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
}

export function toLedgerTx(r: TxRow): LedgerTx {
  const counterparty = r.counterparty_label || r.counterparty_wallet_id
  return {
    rowId: r.id,
    accountId: r.account_id,
    walletId: r.wallet_id,
    walletLabel: r.wallet_label,
    txId: r.tx_id,
    typeName: r.type,
    words: txWords({ typeName: r.type, amountMsat: r.amount_msat, payee: r.payee, counterparty }),
    amountMsat: r.amount_msat,
    feeMsat: r.fee_msat,
    memo: r.memo,
    comment: r.comment,
    payee: r.payee,
    counterpartyWalletId: r.counterparty_wallet_id,
    counterpartyLabel: r.counterparty_label,
    lnTxId: r.lntx_id,
    paymentHash: r.payment_hash,
    preimage: r.preimage,
    requestId: r.request_id,
    label: r.label,
    createdAt: r.created_at,
    announced: r.announced === 1,
  }
}
