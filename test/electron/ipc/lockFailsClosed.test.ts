// The lock fails closed (docs/security.md, "Fails closed"; issue 41): a profile with a passphrase
// whose files cannot be read at start (a directory, a read error, corrupt JSON, a lock record that
// does not read, a full disk while writing, a keychain that throws) starts locked, and when the
// start failed no passphrase opens it and nothing but the lock's own operations is answered. The
// whole app against the simulator; each case starts over a copy of one profile, damaged its way.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { LockStatus } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { App } from '../../../electron/main/app/createApp'
import type { ShownNotification } from '../../../electron/main/services/notify'
import { createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { bareApp } from './appHarness'

// The disk's answers, changed per case: tests run as root, so a file cannot be made unreadable by
// its mode; the error is given where the app's own code reads or writes it.
const disk = vi.hoisted(() => ({
  fault: null as null | ((op: 'read' | 'write', name: string) => string | null),
}))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const faulty =
    <A extends unknown[], R>(op: 'read' | 'write', fn: (path: never, ...rest: A) => Promise<R>) =>
    async (path: unknown, ...rest: A): Promise<R> => {
      const code = disk.fault?.(op, basename(String(path)))
      if (code) throw Object.assign(new Error(`${code}: ${String(path)}`), { code })
      return fn(path as never, ...rest)
    }
  const mocked = {
    ...real,
    readFile: faulty('read', real.readFile),
    writeFile: faulty('write', real.writeFile),
    open: faulty('write', real.open),
  }
  return { ...mocked, default: mocked }
})

const PASS = 'nobody is at this desk'
const isTmp = (name: string) => name.endsWith('.tmp')
let sim: SimulatorHandle
let w: SimWallet
let golden: string
let accountId: string
const keys = createMemoryStore()
const running: Array<{ app: App; dir: string }> = []
const shown: ShownNotification[] = []

const make = (dir: string, secretStore: SecretStore = keys): App =>
  bareApp({ dir, secretStore, notify: (n) => shown.push(n) })
function ok<T = Record<string, unknown>>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  w = sim.control.createWallet('Fails closed', 50_000)
  golden = await mkdtemp(join(tmpdir(), 'lt-closed-'))
  const app = make(golden)
  await app.start()
  ok(await app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
  accountId = app.accounts.active().id
  ok(await app.router.handle('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: 1000 }))
  ok(await app.router.handle('lock.set', { passphrase: PASS }))
  await app.sync.idle()
  await app.idle()
  await app.dispose()
}, 60_000)
afterEach(async () => {
  disk.fault = null
  for (const { app, dir } of running.splice(0)) {
    await app.dispose()
    await rm(dir, { recursive: true, force: true })
  }
})
afterAll(async () => {
  await sim.close()
  await rm(golden, { recursive: true, force: true })
})

/** A copy of the profile, damaged by `damage`, and the app started over it (the start's error, if any). */
async function startOver(damage: (dir: string) => Promise<void>, secretStore?: SecretStore) {
  const dir = await mkdtemp(join(tmpdir(), 'lt-closed-case-'))
  await cp(golden, dir, { recursive: true })
  await damage(dir)
  const app = make(dir, secretStore)
  running.push({ app, dir })
  const failed = await app.start().then(
    () => null,
    (err: unknown) => err,
  )
  const call = (name: string, input: unknown = {}) => app.router.handle(name, input)
  return { app, dir, failed, call }
}
type Started = Awaited<ReturnType<typeof startOver>>

/** Locked, answering nothing of the wallets, and the right passphrase does not open it. */
async function expectShut({ app, call }: Started) {
  expect(ok<LockStatus>(await call('lock.status')).locked).toBe(true)
  expect(await call('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
  const tried = await call('lock.unlock', { passphrase: PASS })
  expect(tried.ok && (tried.value as { outcome: string }).outcome).not.toBe('unlocked')
  if (!tried.ok) expect(tried.error.message).toMatch(/stays locked/)
  expect(await call('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
  expect(await call('spending.set', { accountId, confirmAboveSat: null, dailyLimitSat: null })).toMatchObject({
    error: { code: 'locked' },
  })
  expect(ok<LockStatus>(await call('lock.status')).locked).toBe(true)
  expect(app.lock.isLocked()).toBe(true)
}

/** Locked at start, and opened by the passphrase alone. */
async function expectLockedThenOpens({ call, failed }: Started) {
  expect(failed).toBeNull()
  expect(ok<LockStatus>(await call('lock.status'))).toMatchObject({ set: true, locked: true })
  expect(await call('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
  expect(ok<{ outcome: string }>(await call('lock.unlock', { passphrase: PASS })).outcome).toBe('unlocked')
}

const editSettings = (dir: string, edit: (json: Record<string, unknown>) => unknown) =>
  readFile(join(dir, 'settings.json'), 'utf8').then((text) =>
    writeFile(join(dir, 'settings.json'), JSON.stringify(edit(JSON.parse(text)))),
  )

describe('the profile as it is', () => {
  it('starts locked and the passphrase opens it: the cases below differ from this one by their damage', async () => {
    const t = await startOver(async () => {})
    await expectLockedThenOpens(t)
    expect(ok<{ wallets: unknown[] }>(await t.call('wallets.list')).wallets.length).toBeGreaterThan(0)
  })
})

describe.each(['spending.json', 'settings.json'])('%s that cannot be read', (name) => {
  it('a directory (EISDIR): the start fails, and the app stays locked whatever is typed', async () => {
    const t = await startOver((dir) => rm(join(dir, name)).then(() => mkdir(join(dir, name))))
    expect(t.failed).toMatchObject({ code: 'EISDIR' })
    await expectShut(t)
  })

  it('unreadable (EACCES from the disk): the start fails, and the app stays locked', async () => {
    disk.fault = (op, file) => (op === 'read' && file === name ? 'EACCES' : null)
    const t = await startOver(async () => {})
    expect(t.failed).toMatchObject({ code: 'EACCES' })
    await expectShut(t)
  })
})

describe('spending.json', () => {
  it('corrupt JSON: locked at start; once unlocked nothing is spent, and still not after a restart', async () => {
    const t = await startOver((dir) => writeFile(join(dir, 'spending.json'), '{"version":1,"accounts":{"x"'))
    await expectLockedThenOpens(t)
    const pay = (id: string) =>
      t.call('pay.lightningAddress', {
        walletId: w.id,
        address: 'alice@sim.example',
        amountMsat: 10_000,
        requestId: id,
      })
    expect(await pay('req-closed-corrupt-1')).toMatchObject({ ok: false, error: { code: 'limit' } })
    // the damaged file is kept aside, and the file in its place says so: a restart does not forget
    expect((await readdir(t.dir)).filter((n) => n.startsWith('spending.json.corrupt-'))).toHaveLength(1)
    await t.app.dispose()
    running.pop()
    const again = make(t.dir)
    running.push({ app: again, dir: t.dir })
    await again.start()
    ok(await again.router.handle('lock.unlock', { passphrase: PASS }))
    const view = ok<{ readable: boolean }>(await again.router.handle('spending.get', { accountId }))
    expect(view.readable).toBe(false)
    expect(
      await again.router.handle('pay.lightningAddress', {
        ...{ walletId: w.id, address: 'alice@sim.example', amountMsat: 10_000, requestId: 'req-closed-corrupt-2' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'limit' } })
  })

  it('a full disk (ENOSPC) while it is kept aside: the start fails, and the app stays locked', async () => {
    const t = await startOver(async (dir) => {
      await writeFile(join(dir, 'spending.json'), 'not json')
      disk.fault = (op, name) => (op === 'write' && name.startsWith('spending.json') ? 'ENOSPC' : null)
    })
    expect(t.failed).toMatchObject({ code: 'ENOSPC' })
    await expectShut(t)
  })
})

describe('settings.json (settings, accounts, the lock and its count of wrong tries)', () => {
  it('not JSON: whether it had a lock cannot be told, so it stays locked and the file is left as it was', async () => {
    const t = await startOver((dir) => writeFile(join(dir, 'settings.json'), '{"version":1,"lock":{"hash"'))
    expect(t.failed).toMatchObject({ code: 'internal', message: expect.stringContaining('settings.json') })
    await expectShut(t)
    expect(await readFile(join(t.dir, 'settings.json'), 'utf8')).toBe('{"version":1,"lock":{"hash"')
  })

  it('a lock record that does not read (a negative count of wrong tries): the app stays locked', async () => {
    const t = await startOver((dir) =>
      editSettings(dir, (json) => ({ ...json, lock: { ...(json.lock as object), failures: -1 } })),
    )
    expect(t.failed).toMatchObject({ code: 'internal' })
    await expectShut(t)
  })

  it('the wrong shape around a good lock: defaults are used, but the lock and its count stay', async () => {
    const t = await startOver((dir) => editSettings(dir, (json) => ({ ...json, accounts: 'several' })))
    await expectLockedThenOpens(t)
  })

  it('a full disk (ENOSPC) while the lock is written into the new file: the start fails, still locked', async () => {
    const t = await startOver(async (dir) => {
      await editSettings(dir, (json) => ({ ...json, accounts: 'several' }))
      disk.fault = (op, name) => (op === 'write' && name.startsWith('settings.json') && isTmp(name) ? 'ENOSPC' : null)
    })
    expect(t.failed).toMatchObject({ code: 'ENOSPC' })
    await expectShut(t)
  })

  it('a full disk (ENOSPC) when a wrong try is counted: nothing is checked, and it stays locked', async () => {
    const t = await startOver(async () => {})
    disk.fault = (op, name) => (op === 'write' && isTmp(name) ? 'ENOSPC' : null)
    const tried = await t.call('lock.unlock', { passphrase: PASS })
    expect(tried.ok).toBe(false)
    expect(ok<LockStatus>(await t.call('lock.status')).locked).toBe(true)
    expect(await t.call('wallets.list')).toMatchObject({ error: { code: 'locked' } })
  })
})

describe('a start that fails past the files', () => {
  it('nwc.sqlite that cannot be opened, the last step: still locked, and a payment arriving names no amount', async () => {
    const t = await startOver(async (dir) => {
      // the person allowed amounts in notifications while locked: a failed start overrides that
      await editSettings(dir, (json) => {
        const settings = json.settings as { lock: object }
        return { ...json, settings: { ...settings, lock: { ...settings.lock, notifyAmounts: true } } }
      })
      await mkdir(join(dir, 'nwc.sqlite'))
    })
    expect(t.failed).toMatchObject({ code: 'EISDIR' })
    await expectShut(t)
    const before = shown.length
    await sim.control.payInbound(w.id, 4_321, 'rent for 9876')
    t.app.sync.onResume()
    await vi.waitFor(() => expect(shown.length).toBeGreaterThan(before), { timeout: 20_000 })
    expect(JSON.stringify(shown.slice(before).map((n) => [n.title, n.body]))).not.toMatch(/4,?321|9876/)
  })

  it('a keychain that throws as the start asks it: the app stays locked whatever is typed', async () => {
    const broken: SecretStore = {
      ...keys,
      available: async () => {
        throw new Error('the keychain daemon went away')
      },
    }
    const t = await startOver(async () => {}, broken)
    expect(t.failed).toBeInstanceOf(Error)
    await expectShut(t)
  })

  it('a profile without a passphrase refuses everything too: its spending limits were not read', async () => {
    const t = await startOver(async (dir) => {
      await editSettings(dir, (json) => ({ ...json, lock: null }))
      await rm(join(dir, 'spending.json'))
      await mkdir(join(dir, 'spending.json'))
    })
    expect(t.failed).toMatchObject({ code: 'EISDIR' })
    expect(ok<LockStatus>(await t.call('lock.status'))).toMatchObject({ set: false, locked: true })
    expect(await t.call('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
    expect(
      await t.call('pay.lightningAddress', {
        ...{ walletId: w.id, address: 'alice@sim.example', amountMsat: 10_000, requestId: 'req-closed-nolock' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'locked' } })
    expect((await t.call('lock.unlock', { passphrase: 'anything at all' })).ok).toBe(false)
    expect(await t.call('wallets.list')).toMatchObject({ ok: false, error: { code: 'locked' } })
  })
})
