import { DEFAULT_LOCK, OP_NAMES } from '@shared/contract'
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { createRouter, type Handlers } from '../../../electron/main/ipc/router'
import { createLogger } from '../../../electron/main/log'

const payment = { txId: 'wtx_1', amountMsat: 1000, feeMsat: 0, preimage: null, paymentHash: null, createdAt: 1 }
const payInput = (requestId = 'req-00000001') => ({
  walletId: 'wal_1',
  address: 'alice@sim.example',
  amountMsat: 1000,
  requestId,
})

function setup(overrides: Partial<Record<string, (input: never) => Promise<unknown>>> = {}) {
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
    guardSize: 4,
  })
  return { router, calls, lines }
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
    await new Promise((r) => setTimeout(r, 5))
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

  it('keeps a bounded number of finished results', async () => {
    let count = 0
    const { router } = setup({
      'pay.lightningAddress': async () => {
        count++
        return payment
      },
    })
    for (let i = 0; i < 10; i++) await router.handle('pay.lightningAddress', payInput(`req-bound-${i}`))
    expect(count).toBe(10)
    // The newest are remembered (no new call)...
    await router.handle('pay.lightningAddress', payInput('req-bound-9'))
    expect(count).toBe(10)
    // ...the oldest were let go (guardSize 4).
    await router.handle('pay.lightningAddress', payInput('req-bound-0'))
    expect(count).toBe(11)
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
