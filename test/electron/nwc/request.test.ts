// Reading a request event, on its own: a relay's `since` filter usually keeps stale events away,
// so the service's own age and shape checks are proved here without a relay in front of them, and
// the command read from a body. The signature and seal checks are in gate.test.ts.
import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { describe, expect, it } from 'vitest'
import { commandOf } from '../../../electron/main/services/nwc/command'
import { MAX_AGE_SEC, MAX_SKEW_SEC, readEvent } from '../../../electron/main/services/nwc/request'

const wallet = generateSecretKey()
const app = generateSecretKey()
const NOW = 1_800_000_000
const request = (body: unknown, createdAt = NOW, o: { kind?: number; content?: string } = {}) =>
  finalizeEvent(
    {
      kind: o.kind ?? 23194,
      created_at: createdAt,
      tags: [
        ['p', getPublicKey(wallet)],
        ['encryption', 'nip44_v2'],
      ],
      content: o.content ?? nip44.encrypt(JSON.stringify(body), nip44.getConversationKey(app, getPublicKey(wallet))),
    },
    app,
  )

describe('readEvent', () => {
  it('takes a fresh request', () => {
    expect(readEvent(request({ method: 'get_info' }), NOW)).toHaveProperty('event')
    expect(readEvent(request({ method: 'get_info' }), NOW + MAX_AGE_SEC)).toHaveProperty('event')
  })

  it('refuses one older than the age limit or too far ahead', () => {
    expect(readEvent(request({}), NOW + MAX_AGE_SEC + 1)).toEqual({ drop: 'too old' })
    expect(readEvent(request({}, NOW + MAX_SKEW_SEC + 1), NOW)).toEqual({ drop: 'from the future' })
  })

  it('refuses another kind, a bad shape and an oversized body', () => {
    const e = request({ method: 'get_info' })
    expect(readEvent(request({}, NOW, { kind: 1 }), NOW)).toEqual({ drop: 'malformed' })
    expect(readEvent({ ...e, tags: 'p' }, NOW)).toEqual({ drop: 'malformed' })
    expect(readEvent(null, NOW)).toEqual({ drop: 'malformed' })
    expect(readEvent(request({}, NOW, { content: 'x'.repeat(70_000) }), NOW)).toEqual({ drop: 'malformed' })
  })
})

describe('commandOf', () => {
  const read = (body: unknown) => commandOf(JSON.stringify(body))
  it('reads a known method and its params', () => {
    expect(read({ method: 'pay_invoice', params: { invoice: 'lnbc1' } })).toEqual({
      method: 'pay_invoice',
      params: { invoice: 'lnbc1' },
    })
  })
  it('answers an unknown method NOT_IMPLEMENTED, and a body without one or not JSON OTHER', () => {
    expect(read({ method: 'pay_keysend' })).toMatchObject({ answer: { code: 'NOT_IMPLEMENTED' } })
    expect(read({ params: {} })).toMatchObject({ answer: { code: 'OTHER' } })
    expect(commandOf('not json')).toMatchObject({ answer: { code: 'OTHER' } })
  })
})
