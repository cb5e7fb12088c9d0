// Test-only stand-in for the sync loop: every wallet's whole history read from the service over
// real HTTP (500 a page), turned into ledger rows by fromServiceTx and stored with insertBatch,
// with the wallets' names. Used by the history tests (Node and e2e) until the sync loop lands.
import type { App } from '../../electron/main/app/createApp'
import { fromServiceTx } from '../../electron/main/services/ledger'
import { fetchHistory } from '../electron/services/ledger/seedHistory'

export async function fillLedger(app: App, url: string, key: string): Promise<string[]> {
  const accountId = app.accounts.active().id
  const res = await fetch(`${url}/v1/wallets?per-page=500`, { headers: { 'X-Api-Key': key } })
  if (!res.ok) throw new Error(`wallets: HTTP ${res.status}`)
  const wallets = (await res.json()) as Array<{ id: string; user_label: string }>
  const ledger = app.ledger()
  ledger.setWallets(
    accountId,
    wallets.map((w) => ({ id: w.id, label: w.user_label })),
  )
  for (const w of wallets) {
    // oldest first: rows of the same second then get local ids in the order the service lists
    // them (insertBatch sorts by time only, and the page order breaks ties by local id)
    const txs = (await fetchHistory(url, key, w.id)).reverse()
    ledger.insertBatch(
      accountId,
      txs.map((t) => fromServiceTx(w.id, t)),
      { announce: false },
    )
  }
  return wallets.map((w) => w.id)
}
