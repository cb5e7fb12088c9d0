// How a file of ours is checked for damage without reading it whole on every start. `PRAGMA
// quick_check` reads every page: 7.5 s for a ledger of a million rows, on the main thread. So:
// - on every open, the cheap one: the schema read (random bytes, a file cut short fail there);
// - the whole check at open only after an unclean shutdown (the open marker was left behind) or
//   when an earlier background check found damage;
// - otherwise the whole check later, in a worker thread on a read-only connection of its own.
// See docs/ledger.md, "The files and their promises".
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'

export type IntegrityCheck = 'always' | 'after-unclean'

export class DamagedError extends Error {
  constructor(problems: number) {
    super(`integrity check found ${problems} problem(s)`)
  }
}

const OPEN = 'open'
const SUSPECT = 'suspect'

/**
 * `<file>-open` beside the database: written after a successful open, removed by a clean close.
 * Present at the next open: that session ended without closing (or a check found damage), so the
 * whole check runs.
 */
export function openMarker(dbPath: string) {
  const path = `${dbPath}-open`
  const read = () => {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return null
    }
  }
  return {
    present: () => existsSync(path),
    set: () => writeFileSync(path, OPEN, { mode: 0o600 }),
    /** a clean close; a file found damaged keeps its mark for the next open */
    clear: () => {
      if (read() === OPEN) rmSync(path, { force: true })
    },
    suspect: () => writeFileSync(path, SUSPECT, { mode: 0o600 }),
  }
}

export type CheckResult = 'ok' | 'damaged' | 'unknown'

// CommonJS, run by the worker: its own read-only connection, so the app's writes go on meanwhile.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')
let db
try {
  db = new DatabaseSync(workerData.path, { readOnly: true })
  db.exec('PRAGMA busy_timeout = 5000')
  const r = db.prepare('PRAGMA quick_check').all()
  parentPort.postMessage(r.length === 1 && r[0].quick_check === 'ok' ? 'ok' : 'damaged')
} catch (err) {
  const msg = String(err && err.message)
  parentPort.postMessage(/malformed|corrupt|not a database/i.test(msg) ? 'damaged' : 'unknown')
} finally {
  try { db && db.close() } catch {}
}
`

/**
 * The whole `quick_check` in a worker thread. Damage found marks the file, so the next open checks
 * it whole and sets it aside; 'unknown' (the file busy or gone) says nothing about the file.
 */
export function checkInBackground(dbPath: string): Promise<CheckResult> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { path: dbPath } })
    let result: CheckResult = 'unknown'
    worker.once('message', (m: CheckResult) => {
      result = m
    })
    worker.once('error', () => {})
    worker.once('exit', () => {
      if (result === 'damaged') openMarker(dbPath).suspect()
      resolve(result)
    })
  })
}
