// The app's own records in the ledger: invoices it made and waits for, withdraw links it handed
// out (with what was actually claimed), and the recipients the person paid lately. Unlike synced
// transactions these do not come back from the service after a rebuild: openLedger salvages what
// it can read of them from a file it sets aside (salvage.ts).
import type { DatabaseSync } from 'node:sqlite'
import { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { lightningUri } from '@shared/lnurl'
import { z } from 'zod'
import { type Columns, insertSql, selectAs, valuesOf } from './columns'

const accountId = z.string().min(1).max(256)

// the claim's fee is not stored with the link: it is read from the claim's transaction (claimFeeMsat)
export const StoredWithdrawLink = WithdrawLinkView.omit({ claimFeeMsat: true }).extend({
  accountId,
  /** what the claim actually took, in msat (at most the link's amount) */
  claimedMsat: z.number().int().nonnegative().nullable(),
  /** the wallet transaction taken as the claim, so no transaction is taken for two links */
  claimTxId: z.string().max(256).nullable(),
})
export type StoredWithdrawLink = z.infer<typeof StoredWithdrawLink>

/** A link of this app as the row that claimed it names it: the person's memo and the link's token. */
export interface ClaimedLink {
  txId: string
  ott: string
  memo: string
}

export const Recipient = z.object({
  address: z.string().min(1).max(2048),
  lastUsedAt: z.number().int().nonnegative(),
  useCount: z.number().int().positive(),
})
export type Recipient = z.infer<typeof Recipient>

const INVOICE: Columns<keyof PendingInvoice> = {
  accountId: 'account_id',
  id: 'id',
  walletId: 'wallet_id',
  amountSat: 'amount_sat',
  memo: 'memo',
  paymentRequest: 'payment_request',
  paymentHash: 'payment_hash',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  status: 'status',
  settledAt: 'settled_at',
}

/** every field but `uri`, which is derived from the LNURL */
const LINK: Columns<Exclude<keyof StoredWithdrawLink, 'uri'>> = {
  accountId: 'account_id',
  ott: 'ott',
  walletId: 'wallet_id',
  lnurl: 'lnurl',
  amountSat: 'amount_sat',
  memo: 'memo',
  createdAt: 'created_at',
  status: 'status',
  claimedAt: 'claimed_at',
  claimedMsat: 'claimed_msat',
  claimTxId: 'claim_tx_id',
}

/** The stored invoices as `PendingInvoice`s (add a WHERE); salvage reads a set-aside file with it. */
export const SELECT_INVOICES = `SELECT ${selectAs(INVOICE)} FROM invoices`
/** The stored links, without `uri` (withUri adds it). */
export const SELECT_LINKS = `SELECT ${selectAs(LINK)} FROM withdraw_links`

export const withUri = (l: Omit<StoredWithdrawLink, 'uri'>): StoredWithdrawLink => ({
  ...l,
  uri: lightningUri(l.lnurl),
})

/** `WHERE` for an optional account and status. */
function scope(o: { accountId?: string; status?: string }): { sql: string; params: string[] } {
  const parts: string[] = []
  const params: string[] = []
  if (o.accountId) {
    parts.push('account_id = ?')
    params.push(o.accountId)
  }
  if (o.status) {
    parts.push('status = ?')
    params.push(o.status)
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

export function createAppRecords(db: DatabaseSync) {
  const putInvoice = db.prepare(`${insertSql('INSERT INTO invoices', INVOICE)}
    ON CONFLICT (account_id, id) DO UPDATE SET status = excluded.status, settled_at = excluded.settled_at,
      amount_sat = excluded.amount_sat`)
  const putLink = db.prepare(insertSql('INSERT OR IGNORE INTO withdraw_links', LINK))
  const claim = db.prepare(`UPDATE withdraw_links SET status = 'claimed', claimed_at = ?, claimed_msat = ?,
      claim_tx_id = ? WHERE account_id = ? AND ott = ? AND status = 'waiting'`)
  const txFee = db.prepare('SELECT fee_msat AS fee FROM transactions WHERE account_id = ? AND tx_id = ?')
  const upsertRecipient = db.prepare(`INSERT INTO recipients (account_id, address, last_used_at, use_count)
    VALUES (?, ?, ?, ?) ON CONFLICT (account_id, address) DO UPDATE SET
      last_used_at = max(last_used_at, excluded.last_used_at), use_count = use_count + excluded.use_count`)

  return {
    /** Adds an invoice, or updates its status, settlement time and amount (an amountless one's paid amount). */
    putInvoice(input: PendingInvoice): void {
      putInvoice.run(...valuesOf(INVOICE, PendingInvoice.parse(input)))
    },
    invoices(o: { accountId?: string; status?: PendingInvoice['status'] } = {}): PendingInvoice[] {
      const w = scope(o)
      const rows = db.prepare(`${SELECT_INVOICES} ${w.sql} ORDER BY created_at, id`).all(...w.params)
      return rows as unknown as PendingInvoice[]
    },

    putWithdrawLink(input: StoredWithdrawLink): void {
      putLink.run(...valuesOf(LINK, StoredWithdrawLink.parse(input)))
    },
    /** Marks a waiting link claimed; false when it was claimed already (each claim counts once). */
    claimWithdrawLink(accountId: string, ott: string, c: { claimedAt: number; claimedMsat: number; txId: string }) {
      return Number(claim.run(c.claimedAt, c.claimedMsat, c.txId, accountId, ott).changes) === 1
    },
    /**
     * The links claimed by these transactions (a page's rows, at most PAGE_MAX), by the claim's
     * index: one seek per id, never a walk of the links.
     */
    claimedLinks(accountId: string, txIds: readonly string[]): ClaimedLink[] {
      if (txIds.length === 0) return []
      const rows = db
        .prepare(`SELECT claim_tx_id AS txId, ott, memo FROM withdraw_links INDEXED BY withdraw_links_claim
          WHERE account_id = ? AND claim_tx_id IN (${txIds.map(() => '?').join(', ')})`)
        .all(accountId, ...txIds)
      return rows as unknown as ClaimedLink[]
    },
    /**
     * The fee the wallet paid on a link's claim: its transaction's fee rows folded in (stored as
     * money out, so below zero), as a positive amount; null when that transaction is not stored yet.
     */
    claimFeeMsat(accountId: string, txId: string): number | null {
      const row = txFee.get(accountId, txId) as { fee: number } | undefined
      return row ? Math.abs(row.fee) : null
    },
    withdrawLinks(o: { accountId?: string; status?: 'waiting' | 'claimed' } = {}): StoredWithdrawLink[] {
      const w = scope(o)
      const rows = db.prepare(`${SELECT_LINKS} ${w.sql} ORDER BY created_at, ott`).all(...w.params)
      return (rows as unknown as Array<Omit<StoredWithdrawLink, 'uri'>>).map(withUri)
    },

    /** Remembers a payment to `address` (a lightning address or LNURL) at `at` (Unix seconds). */
    recordRecipient(accountId: string, address: string, at: number, count = 1): void {
      const r = Recipient.parse({ address: address.trim(), lastUsedAt: at, useCount: count })
      upsertRecipient.run(accountId, r.address, r.lastUsedAt, r.useCount)
    },
    /** every account's recipients, for a backup */
    recipients(): Array<Recipient & { accountId: string }> {
      const rows = db
        .prepare(`SELECT account_id AS accountId, address, last_used_at AS lastUsedAt, use_count AS useCount
          FROM recipients ORDER BY account_id, last_used_at`)
        .all()
      return rows as unknown as Array<Recipient & { accountId: string }>
    },
    recentRecipients(accountId: string, limit = 10): Recipient[] {
      const rows = db
        .prepare(`SELECT address, last_used_at AS lastUsedAt, use_count AS useCount FROM recipients
          WHERE account_id = ? ORDER BY last_used_at DESC, address LIMIT ?`)
        .all(accountId, Math.min(Math.max(limit, 1), 100))
      return rows as unknown as Recipient[]
    },
  }
}
export type AppRecords = ReturnType<typeof createAppRecords>
