// Opening one SQLite file of ours in userData, for the ledger and for the journal alike: owner-only
// mode (0600, and its -wal/-shm), WAL, foreign keys, an integrity check (integrityCheck.ts) and the
// schema's migrations. A file that fails any of these is closed and renamed aside, never deleted, so what
// it held can still be looked at; the caller decides what that means (a ledger is rebuilt from the
// service, a journal is reported loudly). See docs/ledger.md.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { DamagedError, type IntegrityCheck, openMarker } from './integrityCheck'
import { type Migration, migrate, NewerSchemaError } from './migrate'

const SIDE_FILES = ['-wal', '-shm'] as const
const OWNER_ONLY = 0o600

export interface SqliteFileOptions {
  dir: string
  /** the file's base name: `ledger` makes `ledger.sqlite` and, set aside, `ledger.corrupt-….sqlite` */
  name: string
  migrations: readonly Migration[]
  now: () => number
  /** refuses a file this SQLite cannot use although it opens (throw to have it set aside) */
  check?: (db: DatabaseSync) => void
  /** FULL for records that must survive a power cut (the journal); NORMAL is safe in WAL for a cache */
  synchronous: 'NORMAL' | 'FULL'
  /**
   * `always`: `PRAGMA quick_check` on every open (the journal: small, and its promises are strict).
   * `after-unclean`: only when the last session did not close the file (its open marker is still
   * there); otherwise the cheap checks alone, and the caller runs the whole check later, off the
   * main thread (the ledger: at a million rows the check reads 800 MB). docs/ledger.md.
   */
  integrity?: IntegrityCheck
}

export type OpenStatus = 'opened' | 'created' | 'rebuilt'

export interface OpenedFile {
  db: DatabaseSync
  path: string
  status: OpenStatus
  /** where a file that could not be used was moved, or null */
  setAside: string | null
  /** why it was set aside, in words for the person */
  reason: string | null
  /** a `-wal` left without its database (the file was deleted while open), moved aside here */
  orphanWal: string | null
  /** whether this open ran the whole `quick_check` */
  checked: boolean
  /** closes the database and removes the open marker (a clean shutdown) */
  close(): void
}

export function openSqliteFile(opts: SqliteFileOptions): OpenedFile {
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 })
  const path = join(opts.dir, `${opts.name}.sqlite`)
  let orphanWal: string | null = null
  const existed = existsSync(path)
  if (!existed) {
    // A -wal without its database must not be replayed into a new file; keep it for inspection.
    if (existsSync(`${path}-wal`)) {
      orphanWal = asideName(opts, 'orphan', '-wal')
      renameSync(`${path}-wal`, orphanWal)
    }
    rmSync(`${path}-shm`, { force: true })
  }
  const marked = opts.integrity === 'after-unclean'
  const marker = openMarker(path)
  // a marker left behind: the last session ended without closing the file (a crash, a power cut)
  const fullCheck = !marked || marker.present()
  const done = (db: DatabaseSync) => {
    if (marked) marker.set()
    return {
      checked: fullCheck,
      close: () => {
        db.close()
        if (marked) marker.clear()
      },
    }
  }
  try {
    const { db, from } = openChecked(path, opts, fullCheck)
    // An empty file (a crash before the first write) holds nothing either: it counts as created.
    const status = existed && from > 0 ? 'opened' : 'created'
    return { db, path, status, setAside: null, reason: null, orphanWal, ...done(db) }
  } catch (err) {
    // Only the file's own fault sets it aside; a lock held by another process, a full disk or a
    // missing permission would fail again with any file, and moving a file in use loses writes.
    if (!isFileFault(err)) throw err
    const setAside = setFileAside(path, opts)
    // A second failure (disk full, no permission) is not the file's fault: let it throw.
    const { db } = openChecked(path, opts, true)
    return { db, path, status: 'rebuilt', setAside, reason: describeFailure(err), orphanWal, ...done(db) }
  }
}

function openChecked(path: string, opts: SqliteFileOptions, fullCheck: boolean): { db: DatabaseSync; from: number } {
  // Create the file owner-only before SQLite does; SQLite gives -wal/-shm the database's mode.
  closeSync(openSync(path, 'a', OWNER_ONLY))
  restrictModes(path)
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true })
  try {
    // another instance writing at the same moment waits a little instead of failing
    db.exec('PRAGMA busy_timeout = 2000')
    const mode = db.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string } | undefined
    if (mode?.journal_mode !== 'wal') throw new Error(`journal mode ${String(mode?.journal_mode)}`)
    db.exec(`PRAGMA synchronous = ${opts.synchronous}; PRAGMA foreign_keys = ON;`)
    if (fullCheck) {
      const check = db.prepare('PRAGMA quick_check').all() as Array<{ quick_check: string }>
      if (check.length !== 1 || check[0]?.quick_check !== 'ok') throw new DamagedError(check.length)
    } else {
      // cheap, on every open: the schema must read (random bytes, a file cut short fail here)
      db.prepare('SELECT count(*) FROM sqlite_schema').get()
    }
    opts.check?.(db)
    const from = migrate(db, opts.migrations)
    restrictModes(path)
    return { db, from }
  } catch (err) {
    db.close()
    throw err
  }
}

/** SQLite's primary result codes that say "not the file's fault": busy, locked, I/O, full, … */
const NOT_THE_FILE = new Set([3, 5, 6, 7, 8, 10, 13, 14, 15, 22, 23])

function isFileFault(err: unknown): boolean {
  if (err instanceof NewerSchemaError || err instanceof DamagedError) return true
  const e = err as { code?: unknown; errcode?: unknown }
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') return !NOT_THE_FILE.has(e.errcode & 0xff)
  // errors from the file system (EACCES, ENOSPC, …) are about the place, not the file
  return !(typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code))
}

function describeFailure(err: unknown): string {
  if (err instanceof NewerSchemaError) return 'it was written by a newer version of the app'
  if (err instanceof DamagedError) return 'it is damaged'
  const msg = err instanceof Error ? err.message : String(err)
  if (/not a database/i.test(msg)) return 'it is not a database'
  if (/malformed|corrupt/i.test(msg)) return 'it is damaged'
  return 'it could not be opened'
}

function restrictModes(path: string): void {
  for (const p of [path, ...SIDE_FILES.map((s) => `${path}${s}`)]) if (existsSync(p)) chmodSync(p, OWNER_ONLY)
}

/** `<name>.<kind>-<time>.sqlite` (+ suffix), never over an existing file. */
function asideName(opts: SqliteFileOptions, kind: string, suffix = ''): string {
  const stamp = new Date(opts.now()).toISOString().replace(/[:.]/g, '-')
  for (let n = 0; ; n++) {
    const p = join(opts.dir, `${opts.name}.${kind}-${stamp}${n ? `-${n}` : ''}.sqlite`)
    if (![p, ...SIDE_FILES.map((s) => `${p}${s}`)].some(existsSync)) return `${p}${suffix}`
  }
}

/** Moves the file and its -wal/-shm aside together (the -wal may hold the newest pages). */
function setFileAside(path: string, opts: SqliteFileOptions): string {
  const aside = asideName(opts, 'corrupt')
  if (existsSync(path)) renameSync(path, aside)
  for (const s of SIDE_FILES) if (existsSync(`${path}${s}`)) renameSync(`${path}${s}`, `${aside}${s}`)
  return aside
}
