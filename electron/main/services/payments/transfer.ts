// Moving sats between two of one's own wallets. A transfer moves money, so it is sent like a
// payment (docs/money.md, "Money rules"): by the journaled send (journaled.ts), so it is
// written to the journal before its request leaves, a request id the journal already knows is
// never sent again (a double click, or a retry after a restart), an answer that never came is
// recorded as `unknown`, never re-sent, and while it is on its way it is in the in-flight set the
// reconciling leaves alone (a sync meanwhile must not call it unknown). Its two rows go into the
// ledger at once, marked announced (moving one's own money is not news).
import { AppError } from '@shared/errors'
import type { TransferView } from '@shared/history'
import { type BackendClient, ledgerRow } from '../backends'
import { mt } from '../i18n'
import type { Ledger } from '../ledger'
import type { SendJournaled } from './journaled'

export interface TransferInput {
  fromWalletId: string
  toWalletId: string
  amountSat: number
  memo: string
  requestId: string
}

export interface TransferDeps {
  client: Pick<BackendClient, 'transfer'>
  /** the one way money leaves (journaled.ts) */
  send: SendJournaled
  /** the rows are stored here too when given (the history shows the move at once) */
  ledger?: Pick<Ledger, 'insertBatch'>
  accountId: string
}

export const alreadySent = () => mt('payments.transferAlreadySent')

export async function transferBetweenWallets(t: TransferInput, d: TransferDeps): Promise<TransferView> {
  if (t.fromWalletId === t.toWalletId) throw new AppError('invalid_input', mt('payments.twoWallets'))
  const entry = {
    requestId: t.requestId,
    accountId: d.accountId,
    walletId: t.fromWalletId,
    kind: 'transfer' as const,
    amountMsat: t.amountSat * 1000,
    feeLimitMsat: null,
    target: t.toWalletId,
  }
  const moved = await d.send(
    entry,
    (notes) =>
      d.client.transfer(t.fromWalletId, {
        toWalletId: t.toWalletId,
        amountSat: t.amountSat,
        ...(t.memo ? { memo: t.memo } : {}),
        // the sync and the reconciling find the app's own transfer by this id (docs/ledger.md)
        notes,
      }),
    { already: alreadySent() },
  )
  const out = moved.out
  const inn = moved.in
  try {
    d.ledger?.insertBatch(d.accountId, [ledgerRow(out), ledgerRow(inn)], { announce: false })
  } catch {
    // the money moved: a row the ledger could not take now comes with the next sync
  }
  return {
    fromWalletId: t.fromWalletId,
    toWalletId: t.toWalletId,
    amountSat: t.amountSat,
    memo: t.memo,
    outTxId: out.txId,
    inTxId: inn.txId,
    createdAt: out.createdAt,
  }
}
