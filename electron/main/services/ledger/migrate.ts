// Schema versions: `PRAGMA user_version` is the number of migrations applied. Each migration runs
// in its own transaction together with the version bump, so a crash leaves the file at the last
// whole version, never half-way.
import type { DatabaseSync } from 'node:sqlite'

export interface Migration {
  /** what it does, for whoever reads the list */
  name: string
  up(db: DatabaseSync): void
}

/** The file was written by a newer version of the app: this one cannot know its schema. */
export class NewerSchemaError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`schema version ${found} is newer than ${known}`)
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined
  return row?.user_version ?? 0
}

/** Applies the migrations not yet applied; returns the version found before. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): number {
  const from = schemaVersion(db)
  if (from > migrations.length) throw new NewerSchemaError(from, migrations.length)
  for (let v = from; v < migrations.length; v++) {
    const m = migrations[v] as Migration
    inTransaction(db, () => {
      m.up(db)
      db.exec(`PRAGMA user_version = ${v + 1}`)
    })
  }
  return from
}

/** open write transactions per connection: an inner one is a savepoint of the outer */
const depth = new WeakMap<DatabaseSync, number>()

/**
 * Runs `fn` in one write transaction (taken at once, so two writers never deadlock). Called inside
 * another, it is a savepoint of it: its failure undoes its own writes only, and nothing is on disk
 * before the outer one commits (the sync loop stores a tick's pages in one commit).
 */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  const d = depth.get(db) ?? 0
  const name = `nested_${d}`
  db.exec(d === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${name}`)
  depth.set(db, d + 1)
  try {
    const out = fn()
    depth.set(db, d)
    db.exec(d === 0 ? 'COMMIT' : `RELEASE ${name}`)
    return out
  } catch (err) {
    depth.set(db, d)
    db.exec(d === 0 ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`)
    throw err
  }
}
