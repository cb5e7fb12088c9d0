// The lock's guards at their edges, against a real settings file: what its log says (and that the
// passphrase is never in it), the words of each refusal, a start that failed staying shut even
// when the system check passes meanwhile, the cost a passphrase is hashed at, and no write that
// changes nothing. Beside lockService.test.ts, which walks the ordinary use.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LockStatus } from '@shared/contract'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLockService, type OsCheck, refusal } from '../../../../electron/main/services/lock'
import { createSettingsStore, type SettingsStore } from '../../../../electron/main/services/settings'

const FAST = { N: 2 ** 14, r: 8, p: 1 }
const RIGHT = 'correct horse battery staple'
const WRONG = 'incorrect horse'
const NOT_STARTED = 'Lightning Tray is still starting. Try again in a moment.'
let dir: string
let clock: number
let changes: LockStatus[]
let logs: Array<{ level: 'info' | 'warn'; message: string; fields?: unknown }>
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-lock-'))
  clock = 1_700_000_000_000
  changes = []
  logs = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** a lock service on the settings in `dir`, its log recorded; started unless told not to */
async function open(o: { osCheck?: OsCheck | null; start?: boolean } = {}) {
  const settings = createSettingsStore({ dir })
  await settings.load()
  const lock = createLockService({
    settings,
    now: () => clock,
    changed: (s) => changes.push(s),
    osCheck: o.osCheck ?? null,
    cost: FAST,
    log: {
      info: (message, fields) => logs.push({ level: 'info', message, fields }),
      warn: (message, fields) => logs.push({ level: 'warn', message, fields }),
    },
  })
  if (o.start !== false) lock.start()
  return { settings, lock }
}

/** each write of the lock record, as the failures it held (null: the lock removed) */
function recordingWrites(settings: SettingsStore): Array<number | null> {
  const written: Array<number | null> = []
  const update = settings.update.bind(settings)
  settings.update = (f) =>
    update((s) => {
      const next = f(s)
      written.push(next.lock ? next.lock.failures : null)
      return next
    })
  return written
}

const refused = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('it was not refused')
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(AppError)
      return { code: (e as AppError).code, message: (e as AppError).message }
    },
  )

describe('the lock service at its edges', () => {
  it('logs what happened, and why, but never the passphrase', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    lock.lock('shortcut')
    await lock.unlock(WRONG)
    clock += 1000
    await lock.unlock(RIGHT)
    lock.idle(24 * 3600)
    await lock.remove(RIGHT)
    expect(logs).toEqual([
      { level: 'info', message: 'the app lock was set', fields: undefined },
      { level: 'info', message: 'the app locked', fields: { reason: 'shortcut' } },
      { level: 'warn', message: 'a wrong passphrase was given', fields: { failures: 1 } },
      { level: 'info', message: 'the app unlocked', fields: { by: 'passphrase' } },
      { level: 'info', message: 'the app locked', fields: { reason: 'idle' } },
      { level: 'info', message: 'the app lock was removed', fields: undefined },
    ])
    expect(JSON.stringify(logs)).not.toMatch(/horse/)
  })

  it('before the start nothing is checked or set, in the words that say it is starting', async () => {
    const { settings, lock } = await open({ start: false })
    expect(lock.started()).toBe(false)
    expect(await refused(lock.unlock(RIGHT))).toEqual({ code: 'internal', message: NOT_STARTED })
    expect(await refused(lock.set(RIGHT))).toEqual({ code: 'internal', message: NOT_STARTED })
    expect(settings.current().lock).toBeNull()
    lock.start()
    expect(lock.started()).toBe(true)
    expect(lock.isLocked()).toBe(false)
  })

  it('a failed start keeps the words it was given (an internal refusal), or says it in its own', async () => {
    const first = await open()
    first.lock.failStart(new AppError('internal', 'The ledger could not be opened.'))
    expect(await refused(first.lock.unlock(RIGHT))).toEqual({
      code: 'internal',
      message: 'The ledger could not be opened.',
    })
    expect(logs).toContainEqual({
      level: 'warn',
      message: 'the app did not start whole: it stays locked',
      fields: undefined,
    })
    const second = await open({ start: false })
    second.lock.failStart(new AppError('network', 'The service could not be reached.'))
    expect((await refused(second.lock.unlock(RIGHT))).message).toMatch(/^Lightning Tray could not start properly/)
    // a start() after the failure reopens nothing
    second.lock.start()
    expect(second.lock.started()).toBe(false)
    expect(second.lock.isLocked()).toBe(true)
    expect((await refused(second.lock.unlock(RIGHT))).message).toMatch(/^Lightning Tray could not start properly/)
  })

  it('with no lock set: unlock opens, remove is no refusal, and no system check is offered', async () => {
    const { lock } = await open()
    expect(await lock.unlock('anything')).toMatchObject({ outcome: 'unlocked', status: { set: false, locked: false } })
    expect(await lock.remove('anything')).toMatchObject({ set: false, locked: false })
    await lock.set(RIGHT)
    // osCheck is on by default, but this machine has none to ask
    expect(lock.status().osCheck).toBe(false)
    expect(await lock.verifyWithOs('pay')).toBe(false)
    expect(await refused(lock.unlockWithOs())).toEqual({
      code: 'invalid_input',
      message: 'The system check is not available here.',
    })
  })

  it('a passphrase is hashed at the cost it was given, and a wrong current one is refused as input', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    const kept = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).lock
    expect(kept.hash).toMatchObject({ N: FAST.N, r: FAST.r, p: FAST.p })
    expect(await refused(lock.set('another passphrase'))).toEqual({
      code: 'invalid_input',
      message: 'Enter the current passphrase.',
    })
    expect(await refused(lock.set('another passphrase', WRONG))).toMatchObject({ code: 'invalid_input' })
  })

  it('verifyPassphrase says a wrong one (the count changed) and nothing for a right one or a wait', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    const before = changes.length
    expect((await lock.verifyPassphrase(RIGHT)).ok).toBe(true)
    expect(changes).toHaveLength(before)
    await lock.verifyPassphrase(WRONG)
    expect(changes).toHaveLength(before + 1)
    expect(changes.at(-1)).toMatchObject({ failures: 1, retryAt: clock + 1000, locked: false })
    expect(await lock.verifyPassphrase(RIGHT)).toMatchObject({ ok: false, reason: 'wait' })
    expect(changes).toHaveLength(before + 1)
  })

  it('the system check unlocks without a write when there is no count to clear', async () => {
    const touchId: OsCheck = { available: () => true, prompt: async () => true }
    const { settings, lock } = await open({ osCheck: touchId })
    await lock.set(RIGHT)
    lock.lock('now')
    const written = recordingWrites(settings)
    expect(await lock.unlockWithOs()).toMatchObject({ outcome: 'unlocked', status: { locked: false } })
    expect(written).toEqual([])
    expect(logs.at(-1)).toEqual({ level: 'info', message: 'the app unlocked', fields: { by: 'system check' } })
  })

  it('a start that fails while the system check is asked: its pass opens nothing', async () => {
    let failMeanwhile = () => {}
    const asked: string[] = []
    const touchId: OsCheck = {
      available: () => true,
      prompt: async (reason) => {
        asked.push(reason)
        failMeanwhile()
        return true
      },
    }
    const { lock } = await open({ osCheck: touchId })
    await lock.set(RIGHT)
    lock.lock('now')
    failMeanwhile = () => lock.failStart(new Error('EIO'))
    expect((await refused(lock.unlockWithOs())).code).toBe('internal')
    expect(lock.isLocked()).toBe(true)
    // once failed, the system check is not even asked
    expect((await refused(lock.unlockWithOs())).code).toBe('internal')
    expect(asked).toHaveLength(1)
  })
})

describe('refusal, in words', () => {
  const now = 1_000_000
  it('says nothing for a yes, and a wrong or missing passphrase without a wait says no time', () => {
    expect(refusal({ ok: true }, now)).toBe('')
    expect(refusal({ ok: false, reason: 'wrong', retryAt: null }, now)).toBe('That passphrase is not right.')
    expect(refusal({ ok: false, reason: 'none', retryAt: null }, now)).toBe('No passphrase is set.')
    expect(refusal({ ok: false, reason: 'wait', retryAt: now + 1 }, now)).toBe(
      'Too many wrong passphrases. Try again in 1 s.',
    )
  })
})
