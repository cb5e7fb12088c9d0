// An NWC account read by the sync loop as if it were the service: one wallet (the one behind the
// connection string), its balance from get_balance, its history from list_transactions in pages
// (limit/offset, newest first), an lnTx from lookup_invoice. The loop and the ledger store it
// unchanged. Only settled rows are handed on: the service's feed, too, lists a payment once it
// has settled.
import type { LnTx, PaginationHeaders, Wallet, WalletTransaction } from '@shared/schemas/service'
import type { SyncClient } from '../../sync/reads'
import type { Tx } from './answers'
import type { NwcAccount } from './index'

/** the one wallet's id: stable for a connection, no secret in it */
export function nwcWalletId(walletPubkey: string): string {
  return `nwc-${walletPubkey.slice(0, 16)}`
}

const settled = (t: Tx) => (t.state ? t.state === 'settled' : t.settled_at != null)

function lnTxOf(t: Tx): LnTx {
  return {
    id: t.payment_hash,
    created_at: t.created_at,
    ln_node_id: null,
    dest_pubkey: null,
    payment_request: t.invoice || t.payment_hash,
    r_hash_decoded: t.payment_hash,
    memo: t.description ?? null,
    description_hash: null,
    payment_addr: null,
    num_satoshis: Math.trunc(t.amount / 1000),
    fee_msat: t.fees_paid ?? null,
    expires_at: t.expires_at ?? null,
    payment_preimage: t.preimage ?? null,
    settled: settled(t),
    settled_at: t.settled_at ?? null,
    is_keysend: false,
    is_amp: false,
  }
}

function rowOf(t: Tx): WalletTransaction {
  const sign = t.type === 'incoming' ? 1 : -1
  // an outgoing row counts what left: the amount and the fee
  const msat = t.amount + (t.type === 'outgoing' ? (t.fees_paid ?? 0) : 0)
  return {
    id: `${t.type === 'incoming' ? 'in' : 'out'}-${t.payment_hash}`,
    created_at: t.settled_at ?? t.created_at,
    num_satoshis: sign * Math.trunc(msat / 1000),
    num_msat: sign * msat,
    user_label: null,
    wtxType: { name: t.type === 'incoming' ? 'ln_deposit' : 'ln_withdrawal', layer: 'ln' },
    lnTx: lnTxOf(t),
    passThru: {},
  }
}

export function nwcSyncClient(account: NwcAccount, walletPubkey: string, label = 'NWC wallet'): SyncClient {
  const walletId = nwcWalletId(walletPubkey)
  async function page(p: number, perPage: number) {
    const { transactions } = await account.listTransactions({ limit: perPage, offset: (p - 1) * perPage })
    // NIP-47 gives no total: a full page means there may be another
    const more = transactions.length >= perPage
    const pagination: PaginationHeaders = {
      totalCount: (p - 1) * perPage + transactions.length + (more ? 1 : 0),
      pageCount: more ? p + 1 : p,
      currentPage: p,
      perPage,
    }
    return { items: transactions.filter(settled).map(rowOf), pagination }
  }
  return {
    async listWallets(): Promise<Wallet[]> {
      const { balance } = await account.getBalance()
      return [
        {
          id: walletId,
          created_at: 0,
          user_label: label,
          balance: Math.trunc(balance / 1000),
          balance_msat: balance,
          default_lnurlpay_id: null,
        },
      ]
    },
    getLnTx: (async (id: string) => lnTxOf(await account.lookupInvoice({ payment_hash: id }))) as SyncClient['getLnTx'],
    listTransactions: (_wallet, p, perPage) => page(p, perPage),
    listAccountTransactions: (p, perPage) => page(p, perPage),
  }
}
