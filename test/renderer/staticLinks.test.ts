// The permanent receive links store: one read per wallet, kept; an error kept with a way to retry.
import type { StaticLinkView } from '@shared/contract'
import { beforeEach, describe, expect, test } from 'vitest'
import { linkLimitsText, useStaticLinks } from '../../renderer/src/stores/staticLinks'
import { installFakeWallet } from './fakeWallet'

const initial = useStaticLinks.getState()
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useStaticLinks.setState(initial, true)
})

const link: StaticLinkView = {
  walletId: 'w1',
  lnurl: 'LNURL1DP68GURN8GHJ7',
  uri: 'lightning:LNURL1DP68GURN8GHJ7',
  minSat: 1,
  maxSat: 100_000,
  description: 'Tips',
}

describe('static links', () => {
  test('asks once per wallet, even when asked twice while loading, and keeps the answer', async () => {
    const release = fake.deferred('wallets.staticLink')
    const a = useStaticLinks.getState().load('w1')
    const b = useStaticLinks.getState().load('w1')
    expect(useStaticLinks.getState().byWallet.w1).toEqual({ status: 'loading' })
    release({ ok: true, value: link })
    await Promise.all([a, b])
    await useStaticLinks.getState().load('w1')
    expect(fake.callsOf('wallets.staticLink')).toEqual([{ name: 'wallets.staticLink', input: { walletId: 'w1' } }])
    expect(useStaticLinks.getState().byWallet.w1).toEqual({ status: 'ready', link })
  })

  test('an error is kept per wallet; loading again asks again', async () => {
    fake.fail('wallets.staticLink', 'service_error', 'The service sent an answer the app could not read.')
    await useStaticLinks.getState().load('w2')
    expect(useStaticLinks.getState().byWallet.w2).toMatchObject({
      status: 'error',
      error: { code: 'service_error', message: 'The service sent an answer the app could not read.' },
    })
    fake.ok('wallets.staticLink', { ...link, walletId: 'w2' })
    await useStaticLinks.getState().load('w2')
    expect(useStaticLinks.getState().byWallet.w2).toMatchObject({ status: 'ready', link: { walletId: 'w2' } })
    expect(fake.callsOf('wallets.staticLink')).toHaveLength(2)
  })

  test('limits in words', () => {
    expect(linkLimitsText(link)).toBe('Between 1 sat and 100,000 sats a payment')
    expect(linkLimitsText({ minSat: 5, maxSat: 5 })).toBe('Exactly 5 sats a payment')
  })
})
