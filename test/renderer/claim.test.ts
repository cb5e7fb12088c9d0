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
const offer: ClaimOffer = { lnurl: LNURL, host: 'sats.example', description: 'Gift', minSat: 1, maxSat: 3000 }
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
    expect(useSend.getState().probeError?.message).toBe('No such user')
    expect(fake.callsOf('claim.read')).toHaveLength(1)
  })
})
