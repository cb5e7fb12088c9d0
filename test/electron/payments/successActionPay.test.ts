// A lightning address's success action through the whole app over HTTP on loopback: the simulator
// hands back what the payee's server answered, and the receipt carries it checked, decrypted, or
// not at all when it is hostile (the payment paid all the same).
import type { PaymentView } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../simulator/bolt11'
import { type ConnectedApp, startConnectedApp } from '../ipc/appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Everyday', balanceSat: 50_000 })
})
afterAll(() => t.close())

let n = 0
async function payTo(successAction: unknown): Promise<PaymentView> {
  const address = `shop${++n}@sim.example`
  t.sim.control.addRecipient({
    address,
    description: 'Shop',
    minSendableMsat: 1000,
    maxSendableMsat: 10_000_000,
    commentAllowed: 0,
    successAction,
  })
  return t.call<PaymentView>('pay.lightningAddress', {
    walletId: t.w.id,
    address,
    amountMsat: 21_000,
    requestId: `req-success-${n}`,
  })
}

describe('the receipt of a lightning-address payment', () => {
  it('carries a message', async () => {
    const p = await payTo({ tag: 'message', message: 'Thank you! Order #12 is on its way.' })
    expect(p.successAction).toEqual({ kind: 'message', message: 'Thank you! Order #12 is on its way.' })
    expect(sha256Hex(p.preimage as string)).toBe(p.paymentHash)
  })

  it('carries a link with its description', async () => {
    const p = await payTo({ tag: 'url', description: 'Your ticket', url: 'https://tickets.example/t/12' })
    expect(p.successAction).toEqual({ kind: 'url', description: 'Your ticket', url: 'https://tickets.example/t/12' })
  })

  it('carries an aes secret decrypted with the preimage', async () => {
    const p = await payTo({ tag: 'aes', description: 'Door code', plaintext: '4711#' })
    expect(p.successAction).toEqual({ kind: 'aes', description: 'Door code', text: '4711#' })
  })

  it('drops a hostile action and the payment stays paid', async () => {
    for (const hostile of [
      { tag: 'url', description: 'Click', url: 'javascript:alert(1)' },
      { tag: 'message', message: 'x'.repeat(145) },
      { tag: 'message', message: { html: '<b>hi</b>' } },
    ]) {
      const p = await payTo(hostile)
      expect(p.successAction).toBeUndefined()
      expect(p.amountMsat).toBe(21_000)
      expect(t.app.journal().get(`req-success-${n}`)).toMatchObject({ state: 'paid' })
    }
  })

  it('has none when the payee gives none', async () => {
    const p = await payTo(undefined)
    expect(p.successAction).toBeUndefined()
    expect(p.preimage).toMatch(/^[0-9a-f]{64}$/)
  })
})
