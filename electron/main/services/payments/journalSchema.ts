// The journal's schema, one migration at a time (PRAGMA user_version counts them): the payments in
// flight, the record of money operations (operations.ts), the payments found paid after failing,
// what counts against a daily limit and the service's newest time seen (spends.ts). docs/ledger.md.
import type { Migration } from '../ledger/migrate'
import { MOVES_MIGRATION } from '../move/store'
import { OPERATIONS_MIGRATION } from './operations'
import { SERVICE_CLOCK_MIGRATION, SPENDS_MIGRATION } from './spends'

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'payments in flight',
    up: (db) =>
      db.exec(`
CREATE TABLE payments (
  request_id     TEXT PRIMARY KEY,
  account_id     TEXT    NOT NULL,
  wallet_id      TEXT    NOT NULL,
  kind           TEXT    NOT NULL CHECK (kind IN ('invoice', 'address', 'transfer')),
  amount_msat    INTEGER NOT NULL CHECK (amount_msat > 0),
  fee_limit_msat INTEGER,
  target         TEXT    NOT NULL,
  state          TEXT    NOT NULL CHECK (state IN ('pending', 'sent', 'paid', 'failed', 'unknown')),
  tx_id          TEXT,
  error          TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX payments_unfinished ON payments (account_id, created_at) WHERE state IN ('pending', 'sent', 'unknown');`),
  },
  OPERATIONS_MIGRATION,
  {
    // 1: once failed, then seen paid at the service, not told yet; 2: told
    name: 'failed payments found paid later, and the invoices paid',
    up: (db) =>
      db.exec(`
ALTER TABLE payments ADD COLUMN recovered INTEGER NOT NULL DEFAULT 0;
CREATE INDEX payments_target ON payments (target);`),
  },
  SPENDS_MIGRATION,
  SERVICE_CLOCK_MIGRATION,
  MOVES_MIGRATION,
]
