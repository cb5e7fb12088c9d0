// One tick of one account, the executor of the plan: read the balances, read what planReads says,
// store each batch as planStore says, then tell what is new. Everything a tick stores goes in
// before anything is shown, so a crash at any point leaves at worst an announcement still to
// make, never one made twice (docs/ledger.md).
import type { PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type BackendTx, ledgerRow } from '../backends'
import type { HistoryBatch } from '../ledger'
import { walletsView, walletView } from '../views'
import type { SyncIo } from './deps'
import { drainOutbox } from './outbox'
import { planReads, planStore, type ReadPlan, splitExpired } from './plan'
import {
  type Batch,
  backfill,
  FeedUnusableError,
  historyProgress,
  type ReadContext,
  readNewOfWallet,
  readNewViaFeed,
  type SyncClient,
} from './reads'
import { claim, errorFields, expire, foundDirectly, isCode, saveWatched, settle } from './settle'
import { afterReads, listed, stored, toTell } from './state'
import { linksOf, pendingOf, refusedOf, takenTxIds, waitingLinksOf } from './watched'

/** One invoice read directly: settled or not (the focused invoice, check(), the read at expiry). */
export async function readInvoice(client: SyncClient, inv: PendingInvoice, nowSec: () => number) {
  const r = await client.invoiceState(inv.id)
  if (!r.settled) return null
  const amountSat = r.amountMsat !== null ? Math.trunc(r.amountMsat / 1000) : inv.amountSat
  return { invoice: inv, settledAt: r.settledAt ?? nowSec(), amountSat }
}

/** What the account waits on: its pending invoices and the links not claimed yet. */
function waitingOf(io: SyncIo, accountId: string) {
  const ledger = io.deps.ledger()
  const now = io.serviceSec(accountId)
  const links = waitingLinksOf(ledger, io.unsaved, accountId, now, io.opts.withdrawMaxAgeSec)
  return { pending: pendingOf(ledger, io.unsaved, accountId), links }
}

/**
 * What one wallet's rows settle or claim, stored and told, and the rows the app waits on (told even
 * in bulk) stored as news; returns the others, to store with the batch's cursor.
 */
function storeOutcomes(io: SyncIo, accountId: string, b: Batch) {
  const ledger = io.deps.ledger()
  const waiting = waitingOf(io, accountId)
  // not waited on, but a refused claim's invoice paid after all is matched too
  const refused = refusedOf(ledger, io.unsaved, accountId, io.serviceSec(accountId) - io.opts.expiryGraceSec)
  const taken = takenTxIds(linksOf(ledger, io.unsaved))
  const matched = { pending: [...waiting.pending, ...refused], links: waiting.links, takenTxIds: taken }
  const plan = planStore(b, { ...matched, awaitingRow: io.state(accountId).awaitingRow })
  settle(io, plan.paid)
  claim(io, plan.claimed)
  saveWatched(io)
  const livePrice = io.deps.livePrice?.() ?? null
  const told =
    plan.told.length > 0
      ? ledger.insertBatch(accountId, rows(b.walletId, plan.told), { announce: true, livePrice })
      : null
  const rest: HistoryBatch = {
    rows: rows(b.walletId, plan.rest),
    opts: { announce: !b.bulk, livePrice, cursor: { walletId: b.walletId, ...b.cursor } },
  }
  return { inserted: told?.inserted ?? 0, rest }
}

/** backends list newest first; stored oldest first, so rows of one second are told in order */
const rows = (walletId: string, list: readonly BackendTx[]) =>
  list.map((tx) => ledgerRow({ ...tx, walletId })).reverse()

/** The rows now stored are no longer awaited; new rows mark the wallet changed. */
function storedBatch(io: SyncIo, accountId: string, b: Batch, inserted: number) {
  const lnTxIds = b.items.flatMap((tx) => (tx.lnTxId ? [tx.lnTxId] : []))
  io.set(accountId, stored(io.state(accountId), b.walletId, lnTxIds, inserted))
}

/** Stores one wallet's rows with what they settle or claim; the app's own outcomes are told even in bulk. */
function storeBatch(io: SyncIo, accountId: string, b: Batch): void {
  const ledger = io.deps.ledger()
  const out = storeOutcomes(io, accountId, b)
  const inserted = out.inserted + ledger.insertBatch(accountId, out.rest.rows, out.rest.opts).inserted
  storedBatch(io, accountId, b, inserted)
}

/**
 * Pages of history: their outcomes here, at once (in one commit), and the rest of their rows with
 * their cursors in one commit, on the history's own thread for a large history, while the next
 * pages are read.
 */
async function storeHistory(io: SyncIo, accountId: string, batches: Batch[]): Promise<void> {
  const ledger = io.deps.ledger()
  const outs = ledger.together(() => batches.map((b) => storeOutcomes(io, accountId, b)))
  // the newest page alone (shown first, backfill's own group) is not worth the hop to the history's thread
  const newestAlone = batches.length === 1 && batches[0]?.cursor.backfillNextPage === 2
  const large = !newestAlone && batches.some((b) => (b.cursor.backfillTotal ?? 0) >= io.opts.backfillOffThreadFrom)
  const inserted = await ledger.storeHistory(
    accountId,
    outs.map((o) => o.rest),
    { offThread: large },
  )
  for (const [i, b] of batches.entries()) storedBatch(io, accountId, b, (outs[i]?.inserted ?? 0) + (inserted[i] ?? 0))
}

/** Reads the balances; null when the key cannot list wallets (then it never tries again). */
async function readBalances(io: SyncIo, accountId: string, client: SyncClient): Promise<Map<string, number> | null> {
  if (!io.state(accountId).canListWallets) return null
  try {
    const list = await client.listWallets()
    const prefs = io.deps.walletPrefs?.(accountId) ?? {}
    const r = listed(io.state(accountId), list, (w) => walletView(w, prefs[w.id]).label)
    io.set(accountId, r.state)
    if (r.names) io.deps.ledger().setWallets(accountId, r.names)
    return new Map(list.map((w) => [w.id, w.balanceMsat]))
  } catch (err) {
    if (!isCode(err, 'forbidden')) throw err
    io.set(accountId, { ...io.state(accountId), canListWallets: false })
    return null
  }
}

/** One round of an account's tick: reads, stores and tells what the plans say. */
export async function syncAccount(io: SyncIo, accountId: string, client: SyncClient, readAll: boolean) {
  const before = io.state(accountId)
  io.set(accountId, { ...before, ticks: before.ticks + 1 })
  const balances = await readBalances(io, accountId, client)
  const cursors = io.deps.ledger().cursors
  const s = io.state(accountId)
  const { pending, links } = waitingOf(io, accountId)
  const plan = planReads(
    {
      force: readAll,
      ticks: s.ticks,
      balances,
      storedBalances: s.storedBalances,
      watched: [...new Set([...pending, ...links].map((x) => x.walletId))],
      backfillDone: (id) => cursors.get(accountId, id)?.backfillDoneAt != null,
      feedAllowed: s.feedUsable,
    },
    io.opts,
  )
  const rc: ReadContext = {
    client,
    cursor: (id) => cursors.get(accountId, id),
    store: (b) => storeBatch(io, accountId, b),
    storeHistory: (batches) => storeHistory(io, accountId, batches),
    nowSec: () => Math.floor(io.deps.now() / 1000),
    o: io.opts,
  }
  const r = await readPlanned(io, accountId, rc, plan)
  io.set(accountId, {
    ...afterReads(io.state(accountId), balances, r.upToDate, r.readAgain),
    historyLoading: plan.backfill.length > 0 && !r.historyIn,
  })
  await finalChecks(io, accountId, client)
  drainOutbox(io)
  tell(io, accountId, balances)
  if (r.historyIn) io.deps.historyLoaded?.(accountId)
  if (r.failed) throw r.failed
  io.deps.afterSync?.(accountId)
}

/**
 * Several histories to load from the top: the newest page of each first, side by side, so the
 * screen's first page holds the account's newest rows while the rest loads wallet by wallet.
 * Returns the wallets whose whole history that page was.
 */
async function newestPagesFirst(rc: ReadContext, ids: ReadonlySet<string>): Promise<Set<string>> {
  const done = new Set<string>()
  if (ids.size < 2) return done
  const onePage = { ...rc, o: { ...rc.o, backfillPagesPerTick: 1 } }
  await Promise.all([...ids].map(async (id) => (await backfill(onePage, id)) && done.add(id)))
  return done
}

const restOfTick = (rc: ReadContext): ReadContext => ({
  ...rc,
  o: { ...rc.o, backfillPagesPerTick: Math.max(1, rc.o.backfillPagesPerTick - 1) },
})

/**
 * The reads the plan asked for; which wallets are now up to date, which to read again, the last
 * failure, and whether the last history still loading was stored in full by this tick.
 */
async function readPlanned(io: SyncIo, accountId: string, rc: ReadContext, plan: ReadPlan) {
  const upToDate = new Set<string>()
  const readAgain: string[] = []
  let failed: unknown = null
  let historiesDone = 0
  const oneByOne = [...plan.perWallet]
  if (plan.viaFeed.length > 0) oneByOne.push(...(await readFeed(io, accountId, rc, plan.viaFeed, upToDate)))
  const perWallet = oneByOne.map((id) =>
    readNewOfWallet(rc, id).then(
      () => upToDate.add(id),
      (err) => {
        failed = err
      },
    ),
  )
  await Promise.all(perWallet)
  const fromTop = new Set(plan.backfill.filter((id) => (rc.cursor(id)?.backfillNextPage ?? 1) === 1))
  const doneFirst = await newestPagesFirst(rc, fromTop).catch((err: unknown) => {
    failed = err
    return null
  })
  for (const id of doneFirst ? plan.backfill : []) {
    try {
      // Done in this tick from page 1: its rows are as new as this tick's balance. Done later: the
      // next tick reads what arrived while the history was loading.
      // a wallet whose newest page came first reads the rest of the tick's pages
      const tickRc = fromTop.size > 1 && fromTop.has(id) ? restOfTick(rc) : rc
      if (!doneFirst?.has(id) && !(await backfill(tickRc, id))) continue
      historiesDone++
      if (fromTop.has(id)) upToDate.add(id)
      else readAgain.push(id)
    } catch (err) {
      failed = err
      break
    }
  }
  if (plan.backfill.length > 0) {
    const progress = historyProgress(io.deps.ledger().cursors.list(accountId), io.opts.backfillPerPage)
    io.deps.emit('sync.progress', { accountId, ...progress })
  }
  const historyIn = plan.backfill.length > 0 && historiesDone === plan.backfill.length
  return { upToDate, readAgain, failed, historyIn }
}

/** The wallets the account-wide feed covers: up to date; returns those to read one by one instead. */
async function readFeed(io: SyncIo, accountId: string, rc: ReadContext, viaFeed: string[], upToDate: Set<string>) {
  try {
    if (!(await readNewViaFeed(rc, viaFeed))) return viaFeed
    for (const id of viaFeed) upToDate.add(id)
    return []
  } catch (err) {
    if (!(err instanceof FeedUnusableError) && !isCode(err, 'forbidden', 'unauthorized', 'not_found')) throw err
    io.deps.log?.info('sync: the account-wide feed cannot be used; reading wallet by wallet', errorFields(err))
    io.set(accountId, { ...io.state(accountId), feedUsable: false })
    return viaFeed
  }
}

/** The last word on invoices past their expiry: paid after all, or expired. */
async function finalChecks(io: SyncIo, accountId: string, client: SyncClient) {
  const { expiring } = splitExpired(waitingOf(io, accountId).pending, io.serviceSec(accountId), io.opts)
  for (const inv of expiring) {
    try {
      const s = await readInvoice(client, inv, () => io.serviceSec(accountId))
      if (s) foundDirectly(io, accountId, [s])
      else expire(io, [inv])
    } catch (err) {
      // Retryable: ask again next tick. Otherwise the service will not tell more (unknown, not ours).
      if (err instanceof AppError && err.retryable) throw err
      io.deps.log?.warn('sync: invoice unreadable at expiry', { id: inv.id, ...errorFields(err) })
      expire(io, [inv])
    }
  }
}

/** The renderer hears of changed balances (the account shown) and of wallets with new rows. */
function tell(io: SyncIo, accountId: string, balances: ReadonlyMap<string, number> | null) {
  const shown = (io.deps.activeAccountId?.() ?? accountId) === accountId
  const r = toTell(io.state(accountId), balances, shown)
  io.set(accountId, r.state)
  if (r.tell.wallets)
    io.deps.emit('wallets.updated', walletsView([...r.tell.wallets], io.deps.walletPrefs?.(accountId)))
  if (r.tell.changedWallets.length > 0) io.deps.emit('ledger.updated', { accountId, walletIds: r.tell.changedWallets })
}
