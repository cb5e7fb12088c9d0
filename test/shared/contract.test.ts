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
    const service = { kind: 'service' }
    expect(connect.safeParse({ ...service, baseUrl: 'http://127.0.0.1:4100', apiKey: 'sak_abcdefgh' }).success).toBe(
      true,
    )
    expect(connect.safeParse({ ...service, baseUrl: 'ftp://x', apiKey: 'sak_abcdefgh' }).success).toBe(false)
    expect(connect.safeParse({ ...service, baseUrl: 'http://x.example', apiKey: 'sak abc defgh' }).success).toBe(false)
  })

  it('connects and tests through one input per kind of account, never a mix of two', () => {
    const uri = `nostr+walletconnect://${'ab'.repeat(32)}?relay=wss://relay.example&secret=${'cd'.repeat(32)}`
    const service = { baseUrl: 'https://api.example.com', apiKey: 'sak_abcdefgh' }
    for (const name of ['accounts.connect', 'accounts.test'] as const) {
      const input = operations[name].input
      expect(input.safeParse({ kind: 'service', ...service }).success, name).toBe(true)
      expect(input.safeParse({ kind: 'nwc', uri }).success, name).toBe(true)
      // the kind is said: fields alone choose nothing, and one kind's fields do not pass as another's
      expect(input.safeParse(service).success, name).toBe(false)
      expect(input.safeParse({ uri }).success, name).toBe(false)
      expect(input.safeParse({ kind: 'nwc', ...service }).success, name).toBe(false)
      expect(input.safeParse({ kind: 'service', uri }).success, name).toBe(false)
      expect(input.safeParse({ kind: 'nwc', uri, apiKey: 'sak_abcdefgh' }).success, name).toBe(false)
    }
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
