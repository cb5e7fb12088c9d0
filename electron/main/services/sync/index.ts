// The sync loop: keeps the ledger in step with the service for every account, announces each
// payment that arrives exactly once, and follows what the app waits for (invoices made in it,
// withdraw links it handed out). See docs/sync.md ("The sync loop") and docs/ledger.md.
//
// Each account's state is a plain value (state.ts). plan.ts decides (pure); tick.ts carries out a
// tick's plan: reads.ts reads, settle.ts and outbox.ts write and tell, outcomes.ts says what rows
// mean; watched.ts reads the app's own records from the ledger; schedule.ts holds the timers.
// This file keeps the timers, the ticks in progress and the accounts' states, and answers the app.
import { type PendingInvoice as PendingInvoiceSchema, WithdrawLinkView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { mt } from '../i18n'
import { DEFAULT_SYNC_OPTIONS, type SyncDeps, type SyncIo, type SyncOptions } from './deps'
import { drainOutbox } from './outbox'
import { nextTickMs } from './plan'
import { latestClient } from './reads'
import { createSchedule, realTimers } from './schedule'
import { errorFields, expire, foundDirectly, refuse, saveWatched, settledInLedger } from './settle'
import { type AccountSync, newAccountSync, rereadWallet } from './state'
import { readInvoice, syncAccount } from './tick'
import type { SyncLoop } from './types'
import { invoiceOf, invoicesOf, linkOf, linksOf, noneUnsaved, pendingOf, waitingLinksOf } from './watched'

export { DEFAULT_SYNC_OPTIONS, type SyncDeps, type SyncOptions } from './deps'
export { SyncNotSavedError } from './errors'
export { announcement, CLOCK_SLACK_SEC, type Claim, matchTransactions, type Settlement } from './outcomes'
export { DEFAULT_PLAN, nextTickMs, type PlanOptions, planReads, planStore, splitExpired } from './plan'
export type { SyncClient } from './reads'
export type { Timers } from './schedule'
export { type AccountSync, afterReads, foundPaid, listed, newAccountSync, rereadWallet, stored, toTell } from './state'
export type { SyncLoop } from './types'

export function createSyncLoop(deps: SyncDeps): SyncLoop {
  const opts: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...deps.options }
  const schedule = createSchedule(deps.timers ?? realTimers)
  const serviceSec = (id: string) => Math.floor((deps.serviceNow?.(id) ?? deps.now()) / 1000)
  const states = new Map<string, AccountSync>()
  const io: SyncIo = {
    deps,
    opts,
    unsaved: noneUnsaved(),
    state: (id) => states.get(id) ?? newAccountSync(),
    set: (id, next) => void states.set(id, next),
    serviceSec,
  }
  const update = (id: string, fn: (s: AccountSync) => AccountSync) => io.set(id, fn(io.state(id)))
  /** ticks in progress, by account */
  const running = new Map<string, Promise<void>>()
  let opened = false
  /** The ledger is opened once there is an account: a first run without one writes no file. */
  const ensureOpened = (force = false) => {
    if (!opened && (force || deps.accountIds().length > 0)) opened = true
    return opened
  }
  const ledger = () => deps.ledger()
  let [started, offline] = [false, false]
  let focused: string | null = null
  let linkOnScreen: string | null = null

  const pending = (id?: string) => (ensureOpened() ? pendingOf(ledger(), io.unsaved, id) : [])
  const wanted = (id: string) => deps.accountIds().includes(id) || pending(id).length > 0

  function delayFor(id: string): number {
    lookUpFresh(id) // planned with the next tick: after every tick, and when an invoice is tracked
    const intervalMs = deps.settings().pollIntervalSec * 1000
    const now = serviceSec(id)
    const open = ensureOpened() ? waitingLinksOf(ledger(), io.unsaved, id, now, opts.withdrawMaxAgeSec) : []
    const pendingCreatedAt = [...pending(id), ...open].map((x) => x.createdAt)
    const linkShown = open.some((l) => l.ott === linkOnScreen)
    const { failures, historyLoading } = io.state(id)
    const onScreen = deps.visible?.() === true && deps.activeAccountId?.() === id
    const input = { intervalMs, failures, offline, nowSec: now, pendingCreatedAt, historyLoading, onScreen }
    return nextTickMs({ ...input, linkOnScreen: linkShown }, opts)
  }

  function reschedule(id: string) {
    // (a tick in progress reschedules as it ends)
    if (started && !running.has(id) && wanted(id)) schedule.set(id, delayFor(id), () => tick(id, false))
  }

  function lookUpFresh(id: string) {
    // a wallet that pushes nothing: each fresh invoice read directly every `lookupPollMs`, in turn
    const key = `lookup:${id}`
    const fresh = () => pending(id).filter((i) => serviceSec(id) - i.createdAt < opts.freshWindowSec)
    if (!started || schedule.has(key) || !deps.looksUpFresh?.(id) || fresh().length === 0) return
    schedule.set(key, opts.lookupPollMs, async () => {
      for (const inv of fresh()) await schedule.track(check(inv.id)).catch(() => undefined)
      lookUpFresh(id)
    })
  }

  /** An account whose client is gone: nobody can ask about its invoices, which stop at expiry. */
  function expireGone(id: string): Promise<void> {
    const over = pending(id).filter((i) => serviceSec(id) > i.expiresAt + opts.expiryGraceSec)
    if (over.length > 0) expire(io, over)
    reschedule(id)
    return Promise.resolve()
  }

  /** Rounds of an account's tick while something asks for one more (a direct find, a tick meanwhile). */
  async function rounds(accountId: string, client: ReturnType<typeof latestClient>) {
    try {
      // a direct find asks for one more round at once, even when stopped (check() does)
      for (let round = 0; round === 0 || (io.state(accountId).roundAgain && (started || round < 3)); round++) {
        const readAll = io.state(accountId).readAll
        update(accountId, (s) => ({ ...s, readAll: false, roundAgain: false }))
        try {
          await syncAccount(io, accountId, client, readAll)
          update(accountId, (s) => ({ ...s, failures: 0 }))
        } catch (err) {
          update(accountId, (s) => ({ ...s, failures: s.failures + 1 }))
          deps.log?.warn('sync: tick failed', { accountId, ...errorFields(err) })
        }
      }
    } finally {
      running.delete(accountId)
      reschedule(accountId)
    }
  }

  function tick(accountId: string, readAll: boolean): Promise<void> {
    ensureOpened()
    const client = deps.getClient(accountId)
    if (!client) return expireGone(accountId)
    if (readAll) update(accountId, (s) => ({ ...s, readAll: true }))
    const now = running.get(accountId)
    if (now) {
      update(accountId, (s) => ({ ...s, roundAgain: true }))
      return now
    }
    schedule.clear(accountId)
    const p = schedule.track(rounds(accountId, latestClient(deps.getClient, accountId, client)))
    running.set(accountId, p)
    return p
  }

  const accountIdsWithWork = () => [...new Set([...deps.accountIds(), ...pending().map((i) => i.accountId)])]

  /** a tick now, the backoff of earlier failures forgotten */
  function pollNow(id: string) {
    if (states.has(id)) update(id, (s) => ({ ...s, failures: 0 }))
    void tick(id, true)
  }

  function pollAllNow() {
    offline = false
    for (const id of accountIdsWithWork()) pollNow(id)
    scheduleFast()
  }

  function scheduleFast() {
    schedule.clear('focus')
    const inv = focused && ensureOpened() ? invoiceOf(ledger(), io.unsaved, focused) : undefined
    if (!started || !inv || inv.status !== 'pending') return
    const failing = io.state(inv.accountId).failures > 0
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
    const inv = ensureOpened() ? invoiceOf(ledger(), io.unsaved, id) : undefined
    if (!inv) throw new AppError('not_found', mt('sync.notWatched'))
    if (inv.status !== 'pending') return inv
    const client = deps.getClient(inv.accountId)
    if (!client) throw new AppError('not_connected', mt('sync.accountNotConnected'))
    if (serviceSec(inv.accountId) > inv.expiresAt + opts.expiryGraceSec) await tick(inv.accountId, false)
    else {
      const s = await readInvoice(client, inv, () => serviceSec(inv.accountId))
      if (s && foundDirectly(io, inv.accountId, [s])) await tick(inv.accountId, false)
    }
    return invoiceOf(ledger(), io.unsaved, id) ?? inv
  }

  const idleAccount = (id: string) => started && !running.has(id)

  return {
    async track(inv) {
      ensureOpened(true)
      const cur = invoiceOf(ledger(), io.unsaved, inv.id)
      if (cur && cur.status !== 'pending') return // finished already: never watched (or announced) again
      io.unsaved.invoices.set(inv.id, inv)
      if (!cur) deps.emit('invoice.updated', inv) // the tray's pending count follows this event
      settledInLedger(io, inv)
      const notSaved = saveWatched(io)
      drainOutbox(io)
      if (states.has(inv.accountId)) update(inv.accountId, (s) => rereadWallet(s, inv.walletId)) // it may be paid already
      // A fresh invoice is polled faster: the next tick comes sooner.
      if (idleAccount(inv.accountId)) reschedule(inv.accountId)
      if (notSaved) throw notSaved
    },
    async trackWithdraw(link, accountId) {
      ensureOpened(true)
      const acc = accountId ?? deps.activeAccountId?.() ?? null
      if (!acc) throw new AppError('not_connected', mt('accounts.connectFirst'))
      if (linkOf(ledger(), io.unsaved, link.ott)) return
      io.unsaved.links.set(link.ott, { ...link, accountId: acc, claimedMsat: null, claimTxId: null })
      if (states.has(acc)) update(acc, (s) => rereadWallet(s, link.walletId))
      const notSaved = saveWatched(io)
      if (idleAccount(acc) && !schedule.has(acc)) reschedule(acc)
      if (notSaved) throw notSaved
    },
    list() {
      if (!ensureOpened()) return []
      const kept = (i: PendingInvoiceSchema) =>
        (i.settledAt ?? i.expiresAt) >= serviceSec(i.accountId) - opts.keepFinishedSec
      return invoicesOf(ledger(), io.unsaved)
        .filter((i) => i.status === 'pending' || (i.status !== 'refused' && kept(i)))
        .sort((a, b) => b.createdAt - a.createdAt)
    },
    listWithdraws() {
      if (!ensureOpened()) return []
      return linksOf(ledger(), io.unsaved)
        .filter((l) => l.createdAt >= serviceSec(l.accountId) - opts.keepFinishedSec)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((l) => {
          const claimFeeMsat = l.claimTxId ? ledger().claimFeeMsat(l.accountId, l.claimTxId) : null
          return WithdrawLinkView.parse({ ...l, claimFeeMsat })
        })
    },
    focus(id) {
      focused = id
      scheduleFast()
    },
    focusLink(ott) {
      linkOnScreen = ott
      const acc = ott !== null && opened ? linkOf(ledger(), io.unsaved, ott)?.accountId : undefined
      if (acc && !running.has(acc)) reschedule(acc) // the next tick comes sooner
    },
    check,
    refuse: (id) => ensureOpened() && refuse(io, id),
    pendingCount: () => pending().length,
    progress(accountId) {
      return ledger()
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
      if (ensureOpened()) drainOutbox(io) // what a crash left unannounced
      pollAllNow() // payments may have arrived while the app was closed
    },
    async stop() {
      started = false
      schedule.clearAll()
      await schedule.idle()
    },
    idle: () => schedule.idle(),
    ticks: (id) => io.state(id).ticks,
    accountsChanged() {
      if (started && !opened && ensureOpened()) drainOutbox(io)
      for (const id of accountIdsWithWork()) if (idleAccount(id) && !schedule.has(id)) void tick(id, true)
    },
    keyReplaced: (id) => started && pollNow(id),
    nudge: (id) => started && pollNow(id),
    // the account on screen: its next tick within `visiblePollMs`, not at the idle poll
    windowShown: () => reschedule(deps.activeAccountId?.() ?? ''),
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
