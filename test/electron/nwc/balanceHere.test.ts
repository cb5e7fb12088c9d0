// get_balance answered on the relays' worker (docs/nwc.md, "Speed", "Answered on the worker"): only
// while main has said it needs no check of main's. An account removed takes its connections'
// balances with it, as when main read them.
import { describe, expect, it } from 'vitest'
import { withRawClient } from './harness'

const world = withRawClient()
const balance = async () => {
  const { raw } = world()
  return (await raw.send(raw.make({ method: 'get_balance', params: {} })))[0]
}
const walletReads = () => world().t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+$/ }).length

describe("get_balance on the relays' worker", () => {
  it('answers with the balance, one read at the service each time', async () => {
    const { t } = world()
    for (let i = 0; i < 3; i++) {
      const n = walletReads()
      expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
      expect(walletReads()).toBe(n + 1)
    }
  })

  it('after its account is removed, no balance is given and the service is not asked', async () => {
    const { t } = world()
    const { activeId } = await t.call<{ activeId: string }>('accounts.list')
    await t.call('accounts.remove', { id: activeId })
    const n = walletReads()
    const a = await balance()
    expect(a?.result).toBeFalsy()
    expect(a?.error?.code).toBeTruthy()
    expect(walletReads()).toBe(n)
  })
})
