// The claim store against a fake `window.wallet`: the offer is read once per link, a claim runs
// once however often "Claim" is pressed, its invoice joins the invoices the app follows, and an
// LNURL that does not say what it is reaches Claim from Send when it offers sats.
import type { ClaimOffer, ClaimResult, PendingInvoice } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { beforeEach, describe, expect, test } from 'vitest'
import { useClaim } from '../../renderer/src/stores/claim'
import { useInvoices } from '../../renderer/src/stores/invoices'
import { useSend } from '../../renderer/src/stores/send'
import { useUi } from '../../renderer/src/stores/ui'
import { installFakeWallet } from './fakeWallet'

const initial = { claim: useClaim.getState(), invoices: useInvoices.getState(), send: useSend.getState() }
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useClaim.setState(initial.claim, true)
  useInvoices.setState(initial.invoices, true)
  useSend.setState(initial.send, true)
  useUi.setState({ screen: { to: 'home' } })
})

const LNURL = encodeLnurl('https://sats.example/w/1')
const offer: ClaimOffer = {
  lnurl: LNURL,
  host: 'sats.example',
  description: 'Gift',
  minSat: 1,
  maxSat: 3000,
  callbackHost: 'sats.example',
  callbackRange: null,
}
const invoice: PendingInvoice = {
  id: 'lntx_1',
  walletId: 'w1',
  accountId: 'acc',
  amountSat: 1000,
  memo: 'Gift',
  paymentRequest: 'lnbc1…',
  paymentHash: 'h',
  createdAt: 1,
  expiresAt: 9_999_999_999,
  status: 'paid',
  settledAt: 2,
}
const result: ClaimResult = { outcome: 'accepted', message: null, offer, invoice }

describe('claim store', () => {
  test('three presses while a claim runs send one claim; none after it is done', async () => {
    fake.ok('claim.read', offer)
    await useClaim.getState().open(LNURL)
    const release = fake.deferred('claim.run')
    const presses = [1, 2, 3].map(() => useClaim.getState().claim({ walletId: 'w1', amountSat: 1000 }))
    expect(useClaim.getState().claiming).toBe(true)
    release({ ok: true, value: result })
    await Promise.all(presses)
    await useClaim.getState().claim({ walletId: 'w1', amountSat: 1000 })
    const runs = fake.callsOf('claim.run')
    expect(runs).toHaveLength(1)
    expect(runs[0]?.input).toMatchObject({ lnurl: LNURL, walletId: 'w1', amountSat: 1000 })
    expect((runs[0]?.input as { requestId?: string } | undefined)?.requestId?.length).toBeGreaterThanOrEqual(8)
    expect(useClaim.getState().result).toEqual(result)
    expect(useInvoices.getState().byId.lntx_1).toEqual(invoice)
  })

  test('a refusal is kept to show, and the next press is a new claim', async () => {
    fake.ok('claim.read', offer)
    await useClaim.getState().open(LNURL)
    fake.fail('claim.run', 'lnurl_error', 'sats.example refuses: “Come back tomorrow”.')
    await useClaim.getState().claim({ walletId: 'w1', amountSat: 10 })
    expect(useClaim.getState().error?.message).toBe('sats.example refuses: “Come back tomorrow”.')
    fake.ok('claim.run', result)
    await useClaim.getState().claim({ walletId: 'w1', amountSat: 10 })
    const ids = fake.callsOf('claim.run').map((c) => (c.input as { requestId: string }).requestId)
    expect(ids).toHaveLength(2)
    expect(ids[0]).not.toBe(ids[1])
  })

  test('Send: an LNURL of unknown kind the service cannot look up opens Claim when it offers sats', async () => {
    fake.fail('lnurl.probe', 'service_error', 'Invalid Address / LNURL')
    fake.ok('claim.read', offer)
    await useSend.getState().probe(LNURL)
    expect(useUi.getState().screen).toEqual({ to: 'claim', lnurl: LNURL })
    expect(useClaim.getState().offer).toEqual(offer)
    expect(useSend.getState().probeStatus).toBe('idle')
    // a lightning address that fails is said as it was: no withdraw link is asked for
    fake.fail('lnurl.probe', 'lnurl_error', 'No such user')
    await useSend.getState().probe('bob@sats.example')
    expect(useSend.getState().formError?.message).toBe('No such user')
    expect(fake.callsOf('claim.read')).toHaveLength(1)
  })

  test('Send: the link’s own refusal is said, not the service’s failed look-up (N2)', async () => {
    fake.fail('lnurl.probe', 'lnurl_error', 'Nothing that takes payments was found at that address or link.')
    fake.fail('claim.read', 'lnurl_error', 'This withdraw link has expired (sats.example says: “expired”).')
    await useSend.getState().probe(LNURL)
    expect(useSend.getState().formError?.message).toBe('This withdraw link has expired (sats.example says: “expired”).')
    expect(useUi.getState().screen).toEqual({ to: 'home' })
    // a pay link the service could not use: the service's words stay
    fake.fail('lnurl.probe', 'lnurl_error', 'Nothing that takes payments was found at that address or link.')
    fake.fail('claim.read', 'invalid_input', 'This link asks to be paid; it offers no sats. Use Send to pay it.')
    await useSend.getState().probe(LNURL)
    expect(useSend.getState().formError?.message).toBe('Nothing that takes payments was found at that address or link.')
  })

  test('Send: a link on a private address opens Claim to warn, having asked nothing more', async () => {
    fake.fail('lnurl.probe', 'lnurl_error', 'Nothing that takes payments was found at that address or link.')
    fake.fail('claim.read', 'private_host', '127.0.0.1:9 is on this computer.')
    await useSend.getState().probe(LNURL)
    expect(useUi.getState().screen).toEqual({ to: 'claim', lnurl: LNURL })
    expect(useClaim.getState().readError?.code).toBe('private_host')
    // Claim shows it as it is: not read again on arrival
    useClaim.getState().show(LNURL)
    expect(fake.callsOf('claim.read')).toHaveLength(1)
    fake.ok('claim.read', offer)
    await useClaim.getState().open(LNURL, 'sats.example')
    expect(fake.callsOf('claim.read')[1]?.input).toEqual({ lnurl: LNURL, confirmed: ['sats.example'] })
  })
})

describe('a link from outside asks nobody before a press', () => {
  test('Claim shows a link without reading it; the press reads it, the confirmed hosts go along', async () => {
    useClaim.getState().show(LNURL)
    expect(useClaim.getState()).toMatchObject({ lnurl: LNURL, readStatus: 'idle' })
    expect(fake.calls).toHaveLength(0)
    fake.ok('claim.read', { ...offer, callbackHost: '10.0.0.2', callbackRange: 'private' })
    await useClaim.getState().open(LNURL)
    expect(fake.callsOf('claim.read')[0]?.input).toEqual({ lnurl: LNURL, confirmed: [] })
    useClaim.getState().confirm('10.0.0.2')
    fake.ok('claim.run', result)
    await useClaim.getState().claim({ walletId: 'w1', amountSat: 10 })
    expect(fake.callsOf('claim.run')[0]?.input).toMatchObject({ confirmed: ['10.0.0.2'] })
  })

  test('Send shows an address or LNURL from outside and asks nothing; an invoice is read by the service', async () => {
    await useSend.getState().arrive(LNURL)
    await useSend.getState().arrive('bob@sats.example')
    expect(fake.calls).toHaveLength(0)
    expect(useSend.getState().arrived).toMatchObject({ kind: 'address', host: 'sats.example' })
    expect(useSend.getState().form.input).toBe('bob@sats.example')
    // the clipboard offer's Pay named it already: looked up at once
    fake.ok('lnurl.probe', { address: 'bob@sats.example' })
    await useSend.getState().arrive('bob@sats.example', true)
    expect(fake.callsOf('lnurl.probe')).toHaveLength(1)
  })
})
