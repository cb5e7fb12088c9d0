// Names: the labels the person gives transactions (kept by the service's id, so a label given
// before a rebuild finds its row again when the resync brings it back), and the wallets' names,
// which turn a transfer into "Moved from Savings".
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { inTransaction } from './migrate'
import type { SearchIndex } from './searchIndex'

const LABEL_MAX = 200
const Label = z.string().trim().max(LABEL_MAX)
const WalletName = z.object({ id: z.string().min(1).max(256), label: z.string().max(LABEL_MAX).nullable() })

export function createLabels(db: DatabaseSync, search: SearchIndex) {
  const put = db.prepare(`INSERT INTO labels (account_id, tx_id, label, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (account_id, tx_id) DO UPDATE SET label = excluded.label, updated_at = excluded.updated_at`)
  const del = db.prepare('DELETE FROM labels WHERE account_id = ? AND tx_id = ?')
  const getOne = db.prepare('SELECT label FROM labels WHERE account_id = ? AND tx_id = ?')
  const delWallets = db.prepare('DELETE FROM wallets WHERE account_id = ?')
  const putWallet = db.prepare('INSERT OR REPLACE INTO wallets (account_id, wallet_id, label) VALUES (?, ?, ?)')

  return {
    /** Sets the person's label of a transaction (by its service id); empty or null removes it. */
    setLabel(accountId: string, txId: string, label: string | null, at: number): void {
      const text = label === null ? '' : Label.parse(label)
      inTransaction(db, () => {
        if (text) put.run(accountId, txId, text, at)
        else del.run(accountId, txId)
        search.textChanged(accountId, txId)
      })
    },
    /** every label, for a backup */
    labels(): Array<{ accountId: string; txId: string; label: string; updatedAt: number }> {
      const rows = db
        .prepare('SELECT account_id AS accountId, tx_id AS txId, label, updated_at AS updatedAt FROM labels')
        .all()
      return rows as unknown as Array<{ accountId: string; txId: string; label: string; updatedAt: number }>
    },
    label(accountId: string, txId: string): string | null {
      return (getOne.get(accountId, txId) as { label: string } | undefined)?.label ?? null
    },
    /** Replaces an account's wallet names with the service's current list. */
    setWallets(accountId: string, wallets: ReadonlyArray<{ id: string; label: string | null }>): void {
      const valid = wallets.map((w) => WalletName.parse(w))
      inTransaction(db, () => {
        delWallets.run(accountId)
        for (const w of valid) putWallet.run(accountId, w.id, w.label)
      })
    },
  }
}
export type Labels = ReturnType<typeof createLabels>
