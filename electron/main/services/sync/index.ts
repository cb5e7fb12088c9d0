// The sync loop: keeps the ledger in step with the service for every account, announces each
// payment that arrives exactly once, and follows what the app waits for (invoices made in it,
// withdraw links it handed out). See docs/architecture.md ("The sync loop") and docs/ledger.md.
//
// plan.ts decides (pure), reads.ts reads, outcomes.ts says what rows mean, tick.ts runs one
// account's tick, records.ts keeps the app's own records, schedule.ts holds the timers.
import { type PendingInvoice as PendingInvoiceSchema, WithdrawLinkView } from '@shared/contract'
import { AppError } from '@shared/errors'
import {
  type AccountState,
  DEFAULT_SYNC_OPTIONS,
  type Loop,
  newAccountState,
  type SyncDeps,
  type SyncOptions,
} from './context'
import { nextTickMs } from './plan'
import { latestClient, type SyncClient } from './reads'
import { createRecords } from './records'
import { createSchedule, realTimers } from './schedule'
import {
  drainOutbox,
  errorFields,
  expire,
  readInvoice,
  saveRecords,
  settle,
  settledInLedger,
  syncAccount,
} from './tick'
import type { SyncLoop } from './types'

export { DEFAULT_SYNC_OPTIONS, type SyncDeps, type SyncOptions } from './context'
export { SyncNotSavedError } from './errors'
export { announcement, CLOCK_SLACK_SEC, type Claim, matchTransactions, type Settlement } from './outcomes'
export { DEFAULT_PLAN, nextTickMs, type PlanOptions, planReads, splitExpired } from './plan'
export type { SyncClient } from './reads'
export type { Timers } from './schedule'
export { LNTX_FIELDS } from './tick'
export type { SyncLoop } from './types'

export function createSyncLoop(deps: SyncDeps): SyncLoop {
  const opts: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...deps.options }
  const schedule = createSchedule(deps.timers ?? realTimers)
  const log = deps.log
  const serviceSec = (id: string) => Math.floor((deps.serviceNow?.(id) ?? deps.now()) / 1000)
  const records = createRecords({ ...{ ledger: deps.ledger, now: deps.now, serviceSec }, ...recordsOptions(opts, log) })
  let loaded = false
  /** The ledger is opened once there is an account: a first run without one writes no file. */
  const ensureLoaded = (force = false) => {
    if (loaded || (!force && deps.accountIds().length === 0)) return loaded
    loaded = true
    records.load()
    return true
  }
  let started = false
  let offline = false
  let focused: string | null = null

  const loop: Loop = {
    deps,
    opts,
    records,
    accounts: new Map(),
    log,
    nowSec: () => Math.floor(deps.now() / 1000),
    serviceSec,
    awaitingRow: new Set(),
    readDirect: (client, inv) => readInvoice(client, inv, () => serviceSec(inv.accountId)),
    async foundDirectly(a, found) {
      if (settle(loop, found) === 0) return
      saveRecords(loop)
      for (const s of found) {
        loop.awaitingRow.add(s.invoice.id)
        a.storedBalances.delete(s.invoice.walletId) // read it at once: the row brings the announcement
      }
      a.rerun = true
    },
  }

  function account(id: string, client: SyncClient): AccountState {
    const a = loop.accounts.get(id) ?? newAccountState(id, client)
    loop.accounts.set(id, a)
    a.client = client
    return a
  }

  const wanted = (id: string) => deps.accountIds().includes(id) || records.pending(id).length > 0

  function delayFor(id: string): number {
    const intervalMs = deps.settings().pollIntervalSec * 1000
    const failures = loop.accounts.get(id)?.failures ?? 0
    const waiting = records.waiting(id, opts.withdrawMaxAgeSec)
    return nextTickMs({ intervalMs, failures, offline, nowSec: serviceSec(id), ...waiting }, opts)
  }

  function reschedule(id: string) {
    if (started && wanted(id)) schedule.set(id, delayFor(id), () => tick(id, false))
  }

  /** An account whose client is gone: nobody can ask about its invoices, which stop at expiry. */
  function expireGone(id: string): Promise<void> {
    const over = records.pending(id).filter((i) => serviceSec(id) > i.expiresAt + opts.expiryGraceSec)
    if (over.length > 0) expire(loop, over)
    reschedule(id)
    return Promise.resolve()
  }

  function tick(accountId: string, force: boolean): Promise<void> {
    ensureLoaded()
    const client = deps.getClient(accountId)
    if (!client) return expireGone(accountId)
    const a = account(accountId, latestClient(deps.getClient, accountId, client))
    if (force) a.force = true
    if (a.running) {
      a.rerun = true
      return a.running
    }
    schedule.clear(accountId)
    a.running = schedule.track(
      (async () => {
        try {
          // a direct find asks for one more round at once, even when stopped (check() does)
          for (let round = 0; round === 0 || (a.rerun && (started || round < 3)); round++) {
            a.rerun = false
            const f = a.force
            a.force = false
            try {
              await syncAccount(loop, a, f)
              a.failures = 0
            } catch (err) {
              a.failures++
              log?.warn('sync: tick failed', { accountId, ...errorFields(err) })
            }
          }
        } finally {
          a.running = null
          reschedule(accountId)
        }
      })(),
    )
    return a.running
  }

  const accountIdsWithWork = () => [...new Set([...deps.accountIds(), ...records.pending().map((i) => i.accountId)])]

  /** a tick now, the backoff of earlier failures forgotten */
  function pollNow(id: string) {
    const a = loop.accounts.get(id)
    if (a) a.failures = 0
    void tick(id, true)
  }

  function pollAllNow() {
    offline = false
    for (const id of accountIdsWithWork()) pollNow(id)
    scheduleFast()
  }

  function scheduleFast() {
    schedule.clear('focus')
    const inv = focused ? records.invoice(focused) : undefined
    if (!started || !inv || inv.status !== 'pending') return
    const failing = (loop.accounts.get(inv.accountId)?.failures ?? 0) > 0
    const ms = failing || offline ? delayFor(inv.accountId) : opts.fastPollMs
    schedule.set('focus', ms, () =>
      schedule.track(
        check(inv.id)
          .catch(() => undefined) // errors count in the account's tick; this is only a shortcut
          .then(() => {
            if (focused === inv.id) scheduleFast()
          }),
      ),
    )
  }

  async function check(id: string): Promise<PendingInvoiceSchema> {
    ensureLoaded()
    const inv = records.invoice(id)
    if (!inv) throw new AppError('not_found', 'That invoice is not in the list of invoices being watched.')
    if (inv.status !== 'pending') return inv
    const client = deps.getClient(inv.accountId)
    if (!client) throw new AppError('not_connected', 'The account of this invoice is not connected.')
    const a = account(inv.accountId, client)
    if (serviceSec(inv.accountId) > inv.expiresAt + opts.expiryGraceSec) await tick(inv.accountId, false)
    else {
      const s = await loop.readDirect(client, inv)
      if (s) {
        await loop.foundDirectly(a, [s])
        await tick(inv.accountId, false)
      }
    }
    return records.invoice(id) ?? inv
  }

  return {
    async track(inv) {
      ensureLoaded(true)
      const cur = records.invoice(inv.id)
      if (cur && cur.status !== 'pending') return // finished already: never watched (or announced) again
      records.setInvoice(inv)
      if (!cur) deps.emit('invoice.updated', inv) // the tray's pending count follows this event
      settledInLedger(loop, inv)
      const notSaved = saveRecords(loop)
      drainOutbox(loop)
      loop.accounts.get(inv.accountId)?.storedBalances.delete(inv.walletId) // it may be paid already
      // A fresh invoice is polled faster: the next tick comes sooner.
      if (started && !loop.accounts.get(inv.accountId)?.running) reschedule(inv.accountId)
      if (notSaved) throw notSaved
    },
    async trackWithdraw(link, accountId) {
      ensureLoaded(true)
      const acc = accountId ?? deps.activeAccountId?.() ?? null
      if (!acc) throw new AppError('not_connected', 'Connect an account first.')
      if (records.link(link.ott)) return
      records.setLink({ ...link, accountId: acc, claimedMsat: null, claimTxId: null })
      loop.accounts.get(acc)?.storedBalances.delete(link.walletId)
      const notSaved = saveRecords(loop)
      if (started && !schedule.has(acc) && !loop.accounts.get(acc)?.running) reschedule(acc)
      if (notSaved) throw notSaved
    },
    list() {
      ensureLoaded()
      return records.listInvoices()
    },
    listWithdraws() {
      ensureLoaded()
      return records.listLinks().map((l) => WithdrawLinkView.parse(l))
    },
    focus(id) {
      focused = id
      scheduleFast()
    },
    focusLink(ott) {
      const acc = records.focusLink(ott)
      if (acc && !loop.accounts.get(acc)?.running) reschedule(acc) // the next tick comes sooner
    },
    check,
    pendingCount() {
      ensureLoaded()
      return records.pending().length
    },
    progress(accountId) {
      return deps
        .ledger()
        .cursors.list(accountId)
        .map((c) => ({
          walletId: c.walletId,
          done: c.backfillDoneAt !== null,
          page: c.backfillNextPage - 1,
          total: c.backfillTotal === null ? null : Math.ceil(c.backfillTotal / opts.backfillPerPage),
        }))
    },
    start() {
      if (started) return
      started = true
      if (ensureLoaded()) drainOutbox(loop) // what a crash left unannounced
      pollAllNow() // payments may have arrived while the app was closed
    },
    async stop() {
      started = false
      schedule.clearAll()
      await schedule.idle()
    },
    idle: () => schedule.idle(),
    recordsRestored() {
      if (loaded) records.load() // else the first tick loads them with the rest
    },
    accountsChanged() {
      if (started && !loaded && ensureLoaded()) drainOutbox(loop)
      for (const id of accountIdsWithWork())
        if (started && !schedule.has(id) && !loop.accounts.get(id)?.running) void tick(id, true)
    },
    keyReplaced: (id) => started && pollNow(id),
    settingsChanged() {
      for (const id of accountIdsWithWork()) if (schedule.has(id)) reschedule(id)
    },
    onResume: () => started && pollAllNow(),
    onOnline: () => started && pollAllNow(),
    onOffline() {
      offline = true
    },
  }
}

/** How long finished records are kept, and where a record that cannot be read is told. */
function recordsOptions(opts: SyncOptions, log: SyncDeps['log']) {
  return {
    keepFinishedSec: opts.keepFinishedSec,
    warn: (message: string, fields?: Record<string, unknown>) => log?.warn(message, fields),
  }
}
