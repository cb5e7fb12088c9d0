// The connections and what each app spent, in a file of their own (`nwc.sqlite`, 0600, FULL sync
// like the journal): a ledger rebuild must not forget how much of a budget is used, nor which
// request events were answered. The seen ids of reads alone are committed without the fsync
// (`ledger/unsynced.ts`). No key is here: each connection's key is in the keychain.
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { inTransaction, type Migration } from '../ledger/migrate'
import { openSqliteFile } from '../ledger/sqliteFile'
import { unsynced } from '../ledger/unsynced'
import type { Encryption, Method, Period } from './types'

const MIGRATIONS: Migration[] = [
  {
    name: 'connections, spends and seen request events',
    up(db) {
      db.exec(`
        CREATE TABLE connections (
          id TEXT PRIMARY KEY, name TEXT NOT NULL, account_id TEXT NOT NULL, wallet_id TEXT NOT NULL,
          wallet_pubkey TEXT NOT NULL UNIQUE, client_pubkey TEXT NOT NULL, relay TEXT NOT NULL,
          budget_msat INTEGER, period TEXT NOT NULL, methods TEXT NOT NULL,
          expires_at INTEGER, created_at INTEGER NOT NULL, revoked_at INTEGER
        );
        CREATE TABLE spends (
          event_id TEXT PRIMARY KEY, connection_id TEXT NOT NULL, amount_msat INTEGER NOT NULL,
          reserved_msat INTEGER NOT NULL, fee_msat INTEGER, state TEXT NOT NULL,
          payment_hash TEXT, created_at INTEGER NOT NULL
        );
        CREATE INDEX spends_by_connection ON spends (connection_id, created_at);
        CREATE TABLE seen (event_id TEXT PRIMARY KEY, at INTEGER NOT NULL);
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      `)
    },
  },
  {
    // notifications go out once, in this encryption (docs/nwc.md, "Notifications")
    name: 'the encryption each connection uses, from its requests',
    up(db) {
      db.exec('ALTER TABLE connections ADD COLUMN encryption TEXT')
    },
  },
  {
    // NIP-47's `metadata` of an invoice made through a connection (a zap request, a comment, payer data)
    name: 'metadata of the invoices apps made',
    up(db) {
      db.exec('CREATE TABLE metadata (payment_hash TEXT PRIMARY KEY, json TEXT NOT NULL, created_at INTEGER NOT NULL)')
    },
  },
  {
    // a connection paired by Nostr Wallet Auth: its info event carries the app's `state` (NWC-08)
    name: 'the state a paired app asked with',
    up(db) {
      db.exec('ALTER TABLE connections ADD COLUMN pairing_state TEXT')
    },
  },
  {
    // the app that made the invoice: a zap paid to it is shown "via" that app (ledger/zap.ts)
    name: 'the connection that made each invoice with metadata',
    up(db) {
      db.exec('ALTER TABLE metadata ADD COLUMN connection_id TEXT')
    },
  },
  {
    // the old ids are let go on every write: without it each was a scan of the whole table
    name: 'seen request events by time',
    up(db) {
      db.exec('CREATE INDEX seen_by_time ON seen (at)')
    },
  },
]

export interface Connection {
  id: string
  name: string
  accountId: string
  walletId: string
  walletPubkey: string
  clientPubkey: string
  /** the relay its string names */
  relay: string
  /** null: no budget (only methods that do not pay, or the person chose none) */
  budgetMsat: number | null
  period: Period
  methods: Method[]
  expiresAt: number | null
  createdAt: number
  revokedAt: number | null
  /** the encryption of its app's latest request; none before its first (NIP-47's negotiation then) */
  encryption?: Encryption | null
  /** the `state` of the Nostr Wallet Auth request it was made for (its info event echoes it) */
  pairingState?: string | null
}

export type SpendState = 'reserved' | 'paid' | 'failed' | 'unknown'

export interface Spend {
  eventId: string
  connectionId: string
  amountMsat: number
  reservedMsat: number
  feeMsat: number | null
  state: SpendState
  paymentHash: string | null
  createdAt: number
}

export interface NwcStore {
  add(c: Connection): void
  all(): Connection[]
  get(id: string): Connection | null
  byWalletPubkey(pubkey: string): Connection | null
  revoke(id: string, at: number): void
  /** the encryption its app's requests use, kept for its notifications */
  setEncryption(id: string, enc: Encryption): void
  /** what counts against the budget since `since` (Unix s): paid with fees, reserved while unsettled */
  used(connectionId: string, since: number): number
  /**
   * Reserves `reservedMsat` for one request event in one write transaction: refused (`quota`) when
   * it would pass the budget, `again` when this event already has a spend, `paid` when the same
   * invoice (payment hash) was paid or is on its way through any connection.
   */
  reserve(
    s: Omit<Spend, 'feeMsat' | 'state'>,
    budgetMsat: number | null,
    since: number,
  ): 'ok' | 'quota' | 'again' | 'paid'
  settle(eventId: string, state: Exclude<SpendState, 'reserved'>, feeMsat?: number): void
  spends(connectionId: string, limit: number): Spend[]
  /** spends still reserved or of unknown outcome, of every connection */
  unsettled(): Spend[]
  /** true the first time an event id is seen (kept for `keepSec`, longer than requests may be old) */
  firstSight(eventId: string, at: number, keepSec: number): boolean
  /** whether an event id is kept as seen (a read only: nothing written) */
  wasSeen(eventId: string): boolean
  /**
   * event ids seen (with when), in one transaction without its fsync (`unsynced`: the ids of
   * reads, seen.ts); those seen before `forgetBefore` let go
   */
  markSeen(ids: ReadonlyArray<readonly [string, number]>, forgetBefore: number): void
  /** the event ids seen since `at` (a new relay worker's gate starts with them: gate.ts) */
  seenSince(at: number): string[]
  /** an invoice's metadata as its app gave it (JSON, size-capped by the caller) */
  keepMetadata(paymentHash: string, json: string, at: number, connectionId?: string): void
  metadataOf(paymentHash: string): string | null
  /** the metadata and the connection that made the invoice (null for invoices kept before it was) */
  metadataWith(paymentHash: string): { json: string; connectionId: string | null } | null
  setting(key: string): string | null
  setSetting(key: string, value: string): void
  close(): void
}

const CONN_SELECT = `SELECT id, name, account_id AS accountId, wallet_id AS walletId, wallet_pubkey AS walletPubkey,
  client_pubkey AS clientPubkey, relay, budget_msat AS budgetMsat, period, methods, expires_at AS expiresAt,
  created_at AS createdAt, revoked_at AS revokedAt, encryption, pairing_state AS pairingState FROM connections`
const SPEND_SELECT = `SELECT event_id AS eventId, connection_id AS connectionId, amount_msat AS amountMsat,
  reserved_msat AS reservedMsat, fee_msat AS feeMsat, state, payment_hash AS paymentHash, created_at AS createdAt FROM spends`

const toConnection = (r: Record<string, unknown>): Connection => ({
  ...(r as unknown as Connection),
  methods: JSON.parse(String(r.methods)),
})

export function openNwcStore(o: { dir: string; now: () => number }): NwcStore {
  const { db } = openSqliteFile({
    dir: o.dir,
    name: 'nwc',
    migrations: MIGRATIONS,
    now: o.now,
    synchronous: 'FULL',
  })
  const prepare = keptStatements(db)
  const usedStmt = prepare(
    `SELECT coalesce(sum(CASE state WHEN 'paid' THEN amount_msat + coalesce(fee_msat, 0)
       WHEN 'failed' THEN 0 ELSE reserved_msat END), 0) AS used FROM spends WHERE connection_id = ? AND created_at >= ?`,
  )
  const used = (id: string, since: number) => Number((usedStmt.get(id, since) as { used: number }).used)
  const seenStmt = prepare('SELECT 1 FROM seen WHERE event_id = ?')
  return {
    add(c) {
      prepare(
        `INSERT INTO connections (id, name, account_id, wallet_id, wallet_pubkey, client_pubkey, relay, budget_msat, period,
          methods, expires_at, created_at, revoked_at, pairing_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        ...[c.id, c.name, c.accountId, c.walletId, c.walletPubkey, c.clientPubkey, c.relay, c.budgetMsat, c.period],
        ...[JSON.stringify(c.methods), c.expiresAt, c.createdAt, c.revokedAt, c.pairingState ?? null],
      )
    },
    all: () => (prepare(`${CONN_SELECT} ORDER BY created_at`).all() as Record<string, unknown>[]).map(toConnection),
    get: (id) => one(prepare, `${CONN_SELECT} WHERE id = ?`, id),
    byWalletPubkey: (pk) => one(prepare, `${CONN_SELECT} WHERE wallet_pubkey = ?`, pk),
    revoke(id, at) {
      prepare('UPDATE connections SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?').run(at, id)
    },
    setEncryption(id, enc) {
      prepare('UPDATE connections SET encryption = ? WHERE id = ?').run(enc, id)
    },
    used,
    reserve(s, budgetMsat, since) {
      return inTransaction(db, () => {
        if (prepare('SELECT 1 FROM spends WHERE event_id = ?').get(s.eventId)) return 'again'
        if (
          s.paymentHash &&
          prepare("SELECT 1 FROM spends WHERE payment_hash = ? AND state != 'failed'").get(s.paymentHash)
        )
          return 'paid'
        if (budgetMsat !== null && used(s.connectionId, since) + s.reservedMsat > budgetMsat) return 'quota'
        prepare(
          `INSERT INTO spends (event_id, connection_id, amount_msat, reserved_msat, state, payment_hash, created_at)
           VALUES (?, ?, ?, ?, 'reserved', ?, ?)`,
        ).run(s.eventId, s.connectionId, s.amountMsat, s.reservedMsat, s.paymentHash, s.createdAt)
        return 'ok'
      })
    },
    settle(eventId, state, feeMsat) {
      prepare('UPDATE spends SET state = ?, fee_msat = coalesce(?, fee_msat) WHERE event_id = ?').run(
        state,
        feeMsat ?? null,
        eventId,
      )
    },
    spends: (id, limit) =>
      prepare(`${SPEND_SELECT} WHERE connection_id = ? ORDER BY created_at DESC LIMIT ?`).all(
        id,
        limit,
      ) as unknown as Spend[],
    unsettled: () => prepare(`${SPEND_SELECT} WHERE state IN ('reserved', 'unknown')`).all() as unknown as Spend[],
    firstSight(eventId, at, keepSec) {
      return inTransaction(db, () => {
        prepare('DELETE FROM seen WHERE at < ?').run(at - keepSec)
        return Number(prepare('INSERT OR IGNORE INTO seen (event_id, at) VALUES (?, ?)').run(eventId, at).changes) === 1
      })
    },
    wasSeen: (eventId) => seenStmt.get(eventId) !== undefined,
    markSeen(ids, forgetBefore) {
      unsynced(db, () => {
        prepare('DELETE FROM seen WHERE at < ?').run(forgetBefore)
        const add = prepare('INSERT OR IGNORE INTO seen (event_id, at) VALUES (?, ?)')
        for (const [id, at] of ids) add.run(id, at)
      })
    },
    seenSince: (at) =>
      (prepare('SELECT event_id AS id FROM seen WHERE at >= ?').all(at) as Array<{ id: string }>).map((r) => r.id),
    keepMetadata(hash, json, at, connectionId) {
      prepare(
        'INSERT OR REPLACE INTO metadata (payment_hash, json, created_at, connection_id) VALUES (?, ?, ?, ?)',
      ).run(hash, json, at, connectionId ?? null)
    },
    metadataWith: (hash) =>
      (prepare('SELECT json, connection_id AS connectionId FROM metadata WHERE payment_hash = ?').get(hash) as
        | { json: string; connectionId: string | null }
        | undefined) ?? null,
    metadataOf: (hash) =>
      (prepare('SELECT json FROM metadata WHERE payment_hash = ?').get(hash) as { json: string } | undefined)?.json ??
      null,
    setting: (key) =>
      (prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null,
    setSetting(key, value) {
      prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(key, value)
    },
    close: () => db.close(),
  }
}

function one(prepare: (sql: string) => StatementSync, sql: string, arg: string): Connection | null {
  const r = prepare(sql).get(arg) as Record<string, unknown> | undefined
  return r ? toConnection(r) : null
}

/**
 * Each statement prepared once: every request reads its connection, the settings and the seen ids
 * here, and preparing them again each time was a good part of that read.
 */
function keptStatements(db: DatabaseSync): (sql: string) => StatementSync {
  const kept = new Map<string, StatementSync>()
  return (sql) => {
    let st = kept.get(sql)
    if (!st) {
      st = db.prepare(sql)
      kept.set(sql, st)
    }
    return st
  }
}
