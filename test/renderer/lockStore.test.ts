// The page's side of the lock: nothing opens until main says unlocked; a wrong passphrase keeps the
// lock screen; locking while open reloads the page (so it forgets what it held); a refusal for
// being locked, from any call, brings the lock screen back; another window's unlock opens this one.
import { DEFAULT_SETTINGS, type LockStatus } from '@shared/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { invoke } from '../../renderer/src/api'
import { useLock } from '../../renderer/src/stores/lock'
import { installFakeWallet } from './fakeWallet'

const status = (over: Partial<LockStatus> = {}): LockStatus => ({
  set: true,
  locked: true,
  failures: 0,
  retryAt: null,
  osCheck: false,
  ...over,
})
let fake: ReturnType<typeof installFakeWallet>
let reloads: number
let opened: number

beforeEach(() => {
  fake = installFakeWallet()
  reloads = 0
  opened = 0
  const w = globalThis as unknown as { window: Record<string, unknown> }
  w.window.location = { reload: () => reloads++ }
  useLock.setState({ gate: 'checking', status: null, busy: false, outcome: null, error: null })
})

async function start(s: LockStatus) {
  fake.ok('lock.status', s)
  fake.ok('settings.get', DEFAULT_SETTINGS)
  await useLock.getState().start(() => opened++)
}

describe('lock store', () => {
  it('opens at once when not locked; stays on the lock screen (and drops the early account reads) when locked', async () => {
    await start(status({ locked: false }))
    expect([useLock.getState().gate, opened]).toEqual(['open', 1])

    useLock.setState({ gate: 'checking' })
    const refused = Promise.resolve({ ok: false, error: { code: 'locked', message: '', retryable: false } })
    const w = globalThis as unknown as { window: { __early?: Record<string, unknown> } }
    w.window.__early = { 'wallets.list': refused, 'accounts.list': refused }
    await start(status())
    expect([useLock.getState().gate, opened]).toEqual(['locked', 1])
    expect(w.window.__early).toEqual({ 'wallets.list': undefined, 'accounts.list': undefined })
  })

  it('starts from the lock state and settings early.js asked for, without asking again', async () => {
    const w = globalThis as unknown as { window: { __early?: Record<string, unknown> } }
    w.window.__early = {
      'lock.status': Promise.resolve({ ok: true, value: status({ locked: false }) }),
      'settings.get': Promise.resolve({ ok: true, value: DEFAULT_SETTINGS }),
    }
    await useLock.getState().start(() => opened++)
    expect([useLock.getState().gate, opened]).toEqual(['open', 1])
    expect([fake.callsOf('lock.status'), fake.callsOf('settings.get')]).toEqual([[], []])
    expect(w.window.__early).toEqual({ 'lock.status': undefined, 'settings.get': undefined })
  })

  it('a wrong passphrase keeps it locked with the wait main gives; the right one opens the app once', async () => {
    await start(status())
    fake.ok('lock.unlock', { outcome: 'wrong', status: status({ failures: 1, retryAt: Date.now() + 1000 }) })
    expect(await useLock.getState().unlock('nope')).toBe(false)
    expect(useLock.getState()).toMatchObject({ gate: 'locked', outcome: 'wrong', status: { failures: 1 } })
    fake.ok('lock.unlock', { outcome: 'unlocked', status: status({ locked: false }) })
    expect(await useLock.getState().unlock('right')).toBe(true)
    expect([useLock.getState().gate, opened]).toEqual(['open', 1])
    // another lock.changed saying unlocked opens nothing twice
    fake.emit('lock.changed', status({ locked: false }))
    useLock.getState().apply(status({ locked: false }))
    expect(opened).toBe(1)
  })

  it('another window unlocking opens this one; locking from anywhere reloads it; so does a `locked` refusal', async () => {
    await start(status())
    useLock.getState().apply(status({ locked: false }))
    expect([useLock.getState().gate, opened, reloads]).toEqual(['open', 1, 0])
    // any call refused for the lock: the store asks main, which says locked, and the page reloads
    fake.fail('wallets.list', 'locked')
    fake.ok('lock.status', status())
    const r = await invoke('wallets.list', {})
    expect(r.ok).toBe(false)
    await vi.waitFor(() => expect(reloads).toBe(1))
    // the event that follows does not reload a page already reloading
    useLock.getState().apply(status())
    expect(reloads).toBe(1)
  })
})
