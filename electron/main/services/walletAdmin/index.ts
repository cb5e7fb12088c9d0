// Managing one's own wallets: moving sats between two of them, and making a new one.
//
// A transfer moves money, so it follows the payment rules (docs/architecture.md, "Money rules"):
// it is written to the journal before its request leaves, a request id the journal already
// knows is never sent again (a double click, or a retry after a restart), and an answer that
// never came is recorded as `unknown`, never re-sent. Its two rows go into the ledger at once,
// marked announced (moving one's own money is not news).
//
// A new wallet's access keys are shown once by the service. They are secrets: never logged,
// never stored, and passed on only when the person asked to see them.

import { AppError } from '@shared/errors'
import type { CreatedWalletView, TransferView } from '@shared/history'
import type { ServiceClient } from '../client'
import { fromServiceTx, type Journal, type Ledger, REQUEST_ID_KEY } from '../ledger'

export interface TransferInput {
  fromWalletId: string
  toWalletId: string
  amountSat: number
  memo: string
  requestId: string
}

export interface TransferDeps {
  client: Pick<ServiceClient, 'transfer'>
  journal: Pick<Journal, 'add' | 'mark'>
  /** the rows are stored here too when given (the history shows the move at once) */
  ledger?: Pick<Ledger, 'insertBatch'>
  accountId: string
}

export const ALREADY_SENT =
  'This transfer was already sent once. Look in the history for it before moving the sats again.'

export async function transferBetweenWallets(t: TransferInput, d: TransferDeps): Promise<TransferView> {
  if (t.fromWalletId === t.toWalletId) throw new AppError('invalid_input', 'Choose two different wallets.')
  const { created } = d.journal.add({
    requestId: t.requestId,
    accountId: d.accountId,
    walletId: t.fromWalletId,
    kind: 'transfer',
    amountMsat: t.amountSat * 1000,
    feeLimitMsat: null,
    target: t.toWalletId,
  })
  if (!created) throw new AppError('busy', ALREADY_SENT, { retryable: false })
  d.journal.mark(t.requestId, 'sent')
  let res: Awaited<ReturnType<ServiceClient['transfer']>>
  try {
    res = await d.client.transfer(t.fromWalletId, {
      dest_wallet_id: t.toWalletId,
      num_satoshis: t.amountSat,
      ...(t.memo ? { memo: t.memo } : {}),
      // the sync finds the app's own transfer by this id (docs/ledger.md)
      passThru: { [REQUEST_ID_KEY]: t.requestId },
    })
  } catch (err) {
    const unknown = !(err instanceof AppError) || err.code === 'unknown_outcome'
    d.journal.mark(t.requestId, unknown ? 'unknown' : 'failed', {
      error: err instanceof Error ? err.message.slice(0, 500) : 'failed',
    })
    throw err
  }
  const out = res.wtx_transfer_out
  const inn = res.wtx_transfer_in
  d.journal.mark(t.requestId, 'paid', { txId: out.id })
  try {
    d.ledger?.insertBatch(d.accountId, [fromServiceTx(t.fromWalletId, out), fromServiceTx(t.toWalletId, inn)], {
      announce: false,
    })
  } catch {
    // the money moved: a row the ledger could not take now comes with the next sync
  }
  return {
    fromWalletId: t.fromWalletId,
    toWalletId: t.toWalletId,
    amountSat: t.amountSat,
    memo: t.memo,
    outTxId: out.id,
    inTxId: inn.id,
    createdAt: out.created_at,
  }
}

export async function createWallet(
  client: Pick<ServiceClient, 'createWallet'>,
  name: string,
  showKeys: boolean,
): Promise<CreatedWalletView> {
  const made = await client.createWallet(name)
  const keys = showKeys
    ? Object.entries(made.access_keys).map(([role, list]) => ({ role: role.slice(0, 100), keys: list }))
    : null
  return { walletId: made.id, label: made.user_label ?? name, keys }
}
