// A tick's history pages go into the ledger with one commit (a commit costs more than a page's
// hundred rows), each page still with its own cursor, and a read that fails keeps what was read.
import type { WalletTransaction } from '@shared/schemas/service'
import { expect, it } from 'vitest'
import { type Batch, backfill, DEFAULT_READS, type ReadContext } from '../../../electron/main/services/sync/reads'

const tx = (id: number) => ({ id: `wtx_${id}`, created_at: 1_700_000_000 + id }) as unknown as WalletTransaction

function context(pages: number, failAt?: number) {
  const log: string[] = []
  const stored: Batch[] = []
  let open = false
  const c: ReadContext = {
    client: {
      listTransactions: async (_w: string, page: number) => {
        if (page === failAt) throw new Error('offline')
        return { items: [tx(page * 2), tx(page * 2 - 1)], pagination: { pageCount: pages, totalCount: pages * 2 } }
      },
    } as unknown as ReadContext['client'],
    cursor: () => null,
    store: (b) => {
      log.push(open ? 'store in transaction' : 'store alone')
      stored.push(b)
    },
    together: (fn) => {
      open = true
      log.push('begin')
      fn()
      log.push('commit')
      open = false
    },
    nowSec: () => 1,
    o: { ...DEFAULT_READS, backfillPagesPerTick: 5 },
  }
  return { c, log, stored }
}

it('stores the pages of a tick in one transaction, each with its cursor', async () => {
  const { c, log, stored } = context(12)
  expect(await backfill(c, 'wal_a')).toBe(false)
  expect(log).toEqual(['begin', ...Array(5).fill('store in transaction'), 'commit'])
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
  expect(log).toEqual(['begin', 'store in transaction', 'store in transaction', 'store in transaction', 'commit'])
  expect(stored.map((b) => b.cursor.backfillNextPage)).toEqual([2, 3, 4])
})

it('asks for the next page before storing the pages read (the service answers while the ledger writes), five a commit', async () => {
  const { c, log } = context(30)
  c.o = { ...DEFAULT_READS, backfillPagesPerTick: 10 }
  const list = c.client.listTransactions
  c.client = {
    ...c.client,
    listTransactions: (w: string, page: number, per: number) => {
      log.push(`ask ${page}`)
      return list(w, page, per)
    },
  } as ReadContext['client']
  expect(await backfill(c, 'wal_a')).toBe(false)
  const five = ['begin', ...Array(5).fill('store in transaction'), 'commit']
  // one request at a time still; none past the tick's ten pages
  expect(log).toEqual([
    'ask 1',
    'ask 2',
    'ask 3',
    'ask 4',
    'ask 5',
    'ask 6',
    ...five,
    'ask 7',
    'ask 8',
    'ask 9',
    'ask 10',
    ...five,
  ])
})
