// The ledger's schema, as an ordered list of migrations (append only: a released migration never
// changes). Amounts are integers in msat; times are Unix seconds. See docs/ledger.md.
import type { DatabaseSync } from 'node:sqlite'
import type { Migration } from './migrate'
import { SEARCH_KEY, SEARCH_TEXT } from './searchIndex'

/** SQLite built with FTS5 (Node's and Electron's are): search then uses a trigram index. */
export function hasFts5(db: DatabaseSync): boolean {
  const rows = db.prepare('PRAGMA compile_options').all() as Array<{ compile_options: string }>
  return rows.some((r) => r.compile_options === 'ENABLE_FTS5')
}

export function hasSearchIndex(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'tx_search'").get() !== undefined
}

/** The app's invoices; `statuses`: the ones its CHECK allows (the seventh migration adds one). */
const invoicesTable = (name: string, statuses: string) => `CREATE TABLE ${name} (
  account_id      TEXT    NOT NULL,
  id              TEXT    NOT NULL,
  wallet_id       TEXT    NOT NULL,
  amount_sat      INTEGER NOT NULL,
  memo            TEXT    NOT NULL,
  payment_request TEXT    NOT NULL,
  payment_hash    TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN (${statuses})),
  settled_at      INTEGER,
  PRIMARY KEY (account_id, id)
) WITHOUT ROWID;`

const CORE = `
CREATE TABLE wallets (
  account_id TEXT NOT NULL,
  wallet_id  TEXT NOT NULL,
  label      TEXT,
  PRIMARY KEY (account_id, wallet_id)
) WITHOUT ROWID;

-- One row per payment as the person sees it. Network fee rows are folded in (fee_msat), see fees.
-- AUTOINCREMENT: a row id is never reused (after forgetAccount), so an id the notifier holds can
-- never name another transaction.
CREATE TABLE transactions (
  id                     INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id             TEXT    NOT NULL,
  wallet_id              TEXT    NOT NULL,
  tx_id                  TEXT    NOT NULL,
  type                   TEXT    NOT NULL,
  amount_msat            INTEGER NOT NULL,
  fee_msat               INTEGER NOT NULL DEFAULT 0,
  memo                   TEXT,
  comment                TEXT,
  payee                  TEXT,
  counterparty_wallet_id TEXT,
  lntx_id                TEXT,
  payment_hash           TEXT,
  preimage               TEXT,
  request_id             TEXT,
  pass_thru              TEXT,
  created_at             INTEGER NOT NULL,
  announced              INTEGER NOT NULL DEFAULT 0 CHECK (announced IN (0, 1)),
  UNIQUE (account_id, tx_id)
);
-- amount_msat last: sent/received is read from the index too (a page and its count never touch
-- the table until the 50 rows shown)
CREATE INDEX tx_time ON transactions (account_id, created_at DESC, id DESC, amount_msat);
CREATE INDEX tx_wallet_time ON transactions (account_id, wallet_id, created_at DESC, id DESC, amount_msat);
CREATE INDEX tx_type_time ON transactions (account_id, type, created_at DESC, id DESC, amount_msat);
CREATE INDEX tx_amount ON transactions (account_id, abs(amount_msat));
CREATE INDEX tx_lntx ON transactions (account_id, wallet_id, lntx_id) WHERE lntx_id IS NOT NULL;
CREATE INDEX tx_request ON transactions (account_id, request_id) WHERE request_id IS NOT NULL;
-- the announcement outbox: rows inserted but not yet shown to the person
CREATE INDEX tx_unannounced ON transactions (id) WHERE announced = 0;

-- Every network fee row the service sent, folded into its payment (folded_into) or held until
-- that payment arrives (folded_into IS NULL).
CREATE TABLE fees (
  id          INTEGER PRIMARY KEY,
  account_id  TEXT    NOT NULL,
  wallet_id   TEXT    NOT NULL,
  tx_id       TEXT    NOT NULL,
  lntx_id     TEXT    NOT NULL,
  amount_msat INTEGER NOT NULL,
  created_at  INTEGER NOT NULL,
  folded_into INTEGER REFERENCES transactions (id) ON DELETE CASCADE,
  UNIQUE (account_id, tx_id)
);
CREATE INDEX fees_held ON fees (account_id, wallet_id, lntx_id) WHERE folded_into IS NULL;
CREATE INDEX fees_folded ON fees (folded_into) WHERE folded_into IS NOT NULL;

-- The person's own labels, by the service's id: a label outlives a rebuild's resync.
CREATE TABLE labels (
  account_id TEXT    NOT NULL,
  tx_id      TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, tx_id)
) WITHOUT ROWID;

CREATE TABLE sync_cursors (
  account_id         TEXT NOT NULL,
  wallet_id          TEXT NOT NULL,
  last_seen_tx_id    TEXT,
  last_seen_at       INTEGER,
  full_check_at      INTEGER,
  backfill_next_page INTEGER NOT NULL DEFAULT 1,
  backfill_total     INTEGER,
  backfill_done_at   INTEGER,
  PRIMARY KEY (account_id, wallet_id)
) WITHOUT ROWID;

${invoicesTable('invoices', "'pending', 'paid', 'expired'")}
CREATE INDEX invoices_open ON invoices (account_id, status);

CREATE TABLE withdraw_links (
  account_id   TEXT    NOT NULL,
  ott          TEXT    NOT NULL,
  wallet_id    TEXT    NOT NULL,
  lnurl        TEXT    NOT NULL,
  amount_sat   INTEGER NOT NULL,
  memo         TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  status       TEXT    NOT NULL CHECK (status IN ('waiting', 'claimed')),
  claimed_at   INTEGER,
  claimed_msat INTEGER,
  claim_tx_id  TEXT,
  PRIMARY KEY (account_id, ott)
) WITHOUT ROWID;

CREATE TABLE recipients (
  account_id   TEXT    NOT NULL,
  address      TEXT    NOT NULL,
  last_used_at INTEGER NOT NULL,
  use_count    INTEGER NOT NULL,
  PRIMARY KEY (account_id, address)
) WITHOUT ROWID;
CREATE INDEX recipients_recent ON recipients (account_id, last_used_at DESC);
`

// detail=none and columnsize=0: LIKE needs only which rows hold a trigram (SQLite re-checks the
// pattern against the text), and the index stays small and quick to write. Kept in step by
// searchIndex.ts, not by triggers: an FTS5 insert from a trigger costs about ten times more.
const SEARCH_INDEX = `
CREATE VIRTUAL TABLE tx_search USING fts5(text, tokenize = 'trigram', detail = none, columnsize = 0);
INSERT INTO tx_search (rowid, text) SELECT t.id, ${SEARCH_TEXT} FROM transactions t;
`

/** The rows that claimed one of the app's links, indexed again with the link's memo. */
const CLAIMS_REINDEXED = `
CREATE TEMP TABLE claim_rows AS SELECT t.id FROM transactions t JOIN withdraw_links w
  ON w.account_id = t.account_id AND w.claim_tx_id = t.tx_id;
DELETE FROM tx_search WHERE rowid IN (SELECT id FROM claim_rows);
INSERT INTO tx_search (rowid, text) SELECT t.id, ${SEARCH_TEXT} FROM transactions t WHERE t.id IN (SELECT id FROM claim_rows);
DROP TABLE claim_rows;
`

/**
 * The index again with time-ordered rowids (searchIndex.ts, SEARCH_KEY), in the history's order:
 * made anew, as a bulk insert costs less than moving every row (a million rows: docs/ledger.md).
 */
const SEARCH_INDEX_BY_TIME = `
DROP TABLE tx_search;
CREATE VIRTUAL TABLE tx_search USING fts5(text, tokenize = 'trigram', detail = none, columnsize = 0);
INSERT INTO tx_search (rowid, text) SELECT ${SEARCH_KEY}, ${SEARCH_TEXT} FROM transactions t;
`

/**
 * The invoices table again, its status allowing `refused` (a claim the link's server turned down):
 * SQLite changes a CHECK only by making the table anew. The app's own records: a few rows.
 */
const INVOICES_REFUSED = `
${invoicesTable('invoices_next', "'pending', 'paid', 'expired', 'refused'")}
INSERT INTO invoices_next (account_id, id, wallet_id, amount_sat, memo, payment_request, payment_hash,
  created_at, expires_at, status, settled_at)
  SELECT account_id, id, wallet_id, amount_sat, memo, payment_request, payment_hash, created_at, expires_at,
    status, settled_at FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_next RENAME TO invoices;
CREATE INDEX invoices_open ON invoices (account_id, status);
`

/** `fts: false` leaves search on LIKE even where FTS5 exists (tests cover both ways). */
export function ledgerMigrations(opts: { fts?: boolean } = {}): readonly Migration[] {
  return [
    { name: 'core tables', up: (db) => db.exec(CORE) },
    {
      // Without FTS5 the schema stays without it and search scans with LIKE (same results).
      name: 'search index (FTS5 trigram) when SQLite has FTS5',
      up: (db) => {
        if (opts.fts !== false && hasFts5(db)) db.exec(SEARCH_INDEX)
      },
    },
    {
      // The price each row was seen at (@shared/priceThen, JSON), null until known: new rows take
      // the live rate, older ones a day's price from the history source (docs/rates.md).
      name: 'price at which each row was seen',
      up: (db) => db.exec('ALTER TABLE transactions ADD COLUMN price_then TEXT'),
    },
    {
      // The days still without a price, found by a few seeks instead of a scan of every row (at a
      // million rows the scan took seconds, every 15 s while prices were being filled). price_then
      // (always null here) makes it covering: a day's accounts never read the table.
      name: 'rows without a price, by time',
      up: (db) =>
        db.exec(
          'CREATE INDEX tx_unpriced ON transactions (created_at DESC, account_id, price_then) WHERE price_then IS NULL',
        ),
    },
    {
      // A history page names the links its rows claimed: found by the claim's transaction id, a
      // seek per row of the page (docs/ledger.md, "Claimed links"). Search finds a claim by the
      // link's memo too: the rows that claimed a link are indexed again with it.
      name: 'withdraw links by the transaction that claimed them',
      up: (db) => {
        db.exec(
          'CREATE INDEX withdraw_links_claim ON withdraw_links (account_id, claim_tx_id) WHERE claim_tx_id IS NOT NULL',
        )
        if (hasSearchIndex(db)) db.exec(CLAIMS_REINDEXED)
      },
    },
    {
      // A page of matches reads the newest candidates and stops (docs/ledger.md, "Reading").
      name: 'search index keyed by time',
      up: (db) => {
        if (hasSearchIndex(db)) db.exec(SEARCH_INDEX_BY_TIME)
      },
    },
    // A claim's invoice the link's server refused is kept, marked so (docs/service.md).
    { name: 'invoices may be refused', up: (db) => db.exec(INVOICES_REFUSED) },
  ]
}
