// The loop's reads of the service, through the BackendClient, each bounded in pages. They hand
// each wallet's rows, with the cursor those rows account for, to `store` (which writes both in one
// database transaction), so a read cut short by a crash or an error resumes where the ledger says.
//
// - History (first sync, or after a rebuild): `backfillPagesPerTick` big pages a tick, oldest
//   pages last; stored as already announced. Rows arriving meanwhile push older rows to later
//   pages, never earlier ones, so none is skipped; the newest row of page 1 is the cursor for what
//   comes after.
// - New rows: page 1 onwards until a row older than the last one seen (rows of the same second are
//   read again: one may land in the second of the last read). A page whose rows were all left out
//   (an NWC account keeps settled rows only) does not end the read: its listed rows' time does. More than `maxPages` pages since the
//   last read (the app was closed a long while): what is left loads as history.

import type { BackendClient, BackendHistoryPage, BackendTx } from '../backends'
import type { CursorPatch, SyncCursor } from '../ledger'

export type SyncClient = Pick<
  BackendClient,
  'listWallets' | 'invoiceState' | 'listTransactions' | 'listAccountTransactions'
>

/**
 * A client that asks for the account's current one at each call, so a key or auth method changed
 * while a tick runs applies from its next request.
 */
export function latestClient(
  clientOf: (accountId: string) => SyncClient | null,
  accountId: string,
  first: SyncClient,
): SyncClient {
  const now = () => clientOf(accountId) ?? first
  return {
    listWallets: (...a) => now().listWallets(...a),
    invoiceState: (...a) => now().invoiceState(...a),
    listTransactions: (...a) => now().listTransactions(...a),
    listAccountTransactions: (...a) => now().listAccountTransactions(...a),
  }
}

export interface ReadOptions {
  perPage: number
  maxPages: number
  backfillPerPage: number
  backfillPagesPerTick: number
  /**
   * a wallet's history of at least this many rows is stored on the ledger's own thread; a smaller
   * one here (the thread gains nothing at 10,000 rows and keeps about 40 MB: docs/ledger.md)
   */
  backfillOffThreadFrom: number
}

/**
 * History in pages of 100, two hundred a tick: each page's parse is a short step, and the store is
 * on its own thread, so the app answers meanwhile. Each tick starts with the reads alone and ends
 * with the store alone; at fifty pages a tick that cost a million rows' first sync 12 % (docs/ledger.md,
 * "The first sync's store").
 */
export const DEFAULT_READS: ReadOptions = {
  perPage: 50,
  maxPages: 100,
  backfillPerPage: 100,
  backfillPagesPerTick: 200,
  backfillOffThreadFrom: 20_000,
}

/** one wallet's rows and the cursor they move */
export interface Batch {
  walletId: string
  items: BackendTx[]
  /** history: stored as already announced (but what the app waits on is still told) */
  bulk: boolean
  cursor: CursorPatch
}

export interface ReadContext {
  client: SyncClient
  cursor: (walletId: string) => SyncCursor | null
  store: (b: Batch) => void
  /** stores pages of history in one commit, off this thread (tick.ts); settles once they are in */
  storeHistory: (batches: Batch[]) => Promise<void>
  nowSec: () => number
  o: ReadOptions
}

type Page = BackendHistoryPage

/** pages stored in one commit (a commit costs more than a page: 20 % less store time than five) */
const STORE_EVERY = 10
/** groups read and not yet stored, at most: the reads go on while the store catches up */
const GROUPS_AHEAD = 2
/**
 * pages of history asked for at once: a service tens of milliseconds away answers two requests in
 * the time of one, and one at a time made the first sync wait on the network between every page
 * (docs/ledger.md, "The first sync's store")
 */
const READS_AHEAD = 2

/**
 * Up to `backfillPagesPerTick` more pages of a wallet's history; true once it is all stored. Pages
 * are stored ten at a time, in one commit, on the history's own thread, while the next ones are
 * read. Each group is handed over only once the one before it is stored (a group after a failed
 * one would move the cursor past rows that are not there), but the reads do not wait for that:
 * they go on until GROUPS_AHEAD groups wait for the store, so neither the reads nor the store
 * stand idle while the other works (docs/ledger.md, "The first sync's store"). A read that fails
 * stores what was read before it, then throws; a store that fails stops the reads and throws.
 */
export async function backfill(c: ReadContext, walletId: string): Promise<boolean> {
  const prev = c.cursor(walletId)
  let page = prev?.backfillNextPage ?? 1
  const last = page + c.o.backfillPagesPerTick - 1
  let read: Batch[] = []
  /** groups handed over and not yet awaited, oldest first; each starts once the one before is stored */
  const waiting: Array<Promise<void>> = []
  const lastGroup = () => waiting.at(-1) ?? Promise.resolve()
  const handOver = async () => {
    const batches = read
    read = []
    if (batches.length > 0) {
      const group = lastGroup().then(() => c.storeHistory(batches))
      group.catch(() => {}) // awaited below and at the end
      waiting.push(group)
    }
    // the newest group is never taken out, so the next one still chains on it
    while (waiting.length > GROUPS_AHEAD) await waiting.shift()
  }
  const ask = (p: number) => {
    const answer = c.client.listTransactions(walletId, p, c.o.backfillPerPage)
    answer.catch(() => {}) // awaited below; a tick that ends first must not leave it unhandled
    return answer
  }
  let done = false
  /** pages asked for and not yet read, in order; more than one once the count of pages is known */
  const asked: Array<Promise<Page>> = [ask(page)]
  let nextAsk = page + 1
  try {
    for (; !done && page <= last; page++) {
      const r = await (asked.shift() as Promise<Page>)
      done = page >= r.pageCount
      const lastToAsk = Math.min(last, r.pageCount)
      while (!done && asked.length < READS_AHEAD && nextAsk <= lastToAsk) asked.push(ask(nextAsk++))
      const cursor: CursorPatch = { backfillNextPage: page + 1, backfillTotal: r.totalCount }
      const newest = r.rows[0]
      if (page === 1 && newest) Object.assign(cursor, seen(prev, newest))
      if (done) cursor.backfillDoneAt = c.nowSec()
      read.push({ walletId, items: r.rows, bulk: true, cursor })
      // the newest page goes in on its own: the screen shows it while the rest loads
      if (page === 1 || read.length >= STORE_EVERY) await handOver()
    }
  } finally {
    await handOver()
    await lastGroup()
  }
  return done
}

/** Rows of an account's history its first sync has stored, of the service's count, over its wallets. */
export function historyProgress(cursors: SyncCursor[], perPage: number): { loaded: number; total: number } {
  let loaded = 0
  let total = 0
  for (const c of cursors) {
    const count = c.backfillTotal ?? 0
    total += count
    loaded += c.backfillDoneAt !== null ? count : Math.min(count, (c.backfillNextPage - 1) * perPage)
  }
  return { loaded, total }
}

function seen(prev: SyncCursor | null, newest: BackendTx): CursorPatch {
  if (prev?.lastSeenAt != null && prev.lastSeenAt > newest.createdAt) return {}
  return { lastSeenAt: newest.createdAt, lastSeenTxId: newest.txId }
}

/** Pages from the newest back to `bound` (s); `overflow` when maxPages ran out first. */
async function readBack(read: (page: number) => Promise<Page>, bound: number | null, maxPages: number) {
  const items: BackendTx[] = []
  for (let page = 1; ; page++) {
    const r = await read(page)
    items.push(...r.rows)
    // a page that kept no row (an NWC account's unpaid invoices) is judged by the rows it listed
    const oldest = r.rows.at(-1)?.createdAt ?? r.oldestListed
    if (oldest === undefined || (bound !== null && oldest < bound) || page >= r.pageCount)
      return { items, overflow: false }
    if (page >= maxPages) return { items, overflow: true }
  }
}

/** What is left after an overflow loads as history, from about where the read stopped. */
function overflowCursor(c: ReadContext, rowsRead: number): CursorPatch {
  return { backfillNextPage: Math.floor(rowsRead / c.o.backfillPerPage) + 1, backfillDoneAt: null }
}

export async function readNewOfWallet(c: ReadContext, walletId: string): Promise<void> {
  const prev = c.cursor(walletId)
  const read = (page: number) => c.client.listTransactions(walletId, page, c.o.perPage)
  const r = await readBack(read, prev?.lastSeenAt ?? null, c.o.maxPages)
  const newest = r.items[0]
  const cursor: CursorPatch = { fullCheckAt: c.nowSec(), ...(newest ? seen(prev, newest) : {}) }
  if (r.overflow) Object.assign(cursor, overflowCursor(c, r.items.length))
  c.store({ walletId, items: r.items, bulk: false, cursor })
}

/** The feed's rows name no wallet: it cannot be used (the caller reads wallet by wallet). */
export class FeedUnusableError extends Error {}

/**
 * New rows of several wallets in one list. Returns false when the feed ran past `maxPages`
 * (the caller then reads those wallets one by one, which knows what to do about it).
 */
export async function readNewViaFeed(c: ReadContext, walletIds: readonly string[]): Promise<boolean> {
  const cursors = new Map(walletIds.map((id) => [id, c.cursor(id)]))
  const bounds = [...cursors.values()].map((x) => x?.lastSeenAt ?? null)
  const bound = bounds.includes(null) ? null : Math.min(...(bounds as number[]))
  const read = (page: number) => c.client.listAccountTransactions(page, c.o.perPage)
  const r = await readBack(read, bound, c.o.maxPages)
  if (r.overflow) return false
  const byWallet = new Map<string, BackendTx[]>(walletIds.map((id) => [id, []]))
  for (const tx of r.items) {
    const id = tx.walletId
    if (!id) throw new FeedUnusableError('the account-wide feed does not say whose rows these are')
    byWallet.get(id)?.push(tx) // a wallet not asked for (still loading its history) is left to that
  }
  for (const [walletId, items] of byWallet) {
    const newest = items[0]
    const cursor: CursorPatch = {
      fullCheckAt: c.nowSec(),
      ...(newest ? seen(cursors.get(walletId) ?? null, newest) : {}),
    }
    c.store({ walletId, items, bulk: false, cursor })
  }
  return true
}
