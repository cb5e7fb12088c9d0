// The history's store on its own thread (historyWorker.ts): what it stores the main thread's
// connection reads at once (rows, folded fees, search, cursors, counts), a group is one transaction,
// the app's own writes meanwhile wait their turn, and closing the ledger is heard by the caller.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import { CLOSED, HURRY } from '../../../../electron/main/services/ledger/historyJob'
import { createHistoryStore } from '../../../../electron/main/services/ledger/historyOffThread'
import { ledgerPerTest, row, withTempDir } from './helpers'

const ctx = ledgerPerTest()
const ACC = 'acc_1'

describe('storeHistory', () => {
  it('stores pages on the worker, each with its cursor, read at once by the main connection', async () => {
    const l = ctx.ledger
    // the count is kept between writes: the worker's commit must refresh it
    expect(l.count({ accountId: ACC })).toBe(0)
    const fee = row({ typeName: 'network_fee', amountMsat: -3_000, lnTxId: 'lntx_p', createdAt: 1_800_000_000 })
    const pay = row({ typeName: 'ln_withdrawal', amountMsat: -500_000, lnTxId: 'lntx_p', createdAt: 1_800_000_000 })
    const inserted = await l.storeHistory(ACC, [
      {
        rows: [row({ memo: 'espresso at the stall' }), fee],
        opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: 2 } },
      },
      {
        rows: [pay, row({ memo: 'croissant' })],
        opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: 3 } },
      },
    ])
    expect(inserted).toEqual([2, 2])
    expect(l.count({ accountId: ACC })).toBe(3) // the fee folded into its payment
    const paid = l.byLnTxId(ACC, 'lntx_p')
    expect(paid).toMatchObject({ amountMsat: -500_000, feeMsat: -3_000 })
    expect(l.heldFees(ACC)).toBe(0)
    expect(l.page({ accountId: ACC, search: 'stall' }).items.map((t) => t.memo)).toEqual(['espresso at the stall'])
    expect(l.cursors.get(ACC, 'wal_a')?.backfillNextPage).toBe(3)
    expect(l.unannounced()).toEqual([]) // history: never told as news
    // the same rows again change nothing
    expect(await l.storeHistory(ACC, [{ rows: [pay], opts: { announce: false } }])).toEqual([0])
  })

  it('one group, one transaction: a bad row stores nothing of it, cursor included', async () => {
    const l = ctx.ledger
    const group = [
      {
        rows: [row({ txId: 'wtx_good' })],
        opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: 2 } },
      },
      {
        rows: [row({ amountMsat: 1.5 })],
        opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: 3 } },
      },
    ]
    await expect(l.storeHistory(ACC, group)).rejects.toThrow(/history not stored/)
    expect(l.count({ accountId: ACC })).toBe(0)
    expect(l.cursors.get(ACC, 'wal_a')).toBeNull()
    // and the worker goes on with the next group
    expect(await l.storeHistory(ACC, [group[0] as (typeof group)[number]])).toEqual([1])
  })

  it("the app's own writes while a large group is stored: both land", async () => {
    const l = ctx.ledger
    const many = Array.from({ length: 3_000 }, (_, i) => row({ memo: `order ${i}` }))
    const storing = l.storeHistory(ACC, [{ rows: many, opts: { announce: false } }])
    // a payment of the app's own, stored and told on the main connection meanwhile
    const own = l.insertBatch(ACC, [row({ txId: 'wtx_own', memo: 'sent by the app' })])
    expect(own.inserted).toBe(1)
    expect(await storing).toEqual([3_000])
    expect(l.count({ accountId: ACC })).toBe(3_001)
    expect(l.unannounced().map((t) => t.txId)).toEqual(['wtx_own'])
  })

  it('a ledger closed while a group is on its way: the caller hears it (the group is in whole or not at all)', async () => {
    const l = ctx.ledger
    const storing = l.storeHistory(ACC, [{ rows: [row()], opts: { announce: false } }])
    l.close()
    await expect(storing).rejects.toThrow(/stopped/)
    ctx.ledger = openLedger({ dir: ctx.dir })
  })
})

describe('a history stored in full (historyStored)', () => {
  it('stops the thread only when no group is on its way, and the next group starts another', async () => {
    const l = ctx.ledger
    const storing = l.storeHistory(ACC, [{ rows: [row(), row()], opts: { announce: false } }])
    l.historyStored() // another account's group is on its way: it is stored, not refused
    expect(await storing).toEqual([2])
    l.historyStored()
    expect(await l.storeHistory(ACC, [{ rows: [row()], opts: { announce: false } }])).toEqual([1])
    expect(l.count({ accountId: ACC })).toBe(3)
  })
})

/** the trigram index's segments, read by a connection of the test's own */
function segments(path: string): number {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    return (db.prepare('SELECT count(DISTINCT segid) AS n FROM tx_search_idx').get() as { n: number }).n
  } finally {
    db.close()
  }
}

/** twelve groups of pages, one commit (one new segment) each, with words to search for */
async function storeInGroups(l: Ledger): Promise<void> {
  const words = ['espresso', 'croissant', 'stall', 'roastery']
  for (let g = 0; g < 12; g++) {
    const rows = Array.from({ length: 40 }, (_, i) => row({ memo: `${words[(g + i) % 4]} ${g}-${i}` }))
    await l.storeHistory(ACC, [{ rows, opts: { announce: false } }])
  }
}

const found = (l: Ledger, search: string) => l.page({ accountId: ACC, search, limit: 200 }).items.map((t) => t.txId)

describe('the search index once a history is in: its segments merged (searchIndex.ts, SEGMENT_MERGE)', () => {
  it('merges them into one on the thread; every search finds the same rows', async () => {
    const l = ctx.ledger
    await storeInGroups(l)
    const before = segments(l.path)
    expect(before).toBeGreaterThan(1)
    const searches = ['espresso', 'stall 3-', 'ROAST', 'nothing']
    const rows = searches.map((w) => found(l, w))
    expect(rows[0]).toHaveLength(120)
    l.historyStored()
    await expect.poll(() => segments(l.path), { timeout: 10_000 }).toBe(1)
    expect(searches.map((w) => found(l, w))).toEqual(rows)
    // and the next history's groups go on as before
    expect(await l.storeHistory(ACC, [{ rows: [row({ memo: 'espresso late' })], opts: { announce: false } }])).toEqual([
      1,
    ])
    expect(found(l, 'espresso')).toHaveLength(121)
  })

  it('a ledger closed right after: the merge is cut short, nothing of ours holds the file, nothing lost', async () => {
    const tmp = await withTempDir()
    let l = openLedger({ dir: tmp.dir })
    try {
      await storeInGroups(l)
      const rows = found(l, 'croissant')
      l.historyStored()
      l.close()
      // the last connection to close folds the WAL into the file and removes it
      expect(existsSync(`${l.path}-wal`)).toBe(false)
      l = openLedger({ dir: tmp.dir })
      expect(found(l, 'croissant')).toEqual(rows)
    } finally {
      l.close()
      await tmp.cleanup()
    }
  })
})

describe('checkpoints while the thread runs (tuning.ts)', () => {
  it('the app is told when the first thread starts and when the last one has ended', async () => {
    const l = ctx.ledger
    const told: boolean[] = []
    const store = createHistoryStore(
      { path: l.path, searchMode: l.searchMode },
      () => [],
      undefined,
      (on) => told.push(on),
    )
    try {
      expect(await store.store(ACC, [{ rows: [row()], opts: { announce: false } }])).toEqual([1])
      expect(await store.store(ACC, [{ rows: [row()], opts: { announce: false } }])).toEqual([1])
      expect(told).toEqual([true]) // one thread, told once
      store.stop()
      await expect.poll(() => told, { timeout: 10_000 }).toEqual([true, false])
      // the next group starts another thread, told again
      expect(await store.store(ACC, [{ rows: [row()], opts: { announce: false } }])).toEqual([1])
      expect(told).toEqual([true, false, true])
    } finally {
      store.close()
    }
    await expect.poll(() => told, { timeout: 10_000 }).toEqual([true, false, true, false])
    expect(l.count({ accountId: ACC })).toBe(3)
  })
})

describe('closing while the thread tidies', () => {
  it('the close hurries it and waits until its connection is closed', async () => {
    const tmp = await withTempDir()
    // a worker that stores at once and, told to close tidily, "merges" for 3 s unless hurried; it
    // writes down how it ended just before it says its connection is closed
    const dir = join(tmp.dir, 'workers')
    const ended = join(tmp.dir, 'ended.txt')
    const tidying = join(tmp.dir, 'tidying.txt')
    await mkdir(dir)
    await writeFile(
      join(dir, 'historyWorker.js'),
      `const { parentPort, workerData } = require('node:worker_threads')
const { writeFileSync } = require('node:fs')
const flags = new Int32Array(workerData.flags)
const nap = new Int32Array(new SharedArrayBuffer(4))
parentPort.on('message', (m) => {
  if (m.type === 'store') return parentPort.postMessage({ type: 'stored', id: m.id, inserted: [0] })
  let how = 'closed'
  if (m.tidy) writeFileSync(${JSON.stringify(tidying)}, 'now')
  for (let i = 0; m.tidy && i < 300; i++) {
    if (Atomics.load(flags, ${HURRY}) === 1) { how = 'hurried'; break }
    Atomics.wait(nap, 0, 0, 10)
    how = 'tidied'
  }
  writeFileSync(${JSON.stringify(ended)}, how)
  Atomics.store(flags, ${CLOSED}, 1)
  Atomics.notify(flags, ${CLOSED})
  parentPort.close()
})
`,
    )
    const store = createHistoryStore({ path: join(tmp.dir, 'unused.sqlite'), searchMode: 'fts5' }, () => [], dir)
    try {
      expect(await store.store(ACC, [{ rows: [], opts: {} }])).toEqual([0])
      store.stop() // the history is in: told to close tidily
      // tidying now (it says so), not after a time: on a busy machine it may not have begun
      await expect.poll(() => existsSync(tidying), { timeout: 10_000 }).toBe(true)
      const t0 = performance.now()
      store.close()
      // it was hurried, and the close returned only once it had closed
      expect(readFileSync(ended, 'utf8')).toBe('hurried')
      expect(performance.now() - t0).toBeLessThan(2_500)
    } finally {
      await tmp.cleanup()
    }
  })
})

describe('closing the ledger', () => {
  it('waits for the worker to close its connection: nothing of ours holds the file after', async () => {
    const tmp = await withTempDir()
    const l = openLedger({ dir: tmp.dir })
    try {
      expect(await l.storeHistory(ACC, [{ rows: [row(), row()], opts: { announce: false } }])).toEqual([2])
      l.close()
      // the last connection to close folds the WAL into the file and removes it
      expect(existsSync(`${l.path}-wal`)).toBe(false)
    } finally {
      await tmp.cleanup()
    }
  })
})

describe('a history worker that cannot start', () => {
  it('the groups go in on the main thread instead, the first one included', async () => {
    const tmp = await withTempDir()
    // a build whose worker file throws as it loads
    const broken = join(tmp.dir, 'workers')
    await mkdir(broken)
    await writeFile(join(broken, 'historyWorker.js'), "throw new Error('cannot load')\n")
    const l = openLedger({ dir: tmp.dir, workersDir: broken })
    try {
      const page = (n: number) => ({
        rows: [row()],
        opts: { announce: false, cursor: { walletId: 'wal_a', backfillNextPage: n + 1 } },
      })
      expect(await l.storeHistory(ACC, [page(1)])).toEqual([1])
      expect(await l.storeHistory(ACC, [page(2)])).toEqual([1])
      expect(l.count({ accountId: ACC })).toBe(2)
      expect(l.cursors.get(ACC, 'wal_a')?.backfillNextPage).toBe(3)
    } finally {
      l.close()
      await tmp.cleanup()
    }
  })
})
