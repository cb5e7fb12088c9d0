// The clipboard offer's banner: the question names a lightning address, or a link's host, but not
// a long invoice or link; Pay (the press after that question) goes to Send prefilled and looked up
// (Claim for a withdraw link), and either button removes it.
import { encodeLnurl } from '@shared/lnurl'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { ClipboardOfferBanner } from '../../renderer/src/components/ClipboardOfferBanner'
import { offerQuestion, useClipboardOffer } from '../../renderer/src/stores/clipboardOffer'
import { useUi } from '../../renderer/src/stores/ui'
import { BOLT11_SPEC } from '../shared/fixtures/bolt11Spec'

beforeEach(() => {
  useClipboardOffer.setState({ offer: null })
  useUi.setState({ screen: { to: 'home' } })
})

test('the question says what is on the clipboard', () => {
  expect(offerQuestion({ kind: 'invoice', value: BOLT11_SPEC.coffee60s })).toBe('Pay the invoice on your clipboard?')
  expect(offerQuestion({ kind: 'address', value: 'alice@example.com' })).toBe(
    'Pay alice@example.com from your clipboard?',
  )
  expect(offerQuestion({ kind: 'address', value: 'LNURL1DP68GURN8GHJ7', host: 'pay.example' })).toBe(
    'Pay the link to pay.example on your clipboard?',
  )
  expect(offerQuestion({ kind: 'withdraw', value: 'lnurl1x', host: '127.0.0.1:8080' })).toBe(
    'Claim the withdraw link from 127.0.0.1:8080 on your clipboard?',
  )
})

// (the banner's region, its buttons and its fit at 360 px are checked in Chromium:
// test/e2e/journeys/clipboardOffer.test.ts)
test('no banner without an offer', () => {
  expect(renderToString(<ClipboardOfferBanner />)).toBe('')
})

test('Pay opens Send prefilled, or Claim for a withdraw link; Dismiss only removes the offer', async () => {
  useClipboardOffer.getState().show({ kind: 'invoice', value: BOLT11_SPEC.coffee60s })
  await useClipboardOffer.getState().pay()
  expect(useUi.getState().screen).toEqual({ to: 'send', address: BOLT11_SPEC.coffee60s, lookUp: true })
  expect(useClipboardOffer.getState().offer).toBeNull()

  const lnurl = encodeLnurl('https://service.example/withdraw?tag=withdrawRequest&k1=abc')
  useClipboardOffer.getState().show({ kind: 'withdraw', value: lnurl })
  await useClipboardOffer.getState().pay()
  expect(useUi.getState().screen).toMatchObject({ to: 'claim' })

  useUi.setState({ screen: { to: 'home' } })
  useClipboardOffer.getState().show({ kind: 'address', value: 'alice@example.com' })
  useClipboardOffer.getState().dismiss()
  expect(useClipboardOffer.getState().offer).toBeNull()
  expect(useUi.getState().screen).toEqual({ to: 'home' })
})
