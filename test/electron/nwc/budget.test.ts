// get_budget (issue 44, item 2), in Alby Hub's shape, over a daily renewal: the app's clock and the
// simulator's are moved together to a minute before 00:00 UTC and then past it, and the requests
// are signed at the app's time (rawClient). And ten pay_invoice at once against one budget: the
// simulator's books never show more spent than the budget.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type NwcWorld, startNwcWorld } from './harness'
import { rawClient } from './rawClient'

let t: NwcWorld
let offsetMs = 0
const appNow = () => Date.now() + offsetMs
const appSec = () => Math.floor(appNow() / 1000)
/** moves the app's clock and the simulator's by the same whole seconds */
const advance = (sec: number) => {
  offsetMs += sec * 1000
  t.sim.control.clock.advance(sec)
}
beforeAll(async () => {
  t = await startNwcWorld(10_000, undefined, { now: appNow })
}, 30_000)
afterAll(async () => {
  await t?.close()
})

const DAY = 86_400
/** what left the wallet (amounts and fees) by the simulator's own books, in msat */
const balance = () => t.sim.control.balanceMsat(t.w.id)

it('tells the used and total budget, and renews it at 00:00 UTC', async () => {
  const midnight = (Math.floor(Date.now() / 1000 / DAY) + 1) * DAY
  advance(midnight - 60 - appSec())
  const made = await t.connect({ budgetSat: 1000, period: 'daily' })
  const raw = await rawClient(made.uri, t.logs)
  const ask = async (method: string, params: Record<string, unknown> = {}) => {
    const [a] = await raw.send(raw.make({ method, params }, { createdAt: appSec() }))
    return a
  }
  expect((await ask('get_budget'))?.result).toEqual({
    used_budget: 0,
    total_budget: 1_000_000,
    renews_at: midnight,
    renewal_period: 'daily',
  })
  const paid = await ask('pay_invoice', { invoice: t.sim.control.outsideInvoice(300, 'before midnight') })
  expect(paid?.error).toBeNull()
  const fee = paid?.result?.fees_paid as number
  expect((await ask('get_budget'))?.result).toMatchObject({ used_budget: 300_000 + fee, renews_at: midnight })

  advance(120)
  // a new connection serves the relays again, with the moved clock (the worker keeps its offset)
  await t.connect({ name: 'Clock', methods: ['get_info'] })
  expect((await ask('get_budget'))?.result).toEqual({
    used_budget: 0,
    total_budget: 1_000_000,
    renews_at: midnight + DAY,
    renewal_period: 'daily',
  })
  raw.close()
}, 40_000)

it('is neither announced nor served to a connection that may not pay', async () => {
  const made = await t.connect({ name: 'Reader', methods: ['get_balance', 'get_info'] })
  const raw = await rawClient(made.uri, t.logs)
  const [info] = await raw.send(raw.make({ method: 'get_info', params: {} }, { createdAt: appSec() }))
  expect(info?.result?.methods).toEqual(['get_balance', 'get_info'])
  // as the info event: snstr's client reads a get_info without it as NIP-04 only
  expect(info?.result?.encryption).toEqual(['nip44_v2', 'nip04'])
  const [a] = await raw.send(raw.make({ method: 'get_budget', params: {} }, { createdAt: appSec() }))
  expect(a?.error?.code).toBe('RESTRICTED')
  raw.close()
}, 20_000)

it('pays ten at once within the budget and never past it (the simulator’s books)', async () => {
  const made = await t.connect({ name: 'Racer', budgetSat: 1000, period: 'never' })
  const raw = await rawClient(made.uri, t.logs)
  const before = balance()
  const asks = Array.from({ length: 10 }, (_, i) =>
    raw.make(
      { method: 'pay_invoice', params: { invoice: t.sim.control.outsideInvoice(240, `race ${i}`) } },
      { createdAt: appSec() },
    ),
  )
  const answers = (await Promise.all(asks.map((e) => raw.send(e)))).map(([a]) => a)
  const paid = answers.filter((a) => a?.result)
  const refused = answers.filter((a) => a?.error?.code === 'QUOTA_EXCEEDED')
  // 240 sats with a 1-sat fee cap: four fit in 1,000 sats, a fifth does not
  expect([paid.length, refused.length]).toEqual([4, 6])
  const spent = before - balance()
  const fees = paid.reduce((n, a) => n + Number(a?.result?.fees_paid), 0)
  expect(spent).toBe(4 * 240_000 + fees)
  expect(spent).toBeLessThanOrEqual(1_000_000)
  const [b] = await raw.send(raw.make({ method: 'get_budget', params: {} }, { createdAt: appSec() }))
  expect(b?.result).toMatchObject({ used_budget: spent, total_budget: 1_000_000, renewal_period: 'never' })
  expect(b?.result).not.toHaveProperty('renews_at')
  raw.close()
}, 40_000)
