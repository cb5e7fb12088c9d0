// The invoice watcher: keeps every invoice made in the app under watch until it is paid or has
// expired, tells the person once when it is paid, and notices when a withdraw link is claimed.
//
// Polling, per account and tick (default every settings.pollIntervalSec = 15 s):
//  1. One balance read (`listWallets`) for the whole account. A wallet whose balance did not move
//     since the last read cannot have received a payment, so it costs nothing more. Every
//     `fullCheckEvery` ticks, and on start/resume/online, every watched wallet is checked anyway
//     (a payment in and one out of the same size in one interval leave the balance unchanged).
//  2. A wallet to check with ≤ `directMax` invoices and no withdraw link: one fields-limited
//     lnTx read per invoice. Otherwise: the newest page of its transactions, matched against all
//     of its invoices and links at once (more pages only when more happened since the last read).
//  3. An invoice past expiry + grace gets one last direct read, then is paid or expired for good.
// So the request rate grows with accounts and wallets, not invoices. Errors back off
// exponentially (capped); resume and online poll at once; a focused invoice polls every 2 s.
import type { Emit, PendingInvoice, Settings } from '@shared/contract'
import { PendingInvoice as PendingInvoiceSchema, WithdrawLinkView as WithdrawLinkSchema } from '@shared/contract'
import { AppError } from '@shared/errors'
import { type Wallet, type WalletTransaction, walletBalanceMsat } from '@shared/schemas/service'
import { WITHDRAW_WATCH_SEC } from '@shared/vouchers'
import type { Logger } from '../../log'
import type { ServiceClient } from '../client'
import { type Notifier, settlementNotification, showNotification, withdrawNotification } from '../notify'
import { walletsView, walletView } from '../views'
import { WatcherNotSavedError } from './errors'
import { CLOCK_SLACK_SEC, type Claim, matchTransactions, type Settlement } from './match'
import { createWatcherFileWriter, loadWatcherFile, type StoredWithdraw, type WatcherFile } from './store'
import type { InvoiceWatcher } from './types'

export type WatcherClient = Pick<ServiceClient, 'listWallets' | 'getLnTx' | 'listTransactions'>

export interface Timers {
  setTimeout(fn: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface WatcherOptions {
  /** poll period of the invoice the Receive screen shows */
  fastPollMs: number
  /** keep polling this long after `expiresAt` (clock skew between us and the service) */
  expiryGraceSec: number
  /** up to this many invoices in a wallet are read one by one; more use a transactions page */
  directMax: number
  backoffCapMs: number
  /** check every watched wallet every N ticks even when no balance moved */
  fullCheckEvery: number
  perPage: number
  maxPages: number
  /** read balances first and skip wallets whose balance did not move */
  balanceGate: boolean
  /** paid/expired invoices and claimed links stay in the file (and the list) this long */
  keepFinishedSec: number
  /** a link not claimed after this long is no longer polled for */
  withdrawMaxAgeSec: number
}

export const DEFAULT_WATCHER_OPTIONS: WatcherOptions = {
  fastPollMs: 2_000,
  expiryGraceSec: 60,
  directMax: 2,
  backoffCapMs: 5 * 60_000,
  fullCheckEvery: 20,
  perPage: 50,
  maxPages: 10,
  balanceGate: true,
  keepFinishedSec: 7 * 86_400,
  withdrawMaxAgeSec: WITHDRAW_WATCH_SEC,
}

export interface WatcherDeps {
  /** the watcher's JSON file in userData */
  store: string
  getClient(accountId: string): WatcherClient | null
  notifier: Notifier
  emit: Emit
  settings(): Settings
  /** ms since the epoch */
  now(): number
  timers?: Timers
  log?: Pick<Logger, 'info' | 'warn' | 'error'>
  /** the account whose wallets the renderer and tray show; withdraw links are tracked under it */
  activeAccountId?(): string | null
  options?: Partial<WatcherOptions>
}

export const LNTX_FIELDS = ['settled', 'settled_at', 'num_satoshis'] as const

interface AccountState {
  id: string
  timer: unknown
  failures: number
  ticks: number
  running: Promise<void> | null
  rerun: boolean
  force: boolean
  /** balance (msat) per wallet at the last read whose changes were all checked */
  balances: Map<string, number>
  labels: Map<string, string>
  /** false once the key proved unable to list wallets: then every tick checks every wallet */
  gate: boolean
  /** newest transaction time seen per wallet: older pages were already matched */
  watermarks: Map<string, number>
}

interface Watched {
  invoices: PendingInvoice[]
  links: StoredWithdraw[]
}

function isCode(err: unknown, code: AppError['code']): boolean {
  return err instanceof AppError && err.code === code
}

function describe(err: unknown): Record<string, unknown> {
  return err instanceof AppError ? { code: err.code, message: err.message } : { message: String(err) }
}

export function createInvoiceWatcher(deps: WatcherDeps): InvoiceWatcher {
  const opts: WatcherOptions = { ...DEFAULT_WATCHER_OPTIONS, ...deps.options }
  const timers: Timers = deps.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  }
  const log = deps.log
  const nowSec = () => Math.floor(deps.now() / 1000)

  const invoices = new Map<string, PendingInvoice>()
  const withdraws = new Map<string, StoredWithdraw>() // by ott
  const accounts = new Map<string, AccountState>()
  const inflight = new Set<Promise<unknown>>()
  const writer = createWatcherFileWriter(deps.store)
  let started = false
  let offline = false
  let focused: string | null = null
  let fastTimer: unknown = null
  /** counts payments and claims found, so a tick knows whether balances changed */
  let outcomes = 0

  const loaded = loadWatcherFile(deps.store, deps.now)
  for (const inv of loaded.data.invoices) invoices.set(inv.id, inv)
  for (const w of loaded.data.withdraws) withdraws.set(w.link.ott, w)
  if (loaded.setAside) {
    log?.warn('watcher file unreadable; set aside', { path: loaded.setAside })
    deps.emit('notice', {
      level: 'warning',
      message: `The list of invoices being watched could not be read. It was kept as ${loaded.setAside}; invoices made before will not be announced.`,
    })
  }

  // ── state ─────────────────────────────────────────────────────────────────────────────────
  function account(id: string): AccountState {
    let a = accounts.get(id)
    if (!a) {
      a = {
        id,
        timer: null,
        failures: 0,
        ticks: 0,
        running: null,
        rerun: false,
        force: false,
        balances: new Map(),
        labels: new Map(),
        gate: true,
        watermarks: new Map(),
      }
      accounts.set(id, a)
    }
    return a
  }

  function linkLive(w: StoredWithdraw): boolean {
    return w.link.status === 'waiting' && nowSec() - w.link.createdAt <= opts.withdrawMaxAgeSec
  }

  function watchedWallets(accountId: string): Map<string, Watched> {
    const out = new Map<string, Watched>()
    const slot = (walletId: string) => {
      let s = out.get(walletId)
      if (!s) {
        s = { invoices: [], links: [] }
        out.set(walletId, s)
      }
      return s
    }
    for (const inv of invoices.values()) {
      // The focused invoice has its own 2 s poll; reading it in the tick too would be a waste.
      if (inv.id === focused && fastTimer !== null) continue
      if (inv.accountId === accountId && inv.status === 'pending') slot(inv.walletId).invoices.push(inv)
    }
    for (const w of withdraws.values())
      if (w.accountId === accountId && linkLive(w)) slot(w.link.walletId).links.push(w)
    return out
  }

  function accountIdsWithWork(): string[] {
    const ids = new Set<string>()
    for (const inv of invoices.values()) if (inv.status === 'pending') ids.add(inv.accountId)
    for (const w of withdraws.values()) if (linkLive(w)) ids.add(w.accountId)
    return [...ids]
  }

  function pendingCount(): number {
    let n = 0
    for (const inv of invoices.values()) if (inv.status === 'pending') n++
    return n
  }

  function snapshot(): WatcherFile {
    // Finished entries are kept a while (the list shows them, and a paid one must never be
    // re-announced if the renderer tracks it again), then dropped so the file stays small.
    const cutoff = nowSec() - opts.keepFinishedSec
    for (const [id, inv] of invoices) {
      if (inv.status !== 'pending' && (inv.settledAt ?? inv.expiresAt) < cutoff) invoices.delete(id)
    }
    for (const [ott, w] of withdraws) if (w.link.createdAt < cutoff) withdraws.delete(ott)
    return { version: 1, invoices: [...invoices.values()], withdraws: [...withdraws.values()] }
  }

  async function save(): Promise<void> {
    try {
      await writer.save(snapshot)
    } catch (err) {
      log?.error('watcher file not written', describe(err))
      throw err
    }
  }

  /** A failure is returned, not thrown: the change stays in memory and the next write carries it. */
  async function saveOrReport(): Promise<WatcherNotSavedError | null> {
    try {
      await save()
      return null
    } catch (err) {
      return new WatcherNotSavedError(err)
    }
  }

  function walletLabel(inv: { accountId: string; walletId: string }): string {
    return accounts.get(inv.accountId)?.labels.get(inv.walletId) ?? inv.walletId
  }

  // ── outcomes ──────────────────────────────────────────────────────────────────────────────
  async function settle(found: Settlement[]): Promise<void> {
    const done: PendingInvoice[] = []
    for (const f of found) {
      // Checked and set in one synchronous step: two polls that see the same payment (the fast
      // poll of a focused invoice and a tick) cannot both go on to announce it.
      const cur = invoices.get(f.invoice.id)
      if (cur?.status !== 'pending') continue
      const next: PendingInvoice = {
        ...cur,
        status: 'paid',
        settledAt: f.settledAt,
        amountSat: f.amountSat > 0 ? f.amountSat : cur.amountSat,
      }
      invoices.set(next.id, next)
      done.push(next)
    }
    if (done.length === 0) return
    outcomes += done.length
    // "Paid" reaches the disk BEFORE the notification is shown. A crash between the two loses
    // that one notification (the app shows the invoice as paid on restart) instead of showing it
    // twice: at most once, never doubled. A crash before the write leaves it pending on disk, so
    // the next run finds it paid and announces it then: nothing is missed either.
    // If the disk write fails we still announce (the person must learn they were paid); only a
    // failed write followed by a restart could then announce it a second time.
    await save().catch(() => {})
    const enabled = deps.settings().notifications
    for (const inv of done) {
      showNotification(
        { notifier: deps.notifier, emit: deps.emit, enabled },
        settlementNotification(inv, walletLabel(inv)),
      )
      deps.emit('invoice.updated', inv)
    }
    if (focused && invoices.get(focused)?.status !== 'pending') stopFast()
  }

  async function expire(list: PendingInvoice[]): Promise<void> {
    const done: PendingInvoice[] = []
    for (const inv of list) {
      const cur = invoices.get(inv.id)
      if (cur?.status !== 'pending') continue
      const next: PendingInvoice = { ...cur, status: 'expired' }
      invoices.set(next.id, next)
      done.push(next)
    }
    if (done.length === 0) return
    await save().catch(() => {})
    for (const inv of done) deps.emit('invoice.updated', inv)
  }

  async function claim(found: Claim[]): Promise<void> {
    const done: StoredWithdraw[] = []
    for (const c of found) {
      const cur = withdraws.get(c.stored.link.ott)
      if (cur?.link.status !== 'waiting') continue
      const next: StoredWithdraw = {
        ...cur,
        link: { ...cur.link, status: 'claimed', claimedAt: c.claimedAt, claimedMsat: c.amountMsat },
        claimTxId: c.txId,
      }
      withdraws.set(next.link.ott, next)
      done.push(next)
    }
    if (done.length === 0) return
    outcomes += done.length
    await save().catch(() => {}) // same order and reasoning as settle()
    const enabled = deps.settings().notifications
    for (const w of done) {
      const label = walletLabel({ accountId: w.accountId, walletId: w.link.walletId })
      showNotification(
        { notifier: deps.notifier, emit: deps.emit, enabled },
        withdrawNotification(w.link, label, w.claimTxId),
      )
      deps.emit('withdraw.updated', w.link)
    }
  }

  function learnLabels(a: AccountState, list: readonly Wallet[]) {
    for (const w of list) a.labels.set(w.id, walletView(w).label)
  }

  function emitWallets(a: AccountState, list: Wallet[]) {
    const active = deps.activeAccountId?.() ?? a.id
    if (active !== a.id) return
    deps.emit('wallets.updated', walletsView(list))
  }

  // ── reading the service ───────────────────────────────────────────────────────────────────
  async function readDirect(client: WatcherClient, inv: PendingInvoice): Promise<Settlement | null> {
    const r = await client.getLnTx(inv.id, LNTX_FIELDS)
    if (!r.settled) return null
    return { invoice: inv, settledAt: r.settled_at ?? nowSec(), amountSat: r.num_satoshis ?? inv.amountSat }
  }

  /** Transactions newer than what was matched before (or than the oldest thing waited for). */
  async function readRecent(a: AccountState, client: WatcherClient, walletId: string, w: Watched) {
    const oldest = Math.min(...w.invoices.map((i) => i.createdAt), ...w.links.map((l) => l.link.createdAt))
    const mark = a.watermarks.get(walletId)
    const bound = Math.max(mark ?? 0, oldest - CLOCK_SLACK_SEC)
    const items: WalletTransaction[] = []
    for (let page = 1; ; page++) {
      const r = await client.listTransactions(walletId, page, opts.perPage)
      items.push(...r.items)
      const last = r.items.at(-1)
      // Equal seconds are read again (a payment may land in the same second as the last read).
      if (!last || last.created_at < bound || page >= r.pagination.pageCount) break
      if (page >= opts.maxPages) {
        log?.warn('watcher: more transactions than pages read; the expiry check will catch the rest', { walletId })
        break
      }
    }
    const newest = items[0]?.created_at
    if (newest !== undefined) a.watermarks.set(walletId, Math.max(mark ?? 0, newest))
    return items
  }

  /** few invoices and no link: read each invoice; else one transactions page for the wallet */
  function readsDirectly(invs: readonly PendingInvoice[], links: readonly StoredWithdraw[]): boolean {
    return links.length === 0 && invs.length <= opts.directMax
  }

  function checkCost(invs: readonly PendingInvoice[], links: readonly StoredWithdraw[]): number {
    if (invs.length === 0 && links.length === 0) return 0
    return readsDirectly(invs, links) ? invs.length : 1
  }

  async function checkWallet(a: AccountState, client: WatcherClient, walletId: string, w: Watched) {
    if (readsDirectly(w.invoices, w.links)) {
      const found = await Promise.all(w.invoices.map((inv) => readDirect(client, inv)))
      await settle(found.filter((f): f is Settlement => f !== null))
      return
    }
    const items = await readRecent(a, client, walletId, w)
    const taken = new Set<string>()
    for (const s of withdraws.values()) if (s.claimTxId) taken.add(s.claimTxId)
    const { paid, claimed } = matchTransactions(items, w.invoices, w.links, taken)
    await settle(paid)
    await claim(claimed)
  }

  /** The last word on an invoice past its expiry: paid after all, or expired. */
  async function finalCheck(client: WatcherClient, list: PendingInvoice[]) {
    const found: Settlement[] = []
    const gone: PendingInvoice[] = []
    await Promise.all(
      list.map(async (inv) => {
        try {
          const s = await readDirect(client, inv)
          if (s) found.push(s)
          else gone.push(inv)
        } catch (err) {
          // Retryable: keep it and ask again next tick. Otherwise the service will not tell us
          // more about it (unknown, not ours): stop watching.
          if (err instanceof AppError && err.retryable) throw err
          log?.warn('watcher: invoice unreadable at expiry', { id: inv.id, ...describe(err) })
          gone.push(inv)
        }
      }),
    )
    await settle(found)
    await expire(gone)
  }

  async function pollAccount(a: AccountState, force: boolean): Promise<void> {
    const client = deps.getClient(a.id)
    const watched = watchedWallets(a.id)
    if (watched.size === 0) return
    if (!client) {
      // The account is gone (removed, or kept in memory by an earlier run): nobody can ask about
      // its invoices any more. As with one unreadable at expiry, they stop being pending then.
      const t = nowSec()
      const over = [...watched.values()].flatMap((w) => w.invoices)
      await expire(over.filter((i) => t > i.expiresAt + opts.expiryGraceSec))
      return
    }
    a.ticks++
    const grace = opts.expiryGraceSec
    const t = nowSec()
    // The balance read pays off only when checking everything would take more than one request
    // (and once per account, for the wallets' names the notifications use).
    let cost = 0
    for (const w of watched.values())
      cost += checkCost(
        w.invoices.filter((i) => t <= i.expiresAt + grace),
        w.links,
      )
    const gated = opts.balanceGate && a.gate && (cost > 1 || a.labels.size === 0)
    const checkAll = force || !gated || a.ticks % opts.fullCheckEvery === 0
    const outcomesBefore = outcomes
    let failed = false

    let list: Wallet[] | null = null
    if (gated) {
      try {
        list = await client.listWallets()
      } catch (err) {
        if (!isCode(err, 'forbidden')) {
          a.failures++
          log?.warn('watcher: balance read failed', describe(err))
          return
        }
        a.gate = false // a key that cannot list wallets: check every wallet every tick
      }
    }
    const fresh = new Map(list?.map((w) => [w.id, walletBalanceMsat(w)]))
    learnLabels(a, list ?? [])
    const moved = [...fresh].some(([id, bal]) => a.balances.get(id) !== bal)

    await Promise.all(
      [...watched].map(async ([walletId, w]) => {
        const expiring = w.invoices.filter((i) => t > i.expiresAt + grace)
        const live: Watched = { invoices: w.invoices.filter((i) => t <= i.expiresAt + grace), links: w.links }
        const due = checkAll || !fresh.has(walletId) || a.balances.get(walletId) !== fresh.get(walletId)
        try {
          if (due && (live.invoices.length > 0 || live.links.length > 0)) await checkWallet(a, client, walletId, live)
          if (expiring.length > 0) await finalCheck(client, expiring)
          // Only now is this balance "explained"; after a failure the old one stays, so the
          // move is seen again next tick.
          const bal = fresh.get(walletId)
          if (bal !== undefined) a.balances.set(walletId, bal)
        } catch (err) {
          failed = true
          log?.warn('watcher: wallet check failed', { walletId, ...describe(err) })
        }
      }),
    )
    for (const [id, bal] of fresh) if (!watched.has(id)) a.balances.set(id, bal)
    a.failures = failed ? a.failures + 1 : 0
    if (list && moved) emitWallets(a, list)
    else if (!list && outcomes !== outcomesBefore) await refreshBalances(a, client)
  }

  /** Money moved but no balance was read: read it once for the renderer and the tray. */
  async function refreshBalances(a: AccountState, client: WatcherClient) {
    if (!a.gate) return
    await client.listWallets().then(
      (fresh) => {
        learnLabels(a, fresh)
        emitWallets(a, fresh)
      },
      (err) => {
        if (isCode(err, 'forbidden')) a.gate = false
      },
    )
  }

  // ── scheduling ────────────────────────────────────────────────────────────────────────────
  function baseDelay(): number {
    return deps.settings().pollIntervalSec * 1000
  }

  function delayFor(a: AccountState): number {
    // Offline: the OS said so, but that signal is not always right; poll rarely rather than never.
    if (offline) return opts.backoffCapMs
    if (a.failures === 0) return baseDelay()
    return Math.min(baseDelay() * 2 ** a.failures, opts.backoffCapMs)
  }

  function inFlight<T>(p: Promise<T>): Promise<T> {
    inflight.add(p)
    p.finally(() => inflight.delete(p)).catch(() => {})
    return p
  }

  function schedule(a: AccountState, ms: number) {
    if (a.timer !== null) timers.clearTimeout(a.timer)
    a.timer = timers.setTimeout(() => {
      a.timer = null
      return tick(a.id, false)
    }, ms)
  }

  function tick(accountId: string, force: boolean): Promise<void> {
    const a = account(accountId)
    if (force) a.force = true
    if (a.running) {
      a.rerun = true
      return a.running
    }
    if (a.timer !== null) {
      timers.clearTimeout(a.timer)
      a.timer = null
    }
    a.running = inFlight(
      (async () => {
        try {
          do {
            a.rerun = false
            const f = a.force
            a.force = false
            try {
              await pollAccount(a, f)
            } catch (err) {
              a.failures++
              log?.error('watcher: poll failed', describe(err))
            }
          } while (a.rerun && started)
        } finally {
          a.running = null
          if (started && watchedWallets(a.id).size > 0) schedule(a, delayFor(a))
        }
      })(),
    )
    return a.running
  }

  function ensureScheduled(accountId: string) {
    if (!started) return
    const a = account(accountId)
    if (a.running || a.timer !== null) return
    schedule(a, delayFor(a))
  }

  function stopFast() {
    if (fastTimer !== null) timers.clearTimeout(fastTimer)
    fastTimer = null
  }

  function scheduleFast() {
    stopFast()
    const inv = focused ? invoices.get(focused) : undefined
    if (!started || !inv || inv.status !== 'pending') return
    const a = account(inv.accountId)
    const ms = a.failures > 0 || offline ? delayFor(a) : opts.fastPollMs
    fastTimer = timers.setTimeout(() => {
      fastTimer = null
      return inFlight(
        check(inv.id)
          .catch(() => undefined) // errors count in the account's tick; this is only a shortcut
          .then(() => {
            if (focused === inv.id) scheduleFast()
          }),
      )
    }, ms)
  }

  function pollAllNow() {
    offline = false
    for (const id of accountIdsWithWork()) {
      account(id).failures = 0
      void tick(id, true)
    }
    scheduleFast()
  }

  /**
   * Something new to watch in this wallet: a payment for it may already have landed (between
   * creation and now), so its balance must not look "unchanged" at the next read, nor its older
   * transactions "already matched".
   */
  function forgetWallet(accountId: string, walletId: string) {
    accounts.get(accountId)?.balances.delete(walletId)
    accounts.get(accountId)?.watermarks.delete(walletId)
  }

  async function idle(): Promise<void> {
    while (inflight.size > 0) await Promise.allSettled([...inflight])
    await writer.idle()
  }

  async function check(id: string): Promise<PendingInvoice> {
    const inv = invoices.get(id)
    if (!inv) throw new AppError('not_found', 'That invoice is not in the list of invoices being watched.')
    if (inv.status !== 'pending') return inv
    const client = deps.getClient(inv.accountId)
    if (!client) throw new AppError('not_connected', 'The account of this invoice is not connected.')
    const before = outcomes
    if (nowSec() > inv.expiresAt + opts.expiryGraceSec) await finalCheck(client, [inv])
    else {
      const s = await readDirect(client, inv)
      if (s) await settle([s])
    }
    if (outcomes !== before) await refreshBalances(account(inv.accountId), client)
    return invoices.get(id) ?? inv
  }

  return {
    async track(input) {
      const inv = PendingInvoiceSchema.parse(input)
      const cur = invoices.get(inv.id)
      if (cur && cur.status !== 'pending') return // finished already: never watched (or announced) again
      invoices.set(inv.id, inv)
      forgetWallet(inv.accountId, inv.walletId)
      const notSaved = await saveOrReport()
      // Watched whether or not it reached the disk: the invoice exists at the service.
      if (!cur) deps.emit('invoice.updated', inv) // the tray's pending count follows this event
      ensureScheduled(inv.accountId)
      if (notSaved) throw notSaved
    },
    async trackWithdraw(input, accountId) {
      const link = WithdrawLinkSchema.parse(input)
      const acc = accountId ?? deps.activeAccountId?.() ?? null
      if (!acc) throw new AppError('not_connected', 'Connect an account first.')
      if (withdraws.has(link.ott)) return
      withdraws.set(link.ott, { accountId: acc, link, claimTxId: null })
      forgetWallet(acc, link.walletId)
      const notSaved = await saveOrReport()
      ensureScheduled(acc)
      if (notSaved) throw notSaved
    },
    list: () => [...invoices.values()].sort((a, b) => b.createdAt - a.createdAt),
    listWithdraws: () => [...withdraws.values()].map((w) => w.link).sort((a, b) => b.createdAt - a.createdAt),
    focus(id) {
      focused = id
      scheduleFast()
      // An invoice that leaves the screen goes back to the ticks (which skipped it meanwhile).
      for (const acc of accountIdsWithWork()) ensureScheduled(acc)
    },
    check,
    start() {
      if (started) return
      started = true
      // Poll at once: payments may have arrived while the app was closed.
      pollAllNow()
    },
    async stop() {
      started = false
      stopFast()
      for (const a of accounts.values()) {
        if (a.timer !== null) timers.clearTimeout(a.timer)
        a.timer = null
      }
      await idle()
    },
    idle,
    onResume: () => started && pollAllNow(),
    onOnline: () => started && pollAllNow(),
    onOffline() {
      offline = true
    },
    pendingCount,
  }
}
