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

/** Runs `fn` in one write transaction (taken at once, so two writers never deadlock). */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const out = fn()
    db.exec('COMMIT')
    return out
  } catch (err) {
    db.exec('ROLLBACK')
    throw err
  }
}
