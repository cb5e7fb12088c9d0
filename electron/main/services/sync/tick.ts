// One tick of one account: read balances, read what the plan says, store rows and outcomes, then
// announce what is new. Everything a tick stores goes in before anything is shown, so a crash at
// any point leaves at worst an announcement still to make, never one made twice (docs/ledger.md).
import type { PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type Wallet, type WalletTransaction, walletBalanceMsat } from '@shared/schemas/service'
import { fromServiceTx } from '../ledger'
import { showNotification } from '../notify'
import { walletsView, walletView } from '../views'
import type { AccountState, Loop } from './context'
import { SyncNotSavedError } from './errors'
import { announcement, CLOCK_SLACK_SEC, matchTransactions, type Settlement } from './outcomes'
import { planReads, splitExpired } from './plan'
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

export const LNTX_FIELDS = ['settled', 'settled_at', 'num_satoshis'] as const

/** One invoice read directly: settled or not (the focused invoice, check(), the read at expiry). */
export async function readInvoice(client: SyncClient, inv: PendingInvoice, nowSec: () => number) {
  const r = await client.getLnTx(inv.id, LNTX_FIELDS)
  if (!r.settled) return null
  return { invoice: inv, settledAt: r.settled_at ?? nowSec(), amountSat: r.num_satoshis ?? inv.amountSat }
}

export const isCode = (err: unknown, ...codes: AppError['code'][]) =>
  err instanceof AppError && codes.includes(err.code)

export function errorFields(err: unknown): Record<string, unknown> {
  return err instanceof AppError ? { code: err.code, message: err.message } : { message: String(err) }
}

/** Stores one wallet's rows with what they settle or claim; the app's own outcomes are told even in bulk. */
export function storeBatch(l: Loop, a: AccountState, b: Batch): void {
  const { records } = l
  const pending = records.pending(a.id).filter((i) => i.walletId === b.walletId)
  const links = records.waitingLinks(a.id, l.opts.withdrawMaxAgeSec).filter((x) => x.walletId === b.walletId)
  const { paid, claimed } = matchTransactions(b.items, pending, links, records.takenTxIds())
  settle(l, paid)
  for (const c of claimed) {
    const next = {
      ...c.link,
      status: 'claimed' as const,
      claimedAt: c.claimedAt,
      claimedMsat: c.claimedMsat,
      claimTxId: c.txId,
    }
    records.setLink(next)
    l.deps.emit('withdraw.updated', next)
  }
  saveRecords(l)
  const told = new Set(claimed.map((c) => c.txId))
  const isOutcome = (tx: WalletTransaction) =>
    told.has(tx.id) ||
    (tx.lnTx != null && tx.num_satoshis > 0 && l.awaitingRow.has(tx.lnTx.id)) ||
    paid.some((p) => p.invoice.id === tx.lnTx?.id)
  // the service lists newest first; stored oldest first, so rows of one second are told in order
  const rows = (list: WalletTransaction[]) => list.map((tx) => fromServiceTx(b.walletId, tx)).reverse()
  const ledger = l.deps.ledger()
  const outcomes = b.bulk ? b.items.filter(isOutcome) : []
  const rest = b.bulk ? b.items.filter((tx) => !isOutcome(tx)) : b.items
  let inserted = 0
  const livePrice = l.deps.livePrice?.() ?? null
  if (outcomes.length > 0) inserted += ledger.insertBatch(a.id, rows(outcomes), { announce: true, livePrice }).inserted
  inserted += ledger.insertBatch(a.id, rows(rest), {
    announce: !b.bulk,
    livePrice,
    cursor: { walletId: b.walletId, ...b.cursor },
  }).inserted
  for (const tx of b.items) if (tx.lnTx) l.awaitingRow.delete(tx.lnTx.id)
  if (inserted > 0) a.changed.add(b.walletId)
}

/** Marks invoices paid (once: checked and set in one synchronous step) and says so. */
export function settle(l: Loop, found: readonly Settlement[]): number {
  let n = 0
  for (const f of found) {
    const cur = l.records.invoice(f.invoice.id)
    if (cur?.status !== 'pending') continue
    const amountSat = f.amountSat > 0 ? f.amountSat : cur.amountSat
    const next: PendingInvoice = { ...cur, status: 'paid', settledAt: f.settledAt, amountSat }
    l.records.setInvoice(next)
    l.deps.emit('invoice.updated', next)
    n++
  }
  return n
}

/** Paid before it was tracked, and its row already synced: settled from the ledger. */
export function settledInLedger(l: Loop, inv: PendingInvoice): void {
  const row = l.deps.ledger().byLnTxId(inv.accountId, inv.id)
  if (!row || row.amountMsat <= 0 || row.createdAt < inv.createdAt - CLOCK_SLACK_SEC) return
  settle(l, [{ invoice: inv, settledAt: row.createdAt, amountSat: Math.floor(row.amountMsat / 1000) }])
}

export function expire(l: Loop, list: readonly PendingInvoice[]): void {
  for (const inv of list) {
    const cur = l.records.invoice(inv.id)
    if (cur?.status !== 'pending') continue
    const next: PendingInvoice = { ...cur, status: 'expired' }
    l.records.setInvoice(next)
    l.deps.emit('invoice.updated', next)
  }
  saveRecords(l)
}

/** Saves the invoices and links watched; a failure is logged and answered, never thrown. */
export function saveRecords(l: Loop): SyncNotSavedError | null {
  try {
    l.records.save()
    return null
  } catch (err) {
    l.log?.error('pending invoices not saved', errorFields(err))
    return new SyncNotSavedError(err)
  }
}

/** The outbox, oldest first: each row marked told, then shown (if it is news), so never twice. */
export function drainOutbox(l: Loop): void {
  const ledger = l.deps.ledger()
  const enabled = l.deps.settings().notifications
  for (;;) {
    const rows = ledger.unannounced(100)
    if (rows.length === 0) return
    for (const row of rows) {
      const label = l.accounts.get(row.accountId)?.labels.get(row.walletId) ?? row.walletLabel ?? row.walletId
      const byRow = {
        invoice: l.records.invoice,
        claimedBy: (txId: string) => l.records.claimedBy(row.accountId, txId),
      }
      const model = announcement(row, byRow, label)
      // Marked told before it is shown: a crash between the two loses one banner (the payment is
      // still in the history and the balance), where the other order would tell it twice.
      ledger.markAnnounced([row.rowId])
      if (model) showNotification({ notifier: l.deps.notifier, emit: l.deps.emit, enabled }, model)
      l.deps.announced?.(row)
    }
  }
}

function learn(l: Loop, a: AccountState, list: readonly Wallet[]) {
  const names = list.map((w) => ({ id: w.id, label: walletView(w).label }))
  if (names.some((n) => a.labels.get(n.id) !== n.label) || names.length !== a.labels.size) {
    a.labels = new Map(names.map((n) => [n.id, n.label]))
    l.deps.ledger().setWallets(a.id, names)
  }
}

/** Reads the balances; null when the key cannot list wallets (then it never tries again). */
async function readBalances(l: Loop, a: AccountState): Promise<Map<string, number> | null> {
  if (!a.canListWallets) return null
  try {
    const list = await a.client.listWallets()
    learn(l, a, list)
    a.wallets = list
    return new Map(list.map((w) => [w.id, walletBalanceMsat(w)]))
  } catch (err) {
    if (!isCode(err, 'forbidden')) throw err
    a.canListWallets = false
    return null
  }
}

export async function syncAccount(l: Loop, a: AccountState, force: boolean): Promise<void> {
  a.ticks++
  const balances = await readBalances(l, a)
  const cursors = l.deps.ledger().cursors
  const watched = new Set([
    ...l.records.pending(a.id).map((i) => i.walletId),
    ...l.records.waitingLinks(a.id, l.opts.withdrawMaxAgeSec).map((x) => x.walletId),
  ])
  const plan = planReads(
    {
      force,
      ticks: a.ticks,
      balances,
      storedBalances: a.storedBalances,
      watched: [...watched],
      backfillDone: (id) => cursors.get(a.id, id)?.backfillDoneAt != null,
      feedAllowed: a.feedUsable,
    },
    l.opts,
  )
  const rc: ReadContext = {
    client: a.client,
    cursor: (id) => cursors.get(a.id, id),
    store: (b) => storeBatch(l, a, b),
    together: (fn) => l.deps.ledger().together(fn),
    nowSec: l.nowSec,
    o: l.opts,
  }
  const upToDate = new Set<string>()
  let failed: unknown = null
  if (plan.viaFeed.length > 0) await readFeed(l, a, rc, plan, upToDate)
  const perWallet = plan.perWallet.map((id) =>
    readNewOfWallet(rc, id).then(
      () => upToDate.add(id),
      (err) => {
        failed = err
      },
    ),
  )
  await Promise.all(perWallet)
  for (const id of plan.backfill) {
    try {
      const fromTop = (cursors.get(a.id, id)?.backfillNextPage ?? 1) === 1
      // Done in this tick from page 1: its rows are as new as this tick's balance. Done later: the
      // next tick reads what arrived while the history was loading.
      if (await backfill(rc, id)) fromTop ? upToDate.add(id) : a.storedBalances.delete(id)
    } catch (err) {
      failed = err
      break
    }
  }
  if (plan.backfill.length > 0)
    l.deps.emit('sync.progress', { accountId: a.id, ...historyProgress(cursors.list(a.id), l.opts.backfillPerPage) })
  for (const id of upToDate) {
    const bal = balances?.get(id)
    if (bal !== undefined) a.storedBalances.set(id, bal)
  }
  await finalChecks(l, a)
  drainOutbox(l)
  announceChanges(l, a, balances)
  if (failed) throw failed
  l.deps.afterSync?.(a.id)
}

/** The wallets the account-wide feed covers: up to date, else (no feed here) read wallet by wallet. */
async function readFeed(
  l: Loop,
  a: AccountState,
  rc: ReadContext,
  plan: { viaFeed: string[]; perWallet: string[] },
  upToDate: Set<string>,
) {
  try {
    if (await readNewViaFeed(rc, plan.viaFeed)) for (const id of plan.viaFeed) upToDate.add(id)
    else plan.perWallet.push(...plan.viaFeed)
  } catch (err) {
    if (!(err instanceof FeedUnusableError) && !isCode(err, 'forbidden', 'unauthorized', 'not_found')) throw err
    l.log?.info('sync: the account-wide feed cannot be used; reading wallet by wallet', errorFields(err))
    a.feedUsable = false
    plan.perWallet.push(...plan.viaFeed)
  }
}

/** The last word on invoices past their expiry: paid after all, or expired. */
async function finalChecks(l: Loop, a: AccountState) {
  const { expiring } = splitExpired(l.records.pending(a.id), l.serviceSec(a.id), l.opts)
  for (const inv of expiring) {
    try {
      const s = await l.readDirect(a.client, inv)
      if (s) await l.foundDirectly(a, [s])
      else expire(l, [inv])
    } catch (err) {
      // Retryable: ask again next tick. Otherwise the service will not tell more (unknown, not ours).
      if (err instanceof AppError && err.retryable) throw err
      l.log?.warn('sync: invoice unreadable at expiry', { id: inv.id, ...errorFields(err) })
      expire(l, [inv])
    }
  }
}

function announceChanges(l: Loop, a: AccountState, balances: Map<string, number> | null) {
  if (balances && a.wallets) {
    const key = JSON.stringify([...balances])
    const active = l.deps.activeAccountId?.() ?? a.id
    if (key !== a.shownBalances && active === a.id) {
      a.shownBalances = key
      l.deps.emit('wallets.updated', walletsView(a.wallets))
    }
  }
  if (a.changed.size > 0) {
    l.deps.emit('ledger.updated', { accountId: a.id, walletIds: [...a.changed] })
    a.changed.clear()
  }
}
