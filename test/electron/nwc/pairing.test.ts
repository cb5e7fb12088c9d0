// One-tap pairing by Nostr Wallet Auth (docs/nwc.md): @getalby/sdk's NWAClient makes its own key
// and a nostr+walletauth:// link, and listens on the relay. Nothing reaches the relay from the app
// until the connection is made (counted at the relay); then the app's info event, tagged to the
// client's key with the state it asked with, is the answer, and the client it hands over reads the
// balance and the budget it asked for. The real keychain, the simulator over HTTP, a real relay.
import { NWAClient, type NWCClient } from '@getalby/sdk/nwc'
import type { NwcConnectionView } from '@shared/contract/nwc'
import { parsePairingLink, type WalletAuthRequest } from '@shared/nwc/pairing'
import { describe, expect, it } from 'vitest'
import { until, withNwcWorld } from './harness'

const world = withNwcWorld()
const STATE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

describe('nostr+walletauth:// pairing', () => {
  it('sends nothing before the approval, then answers on the relay; the client can use the connection', async () => {
    const t = world()
    const nwa = new NWAClient({
      relayUrls: [t.relay.url],
      requestMethods: ['get_balance', 'get_info', 'pay_invoice'],
      name: 'Zapper',
      maxAmount: 2_000_000,
      budgetRenewal: 'daily',
    })
    const req = parsePairingLink(nwa.connectionUri) as WalletAuthRequest
    expect(req.kind).toBe('walletauth')
    let client: NWCClient | null = null
    const sub = await nwa.subscribe({ onSuccess: (c) => (client = c) })
    await until(() => t.relay.subscribed(13194))
    // the link read, the client listening: nothing from the app at the relay
    expect(t.relay.published).toHaveLength(0)

    const made = await t.call<{ connection: NwcConnectionView; uri?: string }>('nwc.create', {
      name: req.name,
      walletId: t.w.id,
      budgetSat: (req.maxAmountMsat ?? 0) / 1000,
      period: req.period,
      methods: req.requestMethods,
      pairing: { clientPubkey: req.clientPubkey, relay: req.relays[0], state: STATE },
    })
    // the client holds its own key: no connection string is made
    expect(made.uri).toBeUndefined()
    expect(made.connection).toMatchObject({ name: 'Zapper', relay: t.relay.url, budgetSat: 2_000, period: 'daily' })
    // the info event goes out after the connection is stored; wait for it at the relay
    await until(() => t.relay.published.some((e) => e.kind === 13194), 15_000)
    const info = t.relay.published.find((e) => e.kind === 13194)
    expect(info?.tags).toEqual(
      expect.arrayContaining([
        ['p', req.clientPubkey],
        ['state', STATE],
        ['extensions', '08'],
      ]),
    )

    await until(() => client !== null, 15_000)
    const paired = client as unknown as NWCClient
    expect(paired.walletPubkey).toBe(info?.pubkey)
    expect((await paired.getBalance()).balance).toBe(t.sim.control.balanceMsat(t.w.id))
    const budget = await paired.getBudget()
    expect(budget).toMatchObject({ total_budget: 2_000_000, used_budget: 0, renewal_period: 'daily' })
    sub.unsub()
    paired.close()
    nwa.close()
  }, 40_000)

  it('refuses to pair the same app key twice while its connection lives', async () => {
    const t = world()
    const nwa = new NWAClient({ relayUrls: [t.relay.url], requestMethods: ['get_info'] })
    const req = parsePairingLink(nwa.connectionUri) as WalletAuthRequest
    const input = {
      name: 'Twice',
      walletId: t.w.id,
      budgetSat: 0,
      period: 'never',
      methods: ['get_info'],
      pairing: { clientPubkey: req.clientPubkey, relay: req.relays[0] },
    }
    await t.call('nwc.create', input)
    const again = await t.app.router.handle('nwc.create', input)
    expect(again.ok).toBe(false)
    if (!again.ok) expect(again.error.code).toBe('invalid_input')
    nwa.close()
  }, 30_000)
})

describe('nostrnwc://connect pairing', () => {
  it("hands the string back through the app's callback once made, and only then", async () => {
    const t = world()
    const req = parsePairingLink('nostrnwc://connect?appname=Podcasts&callback=podapp%3A%2F%2Fnwc%3Fx%3D1')
    if (req?.kind !== 'nostrnwc') throw new Error('not read')
    expect(t.callbacks).toEqual([])
    const made = await t.connect({ name: req.name, callback: req.callback, methods: ['get_balance'] })
    expect(t.callbacks).toEqual([`podapp://nwc?x=1&value=${encodeURIComponent(made.uri)}`])
    // the string handed back works
    expect((await t.client(made.uri).getBalance()).balance).toBe(t.sim.control.balanceMsat(t.w.id))
  }, 30_000)

  it.each(['https://evil.example/take', 'file:///tmp/x', 'javascript:alert(1)'])(
    'refuses a callback to %s: nothing made, nothing opened',
    async (callback) => {
      const t = world()
      const before = (await t.call<{ connections: unknown[] }>('nwc.list')).connections.length
      const r = await t.app.router.handle('nwc.create', {
        ...{ name: 'X', walletId: t.w.id, budgetSat: 0, period: 'never', methods: ['get_info'] },
        callback,
      })
      expect(r.ok).toBe(false)
      expect((await t.call<{ connections: unknown[] }>('nwc.list')).connections).toHaveLength(before)
      expect(t.callbacks.some((u) => u.startsWith(callback))).toBe(false)
    },
  )
})
