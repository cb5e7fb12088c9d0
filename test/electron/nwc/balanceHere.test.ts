// get_balance answered on the relays' worker (docs/nwc.md, "Speed", "Answered on the worker"): only
// while main has said it needs no check of main's. An account removed takes its connections'
// balances with it, as when main read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type NwcWorld, startNwcWorld, until } from './harness'
import { rawClient } from './rawClient'

let t: NwcWorld
let raw: Awaited<ReturnType<typeof rawClient>>
beforeAll(async () => {
  t = await startNwcWorld()
  const { uri } = await t.connect({ methods: ['get_balance'] })
  await until(() => t.relay.published.some((e) => e.kind === 13194))
  raw = await rawClient(uri, t.logs)
}, 30_000)
afterAll(async () => {
  raw?.close()
  await t?.close()
})

const balance = async () => (await raw.send(raw.make({ method: 'get_balance', params: {} })))[0]
const walletReads = () => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+$/ }).length

describe("get_balance on the relays' worker", () => {
  it('answers with the balance, one read at the service each time', async () => {
    for (let i = 0; i < 3; i++) {
      const n = walletReads()
      expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
      expect(walletReads()).toBe(n + 1)
    }
  })

  it('after its account is removed, no balance is given and the service is not asked', async () => {
    const { activeId } = await t.call<{ activeId: string }>('accounts.list')
    await t.call('accounts.remove', { id: activeId })
    const n = walletReads()
    const a = await balance()
    expect(a?.result).toBeFalsy()
    expect(a?.error?.code).toBeTruthy()
    expect(walletReads()).toBe(n)
  })
})
