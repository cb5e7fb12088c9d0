// The app lock's service against a real settings file in a temp folder and a clock of the test's
// own: starts locked when set, the back-off 1 s, 2 s, 4 s… kept across a restart and counted
// before the check, one check at a time, idle, the system check, and changes needing the passphrase.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LOCK, type LockStatus } from '@shared/contract'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  backoffMs,
  createLockService,
  type LockService,
  type OsCheck,
  refusal,
  retryAt,
} from '../../../../electron/main/services/lock'
import { createSettingsStore, type SettingsStore } from '../../../../electron/main/services/settings'

const FAST = { N: 2 ** 14, r: 8, p: 1 }
const RIGHT = 'correct horse battery staple'
const WRONG = 'incorrect horse'
let dir: string
let clock: number
let changes: LockStatus[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-lock-'))
  clock = 1_700_000_000_000
  changes = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function open(osCheck: OsCheck | null = null): Promise<{ settings: SettingsStore; lock: LockService }> {
  const settings = createSettingsStore({ dir })
  await settings.load()
  const lock = createLockService({ settings, now: () => clock, changed: (s) => changes.push(s), osCheck, cost: FAST })
  lock.start()
  return { settings, lock }
}

/** a store whose writes are recorded: the failures each write of the lock record held */
function recordingWrites(settings: SettingsStore): number[] {
  const written: number[] = []
  const update = settings.update.bind(settings)
  settings.update = (f) =>
    update((s) => {
      const next = f(s)
      if (next.lock) written.push(next.lock.failures)
      return next
    })
  return written
}

describe('the back-off', () => {
  it('waits 1 s, 2 s, 4 s… after wrong passphrases, up to 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 10, 11, 50].map(backoffMs)).toEqual([0, 1000, 2000, 4000, 8000, 512_000, 900_000, 900_000])
    expect(retryAt(3, 10_000, 12_000)).toBe(14_000)
    expect(retryAt(3, 10_000, 14_000)).toBeNull()
    expect(retryAt(0, null, 1)).toBeNull()
    // a count without a time (a file edited by hand) never waits, whatever the clock says
    expect([0, 500, 1999].map((now) => retryAt(2, null, now))).toEqual([null, null, null])
    // a clock set back an hour waits one back-off, not the hour
    expect(retryAt(1, 3_600_000, 0)).toBe(1000)
  })
})

describe('lock service', () => {
  it('is unlocked with no lock set, and "Lock now" then does nothing', async () => {
    const { lock } = await open()
    expect(lock.status()).toEqual({ set: false, locked: false, failures: 0, retryAt: null, osCheck: false })
    expect(lock.lock('now').locked).toBe(false)
    expect(lock.isLocked()).toBe(false)
    expect(changes).toEqual([])
  })

  it('keeps only the hash; the app starts locked once a lock is set; lock and unlock say so', async () => {
    const first = await open()
    expect((await first.lock.set(RIGHT)).set).toBe(true)
    expect(first.lock.isLocked()).toBe(false)
    const file = await readFile(join(dir, 'settings.json'), 'utf8')
    expect(file).not.toContain(RIGHT)
    expect(file).not.toContain(Buffer.from(RIGHT).toString('base64'))
    expect(JSON.parse(file).lock).toMatchObject({ hash: { algo: 'scrypt' }, failures: 0, failedAt: null })
    expect(JSON.parse(file).settings).not.toHaveProperty('hash')

    const { lock } = await open() // a restart
    expect(lock.isLocked()).toBe(true)
    expect(await lock.unlock(RIGHT)).toMatchObject({ outcome: 'unlocked', status: { locked: false } })
    expect(lock.lock('tray')).toMatchObject({ set: true, locked: true })
    expect(changes.map((c) => c.locked)).toEqual([false, false, true])
  })

  it('backs off 1 s, 2 s, 4 s; during a wait even the right passphrase is not checked', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    lock.lock('now')
    expect(await lock.unlock(WRONG)).toMatchObject({ outcome: 'wrong', status: { failures: 1, retryAt: clock + 1000 } })
    expect(await lock.unlock(RIGHT)).toMatchObject({ outcome: 'wait', status: { locked: true, failures: 1 } })
    clock += 1000
    expect(await lock.unlock(WRONG)).toMatchObject({ outcome: 'wrong', status: { failures: 2, retryAt: clock + 2000 } })
    clock += 1999
    expect((await lock.unlock(RIGHT)).outcome).toBe('wait')
    clock += 1
    expect(await lock.unlock(WRONG)).toMatchObject({ outcome: 'wrong', status: { failures: 3, retryAt: clock + 4000 } })
    clock += 4000
    expect(await lock.unlock(RIGHT)).toMatchObject({
      outcome: 'unlocked',
      status: { locked: false, failures: 0, retryAt: null },
    })
  })

  it('keeps the count across a restart: a new process waits out the same back-off', async () => {
    const first = await open()
    await first.lock.set(RIGHT)
    first.lock.lock('now')
    await first.lock.unlock(WRONG)
    clock += 1000
    await first.lock.unlock(WRONG)
    const failedAt = clock

    const { lock } = await open() // a restart
    expect(lock.status()).toMatchObject({ locked: true, failures: 2, retryAt: failedAt + 2000 })
    expect((await lock.unlock(RIGHT)).outcome).toBe('wait')
    clock = failedAt + 2000
    expect((await lock.unlock(RIGHT)).outcome).toBe('unlocked')
  })

  it('counts a try as wrong before checking it, so stopping the app meanwhile cannot dodge the back-off', async () => {
    const { settings, lock } = await open()
    await lock.set(RIGHT)
    lock.lock('now')
    const written = recordingWrites(settings)
    await lock.unlock(RIGHT)
    // written before the check (1), then cleared once it proved right (0)
    expect(written).toEqual([1, 0])
    written.length = 0
    lock.lock('now')
    const before = clock
    // the check takes its while (here, 700 ms after each write): the wait runs from its answer
    settings.update = ((update) => (f: Parameters<typeof update>[0]) => {
      clock += 700
      return update(f)
    })(settings.update)
    const wrong = await lock.unlock(WRONG)
    expect(written).toEqual([1, 1])
    expect(wrong.status.retryAt).toBe(before + 700 + 1000)
  })

  it('checks one try at a time: two sent at once, the second meets the first one’s back-off', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    lock.lock('now')
    const [a, b] = await Promise.all([lock.unlock(WRONG), lock.unlock(RIGHT)])
    expect([a.outcome, b.outcome]).toEqual(['wrong', 'wait'])
    expect(lock.isLocked()).toBe(true)
  })

  it('locks after the idle minutes set, never with 0', async () => {
    const { settings, lock } = await open()
    await lock.set(RIGHT)
    lock.idle(DEFAULT_LOCK.idleMinutes * 60 - 1)
    expect(lock.isLocked()).toBe(false)
    lock.idle(DEFAULT_LOCK.idleMinutes * 60)
    expect(lock.isLocked()).toBe(true)
    await lock.unlock(RIGHT)
    await settings.update((f) => ({ ...f, settings: { ...f.settings, lock: { ...DEFAULT_LOCK, idleMinutes: 0 } } }))
    lock.idle(10 * 24 * 3600)
    expect(lock.isLocked()).toBe(false)
  })

  it('changing or removing the lock needs the current passphrase, and a wrong one counts', async () => {
    const { lock } = await open()
    await lock.set(RIGHT)
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(AppError)
      return (err as AppError).message
    }
    expect(await refused(lock.set('another passphrase'))).toBe('Enter the current passphrase.')
    expect(await refused(lock.set('another passphrase', WRONG))).toBe('That passphrase is not right. Try again in 1 s.')
    expect(await refused(lock.remove(RIGHT))).toBe('Too many wrong passphrases. Try again in 1 s.')
    clock += 1000
    await lock.set('another passphrase', RIGHT)
    lock.lock('now')
    expect((await lock.unlock(RIGHT)).outcome).toBe('wrong')
    clock += 2000
    expect((await lock.unlock('another passphrase')).outcome).toBe('unlocked')
    expect(await lock.remove('another passphrase')).toMatchObject({ set: false, locked: false })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).lock).toBeNull()
  })

  it('counts as locked until started, and a failed start keeps it shut: no passphrase is even counted', async () => {
    const settings = createSettingsStore({ dir })
    await settings.load()
    const lock = createLockService({ settings, now: () => clock, changed: (s) => changes.push(s), cost: FAST })
    // no lock set, but the start has not run: closed
    expect(lock.isLocked()).toBe(true)
    expect(lock.status()).toMatchObject({ set: false, locked: true })
    await expect(lock.unlock(RIGHT)).rejects.toMatchObject({ code: 'internal' })
    lock.start()
    await lock.set(RIGHT)
    expect(lock.isLocked()).toBe(false)
    lock.failStart(new Error('EISDIR: spending.json'))
    expect(lock.started()).toBe(false)
    expect(changes.at(-1)).toMatchObject({ set: true, locked: true })
    for (const tryIt of [() => lock.unlock(RIGHT), () => lock.verifyPassphrase(RIGHT), () => lock.remove(RIGHT)])
      await expect(tryIt()).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/stays locked/) })
    await expect(lock.set('another passphrase', RIGHT)).rejects.toMatchObject({ code: 'internal' })
    // a later start() (none is made, but nothing may reopen it) leaves it shut
    lock.start()
    expect(lock.isLocked()).toBe(true)
    expect(lock.status().failures).toBe(0)
  })

  it('verifyPassphrase (for confirmations) shares the back-off and leaves the lock as it is', async () => {
    const { lock } = await open()
    expect(await lock.verifyPassphrase(RIGHT)).toEqual({ ok: false, reason: 'none', retryAt: null })
    await lock.set(RIGHT)
    expect(await lock.verifyPassphrase(RIGHT)).toEqual({ ok: true })
    expect(await lock.verifyPassphrase(WRONG)).toEqual({ ok: false, reason: 'wrong', retryAt: clock + 1000 })
    expect(await lock.verifyPassphrase(RIGHT)).toEqual({ ok: false, reason: 'wait', retryAt: clock + 1000 })
    expect(lock.isLocked()).toBe(false)
    expect(refusal({ ok: false, reason: 'wait', retryAt: clock + 61_500 }, clock)).toBe(
      'Too many wrong passphrases. Try again in 1 min 2 s.',
    )
  })

  it('the system check unlocks where there is one and it is on; a failed one is not counted', async () => {
    const asked: string[] = []
    let passes = false
    let available = true
    const touchId: OsCheck = {
      available: () => available,
      prompt: async (reason) => {
        asked.push(reason)
        return passes
      },
    }
    const { settings, lock } = await open(touchId)
    expect(lock.status().osCheck).toBe(false) // nothing to unlock yet
    await lock.set(RIGHT)
    lock.lock('now')
    expect(lock.status().osCheck).toBe(true)
    await lock.unlock(WRONG)
    expect(await lock.unlockWithOs()).toMatchObject({ outcome: 'wrong', status: { locked: true, failures: 1 } })
    passes = true
    expect(await lock.unlockWithOs()).toMatchObject({ outcome: 'unlocked', status: { locked: false, failures: 0 } })
    expect(asked).toEqual(['unlock Lightning Tray', 'unlock Lightning Tray'])
    expect(await lock.verifyWithOs('pay 50,000 sats')).toBe(true)

    await settings.update((f) => ({ ...f, settings: { ...f.settings, lock: { ...DEFAULT_LOCK, osCheck: false } } }))
    expect(lock.status().osCheck).toBe(false)
    expect(await lock.verifyWithOs('pay')).toBe(false)
    lock.lock('now')
    await expect(lock.unlockWithOs()).rejects.toThrow('The system check is not available here.')
    available = false
    await settings.update((f) => ({ ...f, settings: { ...f.settings, lock: DEFAULT_LOCK } }))
    await expect(lock.unlockWithOs()).rejects.toThrow(AppError)
    expect(asked).toHaveLength(3)
  })
})
