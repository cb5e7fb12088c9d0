// The app's one emitter: while developing and in tests a payload the contract does not allow
// throws where it is made; a packaged app passes it on unchecked; a failing listener is logged.
import type { EventName } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import { createEmitter } from '../../../electron/main/app/emit'

function setup(check: boolean, to?: () => void) {
  const sent: Array<{ event: EventName; payload: unknown }> = []
  const warned: string[] = []
  const emit = createEmitter({
    to: to ?? ((event, payload) => sent.push({ event, payload })),
    check,
    log: { warn: (msg) => warned.push(msg) },
  })
  return { emit, sent, warned }
}

describe('createEmitter', () => {
  it('passes a payload that matches the contract', () => {
    const { emit, sent } = setup(true)
    const down = { state: 'offline', reason: null, message: 'down' } as const
    emit('connection', down)
    expect(sent).toEqual([{ event: 'connection', payload: down }])
  })

  it('checking: throws on a payload off the contract, naming the event and the field, and sends nothing', () => {
    const { emit, sent } = setup(true)
    expect(() => emit('connection', { state: 'yes', reason: null, message: null } as never)).toThrow(
      /event 'connection' does not match the contract: state: /,
    )
    expect(() => emit('wallets.updated', { wallets: [{ id: '' }] } as never)).toThrow(/wallets\.0\./)
    expect(sent).toEqual([])
  })

  it('not checking (a packaged app): the payload goes as it is', () => {
    const { emit, sent } = setup(false)
    emit('connection', { state: 'yes' } as never)
    expect(sent).toEqual([{ event: 'connection', payload: { state: 'yes' } }])
  })

  it('a listener that throws is logged, never thrown at the sender', () => {
    const { emit, warned } = setup(true, () => {
      throw new Error('window gone')
    })
    expect(() => emit('notice', { level: 'info', message: 'hi' })).not.toThrow()
    expect(warned).toEqual(['an event listener failed'])
  })
})
