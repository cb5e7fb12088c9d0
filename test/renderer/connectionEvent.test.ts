// The connection event reaches the UI store (boot routes it): offline and error both take the
// banner with main's words; back online from either, what is on screen is read again.
import { expect, test } from 'vitest'
import { subscribe } from '../../renderer/src/boot'
import { useUi } from '../../renderer/src/stores/ui'
import { installFakeWallet } from './fakeWallet'

test('error and offline set the banner state and words; online from error reloads the wallets', async () => {
  const fake = installFakeWallet()
  const off = subscribe()
  try {
    const refused = 'The service refused this account’s API key.'
    fake.emit('connection', { state: 'error', reason: 'key_refused', message: refused })
    expect(useUi.getState()).toMatchObject({ connection: 'error', connectionMessage: refused })
    fake.emit('connection', { state: 'offline', reason: null, message: 'Cannot be reached.' })
    expect(useUi.getState()).toMatchObject({
      connection: 'offline',
      connectionMessage: 'Cannot be reached.',
    })
    fake.emit('connection', { state: 'error', reason: 'service_error', message: 'Failing.' })
    expect(fake.callsOf('wallets.list')).toEqual([])
    fake.ok('wallets.list', { wallets: [] })
    fake.emit('connection', { state: 'online', reason: null, message: null })
    expect(useUi.getState()).toMatchObject({ connection: 'online', connectionMessage: null })
    await expect.poll(() => fake.callsOf('wallets.list').length).toBe(1)
  } finally {
    off()
  }
})
