// A tick's history pages go into the ledger ten to a commit (a commit costs more than a page's
// hundred rows), each page still with its own cursor, stored while the next pages are read, one
// group after the other; the newest page goes in on its own first (the screen shows it while the
// rest loads); two pages are asked for at once; the reads run at most two groups ahead of the
// store; a read that fails keeps what was read, a store that fails stores nothing after.

import { expect, it, vi } from 'vitest'
import type { BackendHistoryPage, BackendTx } from '../../../electron/main/services/backends'
import { type Batch, backfill, DEFAULT_READS, type ReadContext } from '../../../electron/main/services/sync/reads'

const tx = (id: number) => ({ txId: `wtx_${id}`, createdAt: 1_700_000_000 + id }) as BackendTx

function context(pages: number, failAt?: number, storeFailsAt?: number) {
  const log: string[] = []
  const stored: Batch[] = []
  let groups = 0
  const c: ReadContext = {
    client: {
      listTransactions: async (_w: string, page: number) => {
        if (page === failAt) throw new Error('offline')
        const rows = [tx(page * 2), tx(page * 2 - 1)]
        return { rows, page, perPage: 2, pageCount: pages, totalCount: pages * 2 } satisfies BackendHistoryPage
      },
    } as unknown as ReadContext['client'],
    cursor: () => null,
    store: () => {
      throw new Error('history goes through storeHistory')
    },
    storeHistory: async (batches) => {
      const group = ++groups
      log.push(`store ${batches.map((b) => (b.cursor.backfillNextPage ?? 0) - 1).join(',')}`)
      // the store takes a while: the next pages are read meanwhile
      await new Promise((r) => setTimeout(r, 5))
      if (group === storeFailsAt) throw new Error('disk full')
      stored.push(...batches)
      log.push(`stored ${group}`)
    },
    nowSec: () => 1,
    o: { ...DEFAULT_READS, backfillPagesPerTick: 5 },
  }
  return { c, log, stored }
}

it('stores the newest page on its own, then the rest of the tick in one group, each with its cursor', async () => {
  const { c, log, stored } = context(12)
  expect(await backfill(c, 'wal_a')).toBe(false)
  expect(log).toEqual(['store 1', 'stored 1', 'store 2,3,4,5', 'stored 2'])
  expect(stored.map((b) => b.cursor.backfillNextPage)).toEqual([2, 3, 4, 5, 6])
  expect(stored[0]?.cursor.lastSeenTxId).toBe('wtx_2')
})

it('ends on the last page, marking it done', async () => {
  const { c, stored } = context(3)
  expect(await backfill(c, 'wal_a')).toBe(true)
  expect(stored).toHaveLength(3)
  expect(stored[2]?.cursor.backfillDoneAt).toBe(1)
})

it('a read that fails stores the pages read before it, then fails', async () => {
  const { c, log, stored } = context(12, 4)
  await expect(backfill(c, 'wal_a')).rejects.toThrow('offline')
  expect(log).toEqual(['store 1', 'stored 1', 'store 2,3', 'stored 2'])
  expect(stored.map((b) => b.cursor.backfillNextPage)).toEqual([2, 3, 4])
})

it('reads on while a group is stored, and hands a group over only once the one before is in', async () => {
  const { c, log } = context(60)
  c.o = { ...DEFAULT_READS, backfillPagesPerTick: 30 }
  const list = c.client.listTransactions
  c.client = {
    ...c.client,
    listTransactions: (w: string, page: number, per: number) => {
      log.push(`ask ${page}`)
      return list(w, page, per)
    },
  } as ReadContext['client']
  expect(await backfill(c, 'wal_a')).toBe(false)
  // two requests at a time, none past the tick's 30; the reads do not wait for the first group's
  // store, and each group starts only once the one before it is stored
  const asks = (from: number, to: number) => range(from, to).map((p) => `ask ${p}`)
  const store = (from: number, to: number) => `store ${range(from, to).join(',')}`
  expect(log).toEqual([
    ...asks(1, 3),
    store(1, 1),
    ...asks(4, 23),
    'stored 1',
    store(2, 11),
    ...asks(24, 30),
    'stored 2',
    store(12, 21),
    'stored 3',
    store(22, 30),
    'stored 4',
  ])
})

it('the reads wait once two groups wait for a store that has not ended', async () => {
  const { c, log } = context(100)
  c.o = { ...DEFAULT_READS, backfillPagesPerTick: 100 }
  let release = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  const storeHistory = c.storeHistory
  c.storeHistory = async (batches) => {
    await gate
    return storeHistory(batches)
  }
  let asked = 0
  const list = c.client.listTransactions
  c.client = {
    ...c.client,
    listTransactions: (w: string, page: number, per: number) => {
      asked = Math.max(asked, page)
      return list(w, page, per)
    },
  } as ReadContext['client']
  const done = backfill(c, 'wal_a')
  // the newest page is being stored, two groups wait (the two pages after them already asked for) ...
  await vi.waitFor(() => expect(asked).toBe(23))
  // ... and no page more is asked for while they wait
  await new Promise((r) => setTimeout(r, 20))
  expect(asked).toBe(23)
  expect(log).toEqual([])
  release()
  expect(await done).toBe(true)
  expect(log.filter((l) => l.startsWith('stored'))).toHaveLength(11)
})

it('a group that fails to store: no later group is handed over, and the tick fails', async () => {
  const { c, log, stored } = context(60, undefined, 1)
  c.o = { ...DEFAULT_READS, backfillPagesPerTick: 30 }
  await expect(backfill(c, 'wal_a')).rejects.toThrow('disk full')
  expect(log).toEqual(['store 1'])
  expect(stored).toEqual([])
})

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
