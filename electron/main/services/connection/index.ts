// Whether the wallet service works, per account, learnt from the calls the app makes anyway
// (handlers, the sync loop): a network error or a timeout marks the account offline; a refused
// key, a key no longer allowed to read the wallets, or the service failing (5xx) marks it in
// error; the next successful answer marks it online again. The renderer and the tray hear the
// active account's state, once per change. While the active account is offline or in error, one
// balance read per poll interval finds out when it works again, since nothing else may be asking
// (docs/sync.md, "Connection state").
import type { ConnectionProblem, Emit, EventPayload } from '@shared/contract'
import { AppError, type ErrorCode } from '@shared/errors'
import type { BackendClient } from '../backends'
import { mt } from '../i18n'

/** What the banner says when nothing answers (in the app's language when it is said). */
export const offlineMessage = () => mt('connection.offline')

/** What the banner says for each problem, with what to do about it. */
export const problemMessage = (reason: ConnectionProblem): string => mt('connection.problem', { reason })

/** Errors that say the request got no answer. */
const UNREACHED: ReadonlySet<ErrorCode> = new Set(['network', 'timeout'])
/**
 * Answers that show the service was reached (they end offline) but say nothing about whether the
 * account works, so they never set or clear an error: the person's own mistakes, and the 401s and
 * 403s that healthOf does not count as an error.
 */
const NEUTRAL: ReadonlySet<ErrorCode> = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_input',
  'insufficient_funds',
  'lnurl_error',
  // (from a call that involves a third party only; see THIRD_PARTY)
  'service_error',
])
/**
 * What a call's failure can say about the account, by what the call asks of the service:
 * - `wallets`: reads of the wallets themselves; a 403 there means the key can no longer do the
 *   app's job;
 * - `feed`: the account-wide feed, which may be refused to a key that works otherwise (the sync
 *   loop then reads wallet by wallet), so its 401 and 403 say nothing about the account;
 * - `third_party`: the answer depends on someone else too (an address's or LNURL's server, the
 *   payee's route), so a 5xx may be that party failing, not the service;
 * - `own`: everything else the service does alone.
 */
export type CallScope = 'wallets' | 'feed' | 'third_party' | 'own'
/** `balanceRead` makes no call: it says what request the relays' worker makes (backends/balanceRead.ts) */
const NO_CALL = new Set(['close', 'balanceRead'])
type ClientMethod = Exclude<keyof BackendClient, 'baseUrl' | 'close' | 'balanceRead'>
/** Every method of the client names its scope: a new method without one does not compile. */
export const CALL_SCOPE: Record<ClientMethod, CallScope> = {
  listWallets: 'wallets',
  getWallet: 'wallets',
  getStaticLink: 'own',
  ensureStaticLink: 'own',
  createInvoice: 'own',
  getInvoice: 'own',
  invoiceState: 'own',
  listTransactions: 'own',
  listAccountTransactions: 'feed',
  probe: 'third_party',
  payLightningAddress: 'third_party',
  decodeInvoice: 'third_party',
  feeReserveMsat: 'own',
  payInvoice: 'third_party',
  mintWithdrawLink: 'own',
  transfer: 'own',
  createWallet: 'own',
}

type Health = { state: 'offline' } | { state: 'error'; reason: ConnectionProblem }

/** What a call's outcome says about the account: a new health, 'online', or nothing (null). */
export function healthOf(scope: CallScope, err: unknown): Health | 'online' | null {
  if (err === null) return 'online'
  if (!(err instanceof AppError)) return null // a bug, a missing key: says nothing about the service
  if (UNREACHED.has(err.code)) return { state: 'offline' }
  if (err.code === 'service_error' && scope !== 'third_party') return { state: 'error', reason: 'service_error' }
  if (err.code === 'unauthorized' && scope !== 'feed') return { state: 'error', reason: 'key_refused' }
  if (err.code === 'forbidden' && scope === 'wallets') return { state: 'error', reason: 'key_not_allowed' }
  // the service answered: it can be reached (an error stays until a success clears it)
  if (NEUTRAL.has(err.code)) return 'online'
  return null // unknown_outcome and the like
}

export function connectionEvent(h: Health | null): EventPayload<'connection'> {
  if (h === null) return { state: 'online', reason: null, message: null }
  if (h.state === 'offline') return { state: 'offline', reason: null, message: offlineMessage() }
  return { state: 'error', reason: h.reason, message: problemMessage(h.reason) }
}

export interface ConnectionMonitor {
  /** the same client, each call's outcome counted for this account */
  observe(accountId: string, client: BackendClient): BackendClient
  /** the active account changed, or accounts were removed: announce the state if it changed */
  accountsChanged(accountIds: readonly string[]): void
  stop(): void
}

export function createConnectionMonitor(deps: {
  emit: Emit
  activeAccountId(): string | null
  /** a read that tells whether an offline or failing account works again (its outcome is observed) */
  probe(accountId: string): Promise<unknown>
  /** how long to wait between two probes */
  probeEveryMs(): number
}): ConnectionMonitor {
  /** accounts not online, and how; an account missing here is online */
  const health = new Map<string, Health>()
  /** what the renderer was last told; it starts out assuming online */
  let announced = JSON.stringify(null)
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  const activeHealth = (): Health | null => {
    const id = deps.activeAccountId()
    return id === null ? null : (health.get(id) ?? null)
  }

  function announce() {
    const now = activeHealth()
    const key = JSON.stringify(now)
    if (key !== announced) {
      announced = key
      deps.emit('connection', connectionEvent(now))
    }
    if (now === null) cancelProbe()
    else scheduleProbe()
  }

  function cancelProbe() {
    if (timer !== null) clearTimeout(timer)
    timer = null
  }

  function scheduleProbe() {
    if (stopped || timer !== null) return
    timer = setTimeout(() => {
      const id = deps.activeAccountId()
      const done = () => {
        timer = null
        // still offline or in error (or the probe could not tell): ask again later
        if (id !== null && activeHealth() !== null) scheduleProbe()
      }
      if (id === null) return done()
      deps.probe(id).then(done, done)
    }, deps.probeEveryMs())
    // a pending probe must not keep a process alive that is otherwise done
    timer.unref?.()
  }

  function report(accountId: string, scope: CallScope, err: unknown) {
    const next = healthOf(scope, err)
    if (next === null) return
    const before = health.get(accountId)
    if (next === 'online') {
      // an error stays until a call succeeds; an answer of any kind ends offline
      if (!before || (before.state === 'error' && err !== null)) return
      health.delete(accountId)
    } else {
      if (JSON.stringify(before) === JSON.stringify(next)) return
      health.set(accountId, next)
    }
    announce()
  }

  return {
    observe(accountId: string, client: BackendClient): BackendClient {
      const observed: Record<string, unknown> = { ...client }
      for (const [name, fn] of Object.entries(client)) {
        // close lets go of a link: no call, nothing to hear
        if (typeof fn !== 'function' || NO_CALL.has(name)) continue
        const scope = CALL_SCOPE[name as ClientMethod] ?? 'own'
        // made once per client, not per call: every call of this method goes through these two
        const answered = <T>(value: T) => {
          report(accountId, scope, null)
          return value
        }
        const failed = (err: unknown): never => {
          report(accountId, scope, err)
          throw err
        }
        observed[name] = (...args: unknown[]) =>
          (fn as (...a: unknown[]) => Promise<unknown>).apply(client, args).then(answered, failed)
      }
      return observed as unknown as BackendClient
    },
    accountsChanged(accountIds) {
      for (const id of health.keys()) if (!accountIds.includes(id)) health.delete(id)
      announce()
    },
    stop() {
      stopped = true
      cancelProbe()
    },
  }
}
