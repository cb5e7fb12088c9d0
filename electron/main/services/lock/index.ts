// The app lock (docs/security.md): whether the app is locked, the passphrase check with its
// back-off, and when to lock. The router asks `isLocked()` before each operation; the shell passes
// in the system's idle time, screen-lock and sleep, the tray and the shortcut. A passphrase exists
// here only while it is checked: what is kept is its scrypt hash in the settings file.
import { AppError } from '@shared/errors'
import { type LockStatus, type UnlockResult, waitWords } from '@shared/lock'
import type { Logger } from '../../log'
import { mt } from '../i18n'
import type { SettingsStore } from '../settings'
import { retryAt } from './backoff'
import { checkPassphrase, hashPassphrase, type LockRecord, SCRYPT_DEFAULT } from './passphrase'

export { BACKOFF_CAP_MS, backoffMs, retryAt } from './backoff'
export { checkPassphrase, hashPassphrase, LockRecord, PassphraseHash, SCRYPT_DEFAULT } from './passphrase'

/** The system's own check of the person (Touch ID on macOS), given by the shell; none elsewhere. */
export interface OsCheck {
  /** whether it can be asked now (the hardware is there and set up) */
  available(): boolean
  /** asks it; true when the person passed, false when they cancelled or failed */
  prompt(reason: string): Promise<boolean>
}

export type LockReason = 'now' | 'idle' | 'screen' | 'sleep' | 'tray' | 'shortcut'

/**
 * What a passphrase check found: `wait` when the back-off after wrong ones has not passed (the
 * passphrase was not checked), `none` when no lock is set.
 */
export type Verdict = { ok: true } | { ok: false; reason: 'wrong' | 'wait' | 'none'; retryAt: number | null }

export interface LockService {
  /** after settings are loaded: an app with a lock starts locked */
  start(): void
  /**
   * A step of the app's start failed: the lock stays shut for good (until the app starts again),
   * whatever is set, and no passphrase opens it. `why` is said when someone tries.
   */
  failStart(why: unknown): void
  /** start() ran and no step of the start failed: until then the app counts as locked */
  started(): boolean
  status(): LockStatus
  isLocked(): boolean
  /** locks when a passphrase is set (else nothing happens) */
  lock(reason: LockReason): LockStatus
  /** the system has had no keyboard or mouse for `seconds`: locks when past the setting */
  idle(seconds: number): void
  unlock(passphrase: string): Promise<UnlockResult>
  unlockWithOs(): Promise<UnlockResult>
  /**
   * Checks a passphrase without changing the lock, for a confirmation (a payment above a limit).
   * It shares the back-off: a wrong one counts like a wrong unlock, and none is checked while it runs.
   */
  verifyPassphrase(passphrase: string): Promise<Verdict>
  /** asks the system's check for a confirmation; false where there is none or it is turned off */
  verifyWithOs(reason: string): Promise<boolean>
  set(passphrase: string, current?: string): Promise<LockStatus>
  remove(current: string): Promise<LockStatus>
}

export interface LockDeps {
  settings: SettingsStore
  now: () => number
  /** the status changed: `lock.changed` */
  changed: (status: LockStatus) => void
  osCheck?: OsCheck | null
  log?: Pick<Logger, 'info' | 'warn'>
  /** scrypt's work factor for new passphrases (default SCRYPT_DEFAULT) */
  cost?: { N: number; r: number; p: number }
}

export function createLockService(deps: LockDeps): LockService {
  // Closed until the start says otherwise: a start that throws halfway leaves it closed (fail closed).
  let phase: 'starting' | 'started' | 'failed' = 'starting'
  let failedWords = ''
  let locked = false
  const closed = () => phase !== 'started' || locked
  /** Nothing is checked, unlocked or changed before the app has started whole. */
  const mustHaveStarted = () => {
    if (phase === 'started') return
    throw new AppError('internal', failedWords || mt('lock.notStarted'))
  }
  // One check at a time: two tries sent at once are checked one after the other, the second
  // seeing the back-off the first started.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const p = queue.then(work)
    queue = p.catch(() => {})
    return p
  }
  const record = () => deps.settings.current().lock
  const save = (lock: LockRecord | null) => deps.settings.update((s) => ({ ...s, lock }))
  const osCheckOn = () =>
    record() !== null && deps.settings.current().settings.lock.osCheck && (deps.osCheck?.available() ?? false)

  function status(): LockStatus {
    const r = record()
    return {
      set: r !== null,
      locked: closed(),
      failures: r?.failures ?? 0,
      retryAt: r ? retryAt(r.failures, r.failedAt, deps.now()) : null,
      osCheck: osCheckOn(),
    }
  }
  const announce = () => {
    const s = status()
    deps.changed(s)
    return s
  }

  /** Inside `serial` only. */
  async function attempt(passphrase: string): Promise<Verdict> {
    mustHaveStarted()
    const r = record()
    if (!r) return { ok: false, reason: 'none', retryAt: null }
    const wait = retryAt(r.failures, r.failedAt, deps.now())
    if (wait !== null) return { ok: false, reason: 'wait', retryAt: wait }
    // Counted as wrong before it is checked: stopping the app during the check cannot dodge the back-off.
    await save({ ...r, failures: r.failures + 1, failedAt: deps.now() })
    if (await checkPassphrase(passphrase, r.hash)) {
      await save({ ...r, failures: 0, failedAt: null })
      return { ok: true }
    }
    // the wait runs from the answer, not from the start of a check that takes its own while
    await save({ ...r, failures: r.failures + 1, failedAt: deps.now() })
    deps.log?.warn('a wrong passphrase was given', { failures: r.failures + 1 })
    return { ok: false, reason: 'wrong', retryAt: status().retryAt }
  }

  /** The current passphrase before a change: refused in words when wrong or too soon. */
  async function requireCurrent(current: string | undefined): Promise<void> {
    if (current === undefined) throw new AppError('invalid_input', mt('lock.enterCurrent'))
    const verdict = await attempt(current)
    if (verdict.ok || verdict.reason === 'none') return
    throw new AppError('invalid_input', refusal(verdict, deps.now()))
  }

  function lock(reason: LockReason): LockStatus {
    if (record() === null || locked) return status()
    locked = true
    deps.log?.info('the app locked', { reason })
    return announce()
  }

  return {
    start() {
      if (phase === 'failed') return
      phase = 'started'
      locked = record() !== null
    },
    failStart(why) {
      phase = 'failed'
      failedWords = why instanceof AppError && why.code === 'internal' ? why.message : mt('lock.startFailed')
      deps.log?.warn('the app did not start whole: it stays locked')
      announce()
    },
    started: () => phase === 'started',
    status,
    isLocked: closed,
    lock,
    idle(seconds) {
      const minutes = deps.settings.current().settings.lock.idleMinutes
      if (minutes > 0 && seconds >= minutes * 60) lock('idle')
    },
    unlock: (passphrase) =>
      serial(async () => {
        const verdict = await attempt(passphrase)
        if (verdict.ok || verdict.reason === 'none') {
          locked = false
          deps.log?.info('the app unlocked', { by: 'passphrase' })
          return { outcome: 'unlocked', status: announce() }
        }
        return { outcome: verdict.reason, status: announce() }
      }),
    async unlockWithOs() {
      mustHaveStarted()
      if (!osCheckOn() || !deps.osCheck) throw new AppError('invalid_input', mt('lock.noOsCheck'))
      if (!(await deps.osCheck.prompt('unlock Lightning Tray'))) return { outcome: 'wrong', status: status() }
      return serial(async () => {
        mustHaveStarted()
        const r = record()
        // the person proved they are here: the count of wrong passphrases starts again
        if (r && r.failures > 0) await save({ ...r, failures: 0, failedAt: null })
        locked = false
        deps.log?.info('the app unlocked', { by: 'system check' })
        return { outcome: 'unlocked' as const, status: announce() }
      })
    },
    verifyPassphrase: (passphrase) =>
      serial(async () => {
        const verdict = await attempt(passphrase)
        if (!verdict.ok && verdict.reason === 'wrong') announce()
        return verdict
      }),
    async verifyWithOs(reason) {
      if (!osCheckOn() || !deps.osCheck) return false
      return deps.osCheck.prompt(reason)
    },
    set: (passphrase, current) =>
      serial(async () => {
        mustHaveStarted()
        if (record() !== null) await requireCurrent(current)
        const hash = await hashPassphrase(passphrase, deps.cost ?? SCRYPT_DEFAULT)
        await save({ hash, failures: 0, failedAt: null })
        deps.log?.info('the app lock was set')
        return announce()
      }),
    remove: (current) =>
      serial(async () => {
        await requireCurrent(current)
        await save(null)
        locked = false
        deps.log?.info('the app lock was removed')
        return announce()
      }),
  }
}

/** Why a passphrase was not taken, in words: wrong, or how long to wait. */
export function refusal(verdict: Verdict, now: number): string {
  if (verdict.ok) return ''
  const wait = verdict.retryAt === null ? 0 : Math.max(1, Math.ceil((verdict.retryAt - now) / 1000))
  const again = wait > 0 ? mt('lock.tryAgainIn', { wait: waitWords(wait) }) : ''
  if (verdict.reason === 'wait') return mt('lock.tooMany', { again })
  if (verdict.reason === 'none') return mt('lock.noPassphrase')
  return mt('lock.wrong', { again })
}
