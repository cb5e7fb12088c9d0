// The seen ids of reads are committed without their fsync (ledger/unsynced.ts; docs/nwc.md,
// "Speed"): they must still be in the file for the next start even when the app never closed it
// (a crash), and every other write of nwc.sqlite (a budget's reservation) must stay FULL.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { inTransaction } from '../../../electron/main/services/ledger/migrate'
import { unsynced } from '../../../electron/main/services/ledger/unsynced'
import { openNwcStore } from '../../../electron/main/services/nwc/store'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-nwc-seen-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const syncLevel = (db: DatabaseSync) => (db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous
const FULL = 2

it('keeps the seen ids of reads for the next start although the app never closed the file', () => {
  const now = () => Date.now()
  const first = openNwcStore({ dir, now })
  const at = Math.floor(Date.now() / 1000)
  first.markSeen(
    [
      ['a'.repeat(64), at],
      ['b'.repeat(64), at],
    ],
    at - 420,
  )
  // `first` is left open, as a crashed app leaves it: its WAL not checkpointed, no close
  const next = openNwcStore({ dir, now })
  expect(next.wasSeen('a'.repeat(64))).toBe(true)
  expect(next.wasSeen('b'.repeat(64))).toBe(true)
  expect(next.wasSeen('c'.repeat(64))).toBe(false)
  expect(next.seenSince(at - 1).sort()).toEqual(['a'.repeat(64), 'b'.repeat(64)])
  next.close()
  first.close()
})

it('leaves the connection at FULL sync after an unsynced write, also when the write failed', () => {
  const db = new DatabaseSync(join(dir, 'x.sqlite'))
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (x TEXT PRIMARY KEY)')
  let during = -1
  unsynced(db, () => {
    during = syncLevel(db)
    db.prepare('INSERT INTO t VALUES (?)').run('one')
  })
  expect(during).toBe(1) // NORMAL while the seen ids are written
  expect(syncLevel(db)).toBe(FULL)
  expect(() =>
    unsynced(db, () => {
      db.prepare('INSERT INTO t VALUES (?)').run('two')
      db.prepare('INSERT INTO t VALUES (?)').run('one') // a duplicate key: the write fails
    }),
  ).toThrow()
  expect(syncLevel(db)).toBe(FULL)
  // the failed write was undone as a whole
  expect(db.prepare('SELECT x FROM t ORDER BY x').all()).toEqual([{ x: 'one' }])
  db.close()
})

it('is a savepoint of a transaction already open (no change of sync inside it)', () => {
  const db = new DatabaseSync(join(dir, 'y.sqlite'))
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (x TEXT)')
  inTransaction(db, () => {
    unsynced(db, () => {
      expect(syncLevel(db)).toBe(FULL)
      db.prepare('INSERT INTO t VALUES (?)').run('inner')
    })
  })
  expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 })
  db.close()
})
