// A history row as the ledger gives it (LedgerTx), for tests of what rows mean and how they are
// told: a plain arrival of 250 sats unless the test says otherwise.
import type { LedgerTx } from '../../electron/main/services/ledger'

export function ledgerRow(o: Partial<LedgerTx> = {}): LedgerTx {
  return {
    rowId: 1,
    accountId: 'acc',
    walletId: 'wal_a',
    walletLabel: 'Everyday',
    txId: 'wtx_1',
    typeName: 'ln_deposit',
    words: 'Received',
    amountMsat: 250_000,
    feeMsat: 0,
    memo: null,
    comment: null,
    payee: null,
    counterpartyWalletId: null,
    counterpartyLabel: null,
    lnTxId: null,
    paymentHash: null,
    preimage: null,
    requestId: null,
    label: null,
    createdAt: 1000,
    announced: false,
    ...o,
  }
}
