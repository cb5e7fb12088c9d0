import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../electron/main/log'
import { keyHint } from '../../../electron/main/services/accounts'

describe('logger redaction', () => {
  const key = 'sak_9Xk2mQpL0vR7tY4wZ1aB'
  it('hides a registered key in every form it travels in, and key-shaped tokens', () => {
    const lines: string[] = []
    const log = createLogger({ sink: (l) => lines.push(l), now: () => 0 })
    log.addSecret('opaque-secret-without-prefix')
    log.info(`GET http://127.0.0.1/v1/wallets?access-token=${key}&page=1`)
    log.warn('headers', { 'X-Api-Key': key, authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` })
    log.error('failed', { error: new Error(`bad key opaque-secret-without-prefix and ${key}`) })
    log.debug('not shown at info level')
    expect(lines).toHaveLength(3)
    const all = lines.join('\n')
    expect(all).not.toContain(key)
    expect(all).not.toContain(Buffer.from(`${key}:`).toString('base64'))
    expect(all).not.toContain('opaque-secret-without-prefix')
    expect(all).toContain('[redacted]')
    expect(all).toContain('page=1')
    expect(lines[0]).toMatch(/^1970-01-01T00:00:00.000Z INFO GET /)
  })
})

describe('logger redaction of a registered key in any shape', () => {
  it('hides an opaque key, its Basic form anywhere in a line, and in nested fields and errors', () => {
    const lines: string[] = []
    const log = createLogger({ sink: (l) => lines.push(l), now: () => 0 })
    const secret = 'opaque-7f3k2m9q1x'
    const basic = Buffer.from(`${secret}:`).toString('base64')
    log.addSecret(secret)
    log.warn(`upstream said: bad credentials ${basic}`)
    log.error('failed', { request: { headers: { cookie: `k=${secret}` } }, error: new TypeError(`for ${secret}`) })
    log.info(`url http://h/v1/x?token=${encodeURIComponent(secret)}`)
    expect(lines).toHaveLength(3)
    for (const line of lines) {
      expect(line).not.toContain(secret)
      expect(line).not.toContain(basic)
      expect(line).toContain('[redacted]')
    }
  })

  it('ignores secrets too short to be keys (it would blank out ordinary words)', () => {
    const lines: string[] = []
    const log = createLogger({ sink: (l) => lines.push(l), now: () => 0 })
    log.addSecret('abc')
    log.info('abc def')
    expect(lines[0]).toMatch(/INFO abc def$/)
  })
})

describe('keyHint', () => {
  it('shows the prefix and the last four characters only', () => {
    expect(keyHint('sak_abcdefgh9f2c')).toBe('sak_…9f2c')
    expect(keyHint('waka_1234567890')).toBe('waka_…7890')
    expect(keyHint('plainkey12345678')).toBe('…5678')
  })
})
