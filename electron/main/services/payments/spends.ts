// What counts against a daily spending limit (docs/security.md, "Spending rules"), kept in the
// journal's file so it survives a restart and no ledger rebuild can reset it: the payments of the
// journal (own-wallet transfers and failed ones excepted, each with the fee it paid or else the fee
// limit it reserved) and the withdraw links and voucher sheets made, reserved before they are minted.
// Every spend is written at the service's time it was judged by (services/spending/day.ts), never
// earlier than that, and moved on to the service's own time of it once an answer says: a spend
// written too early would leave the last 24 hours too soon. The newest time each account's service
// was seen at is kept here too, so a restart with the computer's clock moved finds the day it left.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { Migration } from '../ledger/migrate'

/** A journal migration: the fee a payment actually paid, and the links made. */
export const SPENDS_MIGRATION: Migration = {
  name: 'spending: fees paid and links made',
  up: (db) =>
    db.exec(`
ALTER TABLE payments ADD COLUMN fee_msat INTEGER;
CREATE INDEX payments_spent ON payments (account_id, created_at);
CREATE TABLE links_made (
  request_id     TEXT PRIMARY KEY,
  account_id     TEXT    NOT NULL,
  wallet_id      TEXT    NOT NULL,
  amount_msat    INTEGER NOT NULL CHECK (amount_msat >= 0),
  fee_limit_msat INTEGER NOT NULL CHECK (fee_limit_msat >= 0),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX links_made_spent ON links_made (account_id, created_at);`),
}

/** A journal migration: the newest service time seen per account. */
export const SERVICE_CLOCK_MIGRATION: Migration = {
  name: "spending: the service's newest time seen",
  up: (db) =>
    db.exec(`
CREATE TABLE service_clock (
  account_id TEXT    PRIMARY KEY,
  newest_sec INTEGER NOT NULL CHECK (newest_sec >= 0)
) WITHOUT ROWID;`),
}

const msat = z.number().int().nonnegative().refine(Number.isSafeInteger)
const sec = z.number().int().nonnegative().refine(Number.isSafeInteger)
export const LinksInput = z
  .object({
    requestId: z.string().min(8).max(128),
    accountId: z.string().min(1).max(256),
    walletId: z.string().min(1).max(256),
    /** all the links' amounts together */
    amountMsat: msat,
    /** the most their claims' fees can take together */
    feeLimitMsat: msat,
    /** when they were asked for (the service's time, Unix seconds); the journal's clock by default */
    createdAt: z.number().int().nonnegative().optional(),
  })
  .strict()
export type LinksInput = z.input<typeof LinksInput>

export function createSpends(db: DatabaseSync, nowSec: () => number) {
  const paymentsSince = db.prepare(`SELECT coalesce(sum(amount_msat + coalesce(fee_msat, fee_limit_msat, 0)), 0) AS n
    FROM payments WHERE account_id = ? AND created_at >= ? AND kind != 'transfer' AND state != 'failed'`)
  const linksSince = db.prepare(`SELECT coalesce(sum(amount_msat + fee_limit_msat), 0) AS n
    FROM links_made WHERE account_id = ? AND created_at >= ?`)
  const insertLinks = db.prepare(`INSERT OR IGNORE INTO links_made
    (request_id, account_id, wallet_id, amount_msat, fee_limit_msat, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
  const updateLinks = db.prepare(
    'UPDATE links_made SET amount_msat = min(amount_msat, ?), fee_limit_msat = min(fee_limit_msat, ?), updated_at = ? WHERE request_id = ?',
  )
  const feePaid = db.prepare('UPDATE payments SET fee_msat = ? WHERE request_id = ?')
  const linksAt = db.prepare('UPDATE links_made SET created_at = max(created_at, ?) WHERE request_id = ?')
  const seenGet = db.prepare('SELECT newest_sec AS n FROM service_clock WHERE account_id = ?')
  // only ever later: a stray older time never takes the day back
  const seenPut = db.prepare(`INSERT INTO service_clock (account_id, newest_sec) VALUES (?, ?)
    ON CONFLICT (account_id) DO UPDATE SET newest_sec = max(newest_sec, excluded.newest_sec)`)
  return {
    /** msat spent or reserved by an account since `since` (Unix seconds) */
    spentSince(accountId: string, since: number): number {
      const a = paymentsSince.get(accountId, since) as { n: number }
      const b = linksSince.get(accountId, since) as { n: number }
      return Number(a.n) + Number(b.n)
    },
    /** Reserves links about to be minted; false when this request id is known (not minted again). */
    addLinks(input: LinksInput): boolean {
      const v = LinksInput.parse(input)
      const at = v.createdAt ?? nowSec()
      return (
        Number(insertLinks.run(v.requestId, v.accountId, v.walletId, v.amountMsat, v.feeLimitMsat, at, at).changes) ===
        1
      )
    },
    /**
     * What was really made (fewer links, or none): the reservation only ever shrinks. `atSec`: the
     * service's time once the mint answered; the reservation is written no earlier than that.
     */
    settleLinks(requestId: string, made: { amountMsat: number; feeLimitMsat: number }, atSec?: number | null): void {
      updateLinks.run(msat.parse(made.amountMsat), msat.parse(made.feeLimitMsat), nowSec(), requestId)
      if (atSec != null) linksAt.run(sec.parse(atSec), requestId)
    },
    /** the newest service time (Unix seconds) kept for this account, or null */
    serviceTimeSeen(accountId: string): number | null {
      const row = seenGet.get(accountId) as { n: number } | undefined
      return row ? Number(row.n) : null
    },
    /** the account's service was seen at `atSec`: kept unless a later time is kept already */
    noteServiceTime(accountId: string, atSec: number): void {
      seenPut.run(accountId, sec.parse(atSec))
    },
    /** the routing fee a payment actually paid, once known */
    setFeePaid(requestId: string, feeMsat: number): void {
      feePaid.run(msat.parse(feeMsat), requestId)
    },
  }
}
export type Spends = ReturnType<typeof createSpends>
