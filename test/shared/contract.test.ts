import { DEFAULT_LOCK, EVENT_NAMES, events, OP_NAMES, operations } from '@shared/contract'
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { resultSchema } from './resultSchema'

describe('IPC contract', () => {
  it('has exactly one entry per channel name', () => {
    expect(Object.keys(operations).sort()).toEqual([...OP_NAMES].sort())
    expect(Object.keys(events).sort()).toEqual([...EVENT_NAMES].sort())
  })

  it('refuses a plain-text key with spaces and bad base URLs', () => {
    const connect = operations['accounts.connect'].input
    expect(connect.safeParse({ baseUrl: 'http://127.0.0.1:4100', apiKey: 'sak_abcdefgh' }).success).toBe(true)
    expect(connect.safeParse({ baseUrl: 'ftp://x', apiKey: 'sak_abcdefgh' }).success).toBe(false)
    expect(connect.safeParse({ baseUrl: 'http://x.example', apiKey: 'sak abc defgh' }).success).toBe(false)
  })

  it('keeps payment amounts whole and positive', () => {
    const pay = operations['pay.lightningAddress'].input
    const ok = { walletId: 'wal_1', address: 'a@b.example', amountMsat: 1000, requestId: 'req-12345' }
    expect(pay.safeParse(ok).success).toBe(true)
    for (const amountMsat of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1000']) {
      expect(pay.safeParse({ ...ok, amountMsat }).success, String(amountMsat)).toBe(false)
    }
    expect(pay.safeParse({ ...ok, extra: 1 }).success).toBe(false)
  })

  it('wraps results in the envelope', () => {
    const s = resultSchema(operations['settings.get'].output)
    const fiat = { enabled: true, currency: 'EUR' }
    expect(
      s.safeParse({
        ok: true,
        value: {
          pollIntervalSec: 15,
          notifications: true,
          theme: 'dark',
          fiat,
          trayTotal: true,
          shortcut: '',
          openAtLogin: false,
          offerClipboard: true,
          hideBalances: true,
          lock: DEFAULT_LOCK,
          historyPerPage: 25,
        },
      }).success,
    ).toBe(true)
    expect(s.safeParse({ ok: true, value: { pollIntervalSec: 15, notifications: true, theme: 'dark' } }).success).toBe(
      false,
    )
    const err = new AppError('timeout', 'The service took too long.').toShape()
    expect(err).toEqual({ code: 'timeout', message: 'The service took too long.', retryable: true })
    expect(s.safeParse({ ok: false, error: err }).success).toBe(true)
    expect(s.safeParse({ ok: false, error: { ...err, code: 'nope' } }).success).toBe(false)
  })
})
