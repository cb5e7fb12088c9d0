// The app's own records in the ledger: invoices it made and waits for, withdraw links it handed
// out (with what was actually claimed), and the recipients the person paid lately. Unlike synced
// transactions these do not come back from the service after a rebuild: openLedger salvages what
// it can read of them from a file it sets aside (salvage.ts).
import type { DatabaseSync } from 'node:sqlite'
import { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { lightningUri } from '@shared/lnurl'
import { z } from 'zod'

const accountId = z.string().min(1).max(256)

export const StoredWithdrawLink = WithdrawLinkView.extend({
  accountId,
  /** what the claim actually took, in msat (at most the link's amount) */
  claimedMsat: z.number().int().nonnegative().nullable(),
  /** the wallet transaction taken as the claim, so no transaction is taken for two links */
  claimTxId: z.string().max(256).nullable(),
})
export type StoredWithdrawLink = z.infer<typeof StoredWithdrawLink>

export const Recipient = z.object({
  address: z.string().min(1).max(2048),
  lastUsedAt: z.number().int().nonnegative(),
  useCount: z.number().int().positive(),
})
export type Recipient = z.infer<typeof Recipient>

interface InvoiceRow {
  account_id: string
  id: string
  wallet_id: string
  amount_sat: number
  memo: string
  payment_request: string
  payment_hash: string
  created_at: number
  expires_at: number
  status: PendingInvoice['status']
  settled_at: number | null
}

interface LinkRow {
  account_id: string
  ott: string
  wallet_id: string
  lnurl: string
  amount_sat: number
  memo: string
  created_at: number
  status: 'waiting' | 'claimed'
  claimed_at: number | null
  claimed_msat: number | null
  claim_tx_id: string | null
}

const toInvoice = (r: InvoiceRow): PendingInvoice => ({
  id: r.id,
  walletId: r.wallet_id,
  accountId: r.account_id,
  amountSat: r.amount_sat,
  memo: r.memo,
  paymentRequest: r.payment_request,
  paymentHash: r.payment_hash,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  status: r.status,
  settledAt: r.settled_at,
})

const toLink = (r: LinkRow): StoredWithdrawLink => ({
  accountId: r.account_id,
  walletId: r.wallet_id,
  lnurl: r.lnurl,
  uri: lightningUri(r.lnurl),
  ott: r.ott,
  amountSat: r.amount_sat,
  memo: r.memo,
  createdAt: r.created_at,
  status: r.status,
  claimedAt: r.claimed_at,
  claimedMsat: r.claimed_msat,
  claimTxId: r.claim_tx_id,
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
  const putInvoice = db.prepare(`INSERT INTO invoices (account_id, id, wallet_id, amount_sat, memo,
      payment_request, payment_hash, created_at, expires_at, status, settled_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (account_id, id) DO UPDATE SET status = excluded.status, settled_at = excluded.settled_at`)
  const putLink = db.prepare(`INSERT OR IGNORE INTO withdraw_links (account_id, ott, wallet_id, lnurl,
      amount_sat, memo, created_at, status, claimed_at, claimed_msat, claim_tx_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const claim = db.prepare(`UPDATE withdraw_links SET status = 'claimed', claimed_at = ?, claimed_msat = ?,
      claim_tx_id = ? WHERE account_id = ? AND ott = ? AND status = 'waiting'`)
  const upsertRecipient = db.prepare(`INSERT INTO recipients (account_id, address, last_used_at, use_count)
    VALUES (?, ?, ?, ?) ON CONFLICT (account_id, address) DO UPDATE SET
      last_used_at = max(last_used_at, excluded.last_used_at), use_count = use_count + excluded.use_count`)

  return {
    /** Adds an invoice, or updates its status and settlement time. */
    putInvoice(input: PendingInvoice): void {
      const i = PendingInvoice.parse(input)
      putInvoice.run(
        i.accountId,
        i.id,
        i.walletId,
        i.amountSat,
        i.memo,
        i.paymentRequest,
        i.paymentHash,
        i.createdAt,
        i.expiresAt,
        i.status,
        i.settledAt,
      )
    },
    invoices(o: { accountId?: string; status?: PendingInvoice['status'] } = {}): PendingInvoice[] {
      const w = scope(o)
      const rows = db.prepare(`SELECT * FROM invoices ${w.sql} ORDER BY created_at, id`).all(...w.params)
      return (rows as unknown as InvoiceRow[]).map(toInvoice)
    },

    putWithdrawLink(input: StoredWithdrawLink): void {
      const l = StoredWithdrawLink.parse(input)
      putLink.run(
        l.accountId,
        l.ott,
        l.walletId,
        l.lnurl,
        l.amountSat,
        l.memo,
        l.createdAt,
        l.status,
        l.claimedAt,
        l.claimedMsat,
        l.claimTxId,
      )
    },
    /** Marks a waiting link claimed; false when it was claimed already (each claim counts once). */
    claimWithdrawLink(accountId: string, ott: string, c: { claimedAt: number; claimedMsat: number; txId: string }) {
      return Number(claim.run(c.claimedAt, c.claimedMsat, c.txId, accountId, ott).changes) === 1
    },
    withdrawLinks(o: { accountId?: string; status?: 'waiting' | 'claimed' } = {}): StoredWithdrawLink[] {
      const w = scope(o)
      const rows = db.prepare(`SELECT * FROM withdraw_links ${w.sql} ORDER BY created_at, ott`).all(...w.params)
      return (rows as unknown as LinkRow[]).map(toLink)
    },

    /** Remembers a payment to `address` (a lightning address or LNURL) at `at` (Unix seconds). */
    recordRecipient(accountId: string, address: string, at: number, count = 1): void {
      const r = Recipient.parse({ address: address.trim(), lastUsedAt: at, useCount: count })
      upsertRecipient.run(accountId, r.address, r.lastUsedAt, r.useCount)
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
