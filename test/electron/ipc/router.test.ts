import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LOCK, OP_NAMES } from '@shared/contract'
import { AppError } from '@shared/errors'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createRouter, type Handlers } from '../../../electron/main/ipc/router'
import { createLogger } from '../../../electron/main/log'
import { type Journal, openJournal } from '../../../electron/main/services/payments'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
/** a real journal file in a folder of its own: the money guard's record lives there */
function journalIn(dir = mkdtempSync(join(tmpdir(), 'lt-router-'))): Journal {
  dirs.push(dir)
  return openJournal({ dir })
}

const payment = { txId: 'wtx_1', amountMsat: 1000, feeMsat: 0, preimage: null, paymentHash: null, createdAt: 1 }
const payInput = (requestId = 'req-00000001') => ({
  walletId: 'wal_1',
  address: 'alice@sim.example',
  amountMsat: 1000,
  requestId,
})

function setup(
  overrides: Partial<Record<string, (input: never) => Promise<unknown>>> = {},
  journal: () => Journal = (() => {
    const j = journalIn()
    return () => j
  })(),
) {
  const calls: string[] = []
  const lines: string[] = []
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name: string) => async (input: never) => {
      calls.push(name)
      const o = overrides[name]
      if (o) return o(input)
      throw new Error(`no handler for ${name}`)
    },
  })
  const router = createRouter(handlers, {
    isTrustedSender: (s) => s === undefined || s.trusted,
    log: createLogger({ sink: (l) => lines.push(l) }),
    operations: () => journal().operations,
  })
  return { router, calls, lines, journal }
}

describe('router', () => {
  it('answers every contract operation with an envelope (a handler error becomes internal)', async () => {
    const { router } = setup()
    for (const name of OP_NAMES) {
      const r = await router.handle(name, {})
      expect(r.ok).toBe(false)
    }
  })

  it('refuses unknown names, including prototype keys', async () => {
    const { router, calls } = setup()
    for (const name of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'app.info ']) {
      expect(await router.handle(name, {})).toEqual({
        ok: false,
        error: { code: 'invalid_input', message: 'Unknown operation.', retryable: false },
      })
    }
    expect(await router.handle(42 as unknown as string, {})).toMatchObject({ ok: false })
    expect(calls).toEqual([])
  })

  it('refuses an untrusted sender before anything else', async () => {
    const { router, calls, lines } = setup({ 'settings.get': async () => ({}) })
    const r = await router.handle('settings.get', {}, { trusted: false, url: 'https://evil.example/' })
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(calls).toEqual([])
    expect(lines.join('\n')).toContain('untrusted sender')
  })

  it('validates input with a human message and never calls the handler', async () => {
    const { router, calls } = setup()
    const r = await router.handle('invoices.create', { walletId: 'wal_1', amountSat: 0, memo: '' })
    expect(r).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'amountSat: Enter an amount above zero.', retryable: false },
    })
    expect(calls).toEqual([])
  })

  it('passes AppErrors through and hides other errors as internal', async () => {
    const { router, lines } = setup({
      'wallets.list': async () => {
        throw new AppError('not_connected', 'Connect an account first.', { retryable: false })
      },
      'settings.get': async () => {
        throw new TypeError('boom at /secret/path')
      },
    })
    expect(await router.handle('wallets.list', undefined)).toEqual({
      ok: false,
      error: { code: 'not_connected', message: 'Connect an account first.', retryable: false },
    })
    const r = await router.handle('settings.get', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(r)).not.toContain('boom')
    expect(lines.some((l) => l.includes('boom'))).toBe(true)
  })

  it('checks the output: a handler answering off-contract is an internal error', async () => {
    const { router } = setup({ 'settings.get': async () => ({ theme: 'pink', secretKey: 'sak_x' }) })
    const r = await router.handle('settings.get', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } })
  })

  it('strips keys the contract does not name from outputs', async () => {
    const { router } = setup({
      'settings.get': async () => ({
        pollIntervalSec: 15,
        notifications: true,
        theme: 'dark',
        fiat: { enabled: true, currency: 'USD', apiKey: 'sak_y' },
        trayTotal: true,
        shortcut: '',
        openAtLogin: false,
        offerClipboard: true,
        hideBalances: false,
        lock: { ...DEFAULT_LOCK, passphrase: 'never sent' },
        historyPerPage: 25,
        apiKey: 'sak_x',
      }),
    })
    expect(await router.handle('settings.get', {})).toEqual({
      ok: true,
      value: {
        pollIntervalSec: 15,
        notifications: true,
        theme: 'dark',
        fiat: { enabled: true, currency: 'USD' },
        trayTotal: true,
        shortcut: '',
        openAtLogin: false,
        offerClipboard: true,
        hideBalances: false,
        lock: DEFAULT_LOCK,
        historyPerPage: 25,
      },
    })
  })
})

describe('double-click guard', () => {
  it('a second call with the same requestId is busy while the first runs, then gets the same result', async () => {
    let release: (v: unknown) => void = () => {}
    let count = 0
    const { router } = setup({
      'pay.lightningAddress': () => {
        count++
        return new Promise((r) => {
          release = r
        })
      },
    })
    const first = router.handle('pay.lightningAddress', payInput())
    await vi.waitFor(() => expect(count).toBe(1)) // the first is running

    expect(await router.handle('pay.lightningAddress', payInput())).toMatchObject({
      ok: false,
      error: { code: 'busy', retryable: true },
    })
    release(payment)
    const r1 = await first
    expect(r1).toEqual({ ok: true, value: payment })
    expect(await router.handle('pay.lightningAddress', payInput())).toEqual(r1)
    expect(count).toBe(1)
    // A new intent (new requestId) pays again.
    const second = router.handle('pay.lightningAddress', payInput('req-00000002'))
    release(payment)
    expect((await second).ok).toBe(true)
    expect(count).toBe(2)
  })

  it('a failed attempt is answered the same again (the person starts a new intent to retry)', async () => {
    let count = 0
    const { router } = setup({
      'withdraw.create': async () => {
        count++
        throw new AppError('unknown_outcome', 'maybe')
      },
    })
    const input = { walletId: 'wal_1', amountSat: 10, requestId: 'req-abcdefgh' }
    const a = await router.handle('withdraw.create', input)
    const b = await router.handle('withdraw.create', input)
    expect(a).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    expect(b).toEqual(a)
    expect(count).toBe(1)
  })

  it('refuses a reused requestId with a different payment', async () => {
    const { router } = setup({ 'pay.lightningAddress': async () => payment })
    await router.handle('pay.lightningAddress', payInput())
    const r = await router.handle('pay.lightningAddress', { ...payInput(), amountMsat: 999_000 })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('keeps every finished result: the oldest request id after 300 others is answered, not run again', async () => {
    let count = 0
    const { router } = setup({
      'pay.lightningAddress': async () => {
        count++
        return { ...payment, txId: `wtx_${count}` }
      },
    })
    const first = await router.handle('pay.lightningAddress', payInput('req-bound-0'))
    for (let i = 1; i <= 300; i++) await router.handle('pay.lightningAddress', payInput(`req-bound-${i}`))
    expect(count).toBe(301)
    expect(await router.handle('pay.lightningAddress', payInput('req-bound-0'))).toEqual(first)
    expect(first).toMatchObject({ ok: true, value: { txId: 'wtx_1' } })
    expect(count).toBe(301)
  })

  it('a new router over the same journal (a restart) answers the first result and runs nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-router-'))
    let count = 0
    const handler = async () => {
      count++
      return payment
    }
    const one = journalIn(dir)
    const before = setup({ 'pay.lightningAddress': handler }, () => one)
    const first = await before.router.handle('pay.lightningAddress', payInput())
    one.close()
    const two = journalIn(dir)
    const after = setup({ 'pay.lightningAddress': handler }, () => two)
    expect(await after.router.handle('pay.lightningAddress', payInput())).toEqual(first)
    expect(await after.router.handle('pay.lightningAddress', { ...payInput(), amountMsat: 2000 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    })
    expect(count).toBe(1)
    two.close()
  })

  it('one left started (the app stopped while it ran) is an unknown outcome with where to look, never run', async () => {
    const journal = journalIn()
    const input = { walletId: 'wal_1', amountSat: 10, requestId: 'req-crashed-1' }
    // the first process never hears back: its record stays `started`, as a kill would leave it
    const stopped = setup({ 'withdraw.create': () => new Promise(() => {}) }, () => journal)
    void stopped.router.handle('withdraw.create', input)
    await vi.waitFor(() => expect(stopped.calls).toEqual(['withdraw.create'])) // its record is started
    const { router, calls } = setup({ 'withdraw.create': async () => ({}) }, () => journal)
    const r = await router.handle('withdraw.create', input)
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_outcome', retryable: false } })
    expect(r.ok ? '' : r.error.message).toContain('withdraw links on Withdraw')
    expect(calls).toEqual([])
    expect(stopped.calls).toEqual(['withdraw.create'])
  })

  // a record damaged, as a bad disk or an older app's file could leave it: the answer stored, or
  // the record itself (its fingerprint) no longer reads
  it.each([
    ['a stored answer that no longer reads', 'UPDATE operations SET result = \'{"ok":true,"value":{"txId":5}}\''],
    ['a record that no longer reads at all', "UPDATE operations SET state = 'done', fingerprint = ''"],
  ])('%s is an unknown outcome, never a second run nor "nothing was sent"', async (_what, damage) => {
    const journal = journalIn()
    const { router, calls } = setup({ 'pay.lightningAddress': async () => payment }, () => journal)
    await router.handle('pay.lightningAddress', payInput())
    const { DatabaseSync } = await import('node:sqlite')
    const db = new DatabaseSync(journal.path)
    db.prepare(damage).run()
    db.close()
    expect(await router.handle('pay.lightningAddress', payInput())).toMatchObject({
      ok: false,
      error: { code: 'unknown_outcome' },
    })
    expect(calls).toEqual(['pay.lightningAddress'])
  })

  it('when the record cannot be written, nothing runs', async () => {
    const { router, calls } = setup({ 'pay.lightningAddress': async () => payment }, () => {
      throw new Error('disk full')
    })
    const r = await router.handle('pay.lightningAddress', payInput())
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(r.ok ? '' : r.error.message).toContain('nothing was sent')
    expect(calls).toEqual([])
  })

  it("a new wallet's access keys are answered once and never kept: the repeat answers without them", async () => {
    const journal = journalIn()
    const made = { walletId: 'wal_9', label: 'Gifts', keys: [{ role: 'Wallet Admin', keys: ['waka_secretKey123'] }] }
    const { router, calls } = setup({ 'wallets.create': async () => made }, () => journal)
    const input = { name: 'Gifts', showKeys: true, requestId: 'req-wallet-1' }
    expect(await router.handle('wallets.create', input)).toEqual({ ok: true, value: made })
    expect(await router.handle('wallets.create', input)).toEqual({ ok: true, value: { ...made, keys: null } })
    expect(calls).toEqual(['wallets.create'])
    const { readFileSync, existsSync } = await import('node:fs')
    for (const f of [journal.path, `${journal.path}-wal`].filter((p) => existsSync(p)))
      expect(readFileSync(f, 'latin1').includes('waka_secretKey123')).toBe(false)
  })

  it('a bug after a payment ran reads as unknown outcome, never as "try again"', async () => {
    const { router } = setup({
      'pay.lightningAddress': async () => ({ ...payment, amountMsat: -1 }), // breaks the contract
      'withdraw.create': async () => {
        throw new TypeError('boom')
      },
      'wallets.list': async () => ({ wallets: 'nope' }),
    })
    const paid = await router.handle('pay.lightningAddress', payInput('req-broken-1'))
    expect(paid).toMatchObject({ ok: false, error: { code: 'unknown_outcome', retryable: false } })
    const minted = await router.handle('withdraw.create', {
      walletId: 'wal_1',
      amountSat: 5,
      requestId: 'req-broken-2',
    })
    expect(minted).toMatchObject({ ok: false, error: { code: 'unknown_outcome' } })
    // an operation that moves nothing still says "try again"
    expect(await router.handle('wallets.list', {})).toMatchObject({ ok: false, error: { code: 'internal' } })
  })
})
