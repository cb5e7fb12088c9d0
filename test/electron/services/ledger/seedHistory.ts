// A seed's history read from the simulator over real HTTP, the way the sync loop will read it.

import { fromServiceTx } from '../../../../electron/main/services/backends/service/rows'
import {
  type WalletTransaction,
  WalletTransactionList,
} from '../../../../electron/main/services/backends/service/schemas'
import type { LedgerTxInput } from '../../../../electron/main/services/ledger'
import { type SeedName, startSimulator } from '../../../simulator/index'

export interface SeedWallet {
  id: string
  label: string
  /** the balance the service reports at the end */
  balanceMsat: number
  /** as the service lists them: newest first */
  txs: WalletTransaction[]
}

/** Every page of a wallet's transactions, 500 a page, through the service's own API. */
export async function fetchHistory(url: string, key: string, walletId: string): Promise<WalletTransaction[]> {
  const out: WalletTransaction[] = []
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/v1/wallet/${walletId}/transactions?page=${page}&per-page=500`, {
      headers: { 'X-Api-Key': key },
    })
    if (!res.ok) throw new Error(`transactions page ${page}: HTTP ${res.status}`)
    out.push(...WalletTransactionList.parse(await res.json()))
    if (page >= Number(res.headers.get('x-pagination-page-count'))) return out
  }
}

/** Starts the simulator with `seed`, reads every wallet's history and balance, and stops it. */
export async function readSeed(seed: SeedName, tx?: number): Promise<SeedWallet[]> {
  const sim = await startSimulator({ seed, tx })
  try {
    const wallets: SeedWallet[] = []
    for (const w of sim.keys.wallets) {
      const res = await fetch(`${sim.url}/v1/wallet/${w.id}`, { headers: { 'X-Api-Key': sim.keys.secret } })
      const body = (await res.json()) as { balance_msat: number }
      const txs = await fetchHistory(sim.url, sim.keys.secret, w.id)
      wallets.push({ id: w.id, label: w.label, balanceMsat: body.balance_msat, txs })
    }
    return wallets
  } finally {
    await sim.close()
  }
}

/** The ledger's rows of a seed wallet, in the service's order (newest first). */
export function ledgerRows(w: SeedWallet): LedgerTxInput[] {
  return w.txs.map((t) => fromServiceTx(w.id, t))
}
