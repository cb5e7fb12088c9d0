// Whether the wallet service can be reached, per account, learnt from the calls the app makes
// anyway (handlers, the sync loop): a network error or a timeout marks the account offline, the
// next answer marks it online again. The renderer and the tray hear the active account's state,
// once per change. While the active account is offline, one balance read per poll interval finds
// out when it is back, since nothing else may be asking (docs/architecture.md, "Connection state").
import type { Emit } from '@shared/contract'
import { AppError, type ErrorCode } from '@shared/errors'
import type { ServiceClient } from '../client'

export const OFFLINE_MESSAGE =
  'The wallet service cannot be reached. Balances may be out of date; the app keeps trying.'

/** Errors that say the request got no answer. */
const UNREACHED: ReadonlySet<ErrorCode> = new Set(['network', 'timeout'])
/** Errors that are the service's own answer (an HTTP status or a body): it was reached. */
const ANSWERED: ReadonlySet<ErrorCode> = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid_input',
  'insufficient_funds',
  'service_error',
  'lnurl_error',
])

export interface ConnectionMonitor {
  /** the same client, each call's outcome counted for this account */
  observe(accountId: string, client: ServiceClient): ServiceClient
  /** the active account changed, or accounts were removed: announce the state if it changed */
  accountsChanged(accountIds: readonly string[]): void
  stop(): void
}

export function createConnectionMonitor(deps: {
  emit: Emit
  activeAccountId(): string | null
  /** a read that tells whether an offline account is back (its outcome is observed) */
  probe(accountId: string): Promise<unknown>
  /** how long to wait between two probes */
  probeEveryMs(): number
}): ConnectionMonitor {
  const offline = new Set<string>()
  /** what the renderer was last told; it starts out assuming online */
  let announced = true
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  const activeOnline = () => {
    const id = deps.activeAccountId()
    return id === null || !offline.has(id)
  }

  function announce() {
    const now = activeOnline()
    if (now !== announced) {
      announced = now
      deps.emit('connection', { online: now, message: now ? null : OFFLINE_MESSAGE })
    }
    if (now) cancelProbe()
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
        // still offline (or the probe could not tell): ask again later
        if (id !== null && !activeOnline()) scheduleProbe()
      }
      if (id === null) return done()
      deps.probe(id).then(done, done)
    }, deps.probeEveryMs())
    // a pending probe must not keep a process alive that is otherwise done
    timer.unref?.()
  }

  function report(accountId: string, err: unknown) {
    if (err === null || (err instanceof AppError && ANSWERED.has(err.code))) {
      if (!offline.delete(accountId)) return
    } else if (err instanceof AppError && UNREACHED.has(err.code)) {
      if (offline.has(accountId)) return
      offline.add(accountId)
    } else return // unknown_outcome, a bug, a missing key: says nothing about the service
    announce()
  }

  return {
    observe(accountId, client) {
      // made once per client, not per call: every call of it goes through these two
      const answered = <T>(value: T) => {
        report(accountId, null)
        return value
      }
      const failed = (err: unknown): never => {
        report(accountId, err)
        throw err
      }
      const observed: Record<string, unknown> = { ...client }
      for (const [name, fn] of Object.entries(client)) {
        if (typeof fn !== 'function') continue
        observed[name] = (...args: unknown[]) =>
          (fn as (...a: unknown[]) => Promise<unknown>).apply(client, args).then(answered, failed)
      }
      return observed as unknown as ServiceClient
    },
    accountsChanged(accountIds) {
      for (const id of offline) if (!accountIds.includes(id)) offline.delete(id)
      announce()
    },
    stop() {
      stopped = true
      cancelProbe()
    },
  }
}
