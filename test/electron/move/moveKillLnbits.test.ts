// Moving everything off a service account to an LNbits account, with the app killed between steps
// and started again (moveChild.ts; keys in the real keychain: run under scripts/with-keyring.sh).
// Two simulators on loopback: the service flavor holds the source's three funded wallets and its
// empty one; the LNbits flavor holds the target's wallet. They are peers on one network (the
// service's ledger knows the LNbits one: test/simulator/README.md, "Two simulators"), so an invoice
// the LNbits server made, paid from the service, costs the service's outside routing fee and is
// settled at the LNbits server. At the end each source wallet holds only what the fee left, the
// target holds the sum, and each simulator's books show one payment per wallet.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, MoveView } from '@shared/contract'
import { sendAllMsat } from '@shared/payment/fees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeyName, createKeytarStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import type { LnbitsWallet } from '../../simulator/lnbits'
import { type ChildRun, moveChild, mover, planTarget, simBooks } from './support'

const service = `lightning-tray-move-lnbits-${process.pid}`
const child = (env: Record<string, string>, killWhen?: (steps: ChildRun['steps']) => boolean) =>
  moveChild(service, env, killWhen)

let sim: SimulatorHandle
let lnbits: SimulatorHandle
let hub: LnbitsWallet
const sources: SimWallet[] = []
const opening = [42_000, 7_321, 150_000]
let dir: string
const accountIds: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  lnbits = await startSimulator({ seed: 'empty', flavor: 'lnbits' })
  sim.control.ledger.peers.push(lnbits.control.ledger)
  for (const [i, sat] of opening.entries()) sources.push(sim.control.createWallet(`Source ${i + 1}`, sat))
  hub = lnbits.lnbits[0] as LnbitsWallet
  dir = await mkdtemp(join(tmpdir(), 'lt-move-lnbits-'))
}, 30_000)
afterAll(async () => {
  await sim?.close()
  await lnbits?.close()
  const keys = createKeytarStore(service)
  for (const id of accountIds) await keys.delete(apiKeyName(id)).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

const books = (s: SimulatorHandle) => simBooks(s.url)

/** a source wallet's payments out at the service, by the request id each carries (a fee row has none) */
const paymentsOut = (walletId: string) =>
  sim.control.ledger.wtx
    .filter((t) => t.walletId === walletId && t.amountMsat < 0 && t.type !== 'network_fee')
    .map((t) => t.passThru.requestId)
/** what a source wallet paid in fees at the service */
const feesOf = (walletId: string) =>
  -sim.control.ledger.wtx
    .filter((t) => t.walletId === walletId && t.amountMsat < 0 && t.type === 'network_fee')
    .reduce((s, t) => s + t.amountMsat, 0)
/** the target's invoices settled at the LNbits server */
const settledIn = () =>
  [...lnbits.control.ledger.lntx.values()].filter((t) => t.direction === 'in' && t.settledAt != null)

describe('moving everything off a service account to an LNbits account, killed between steps', () => {
  let from: AccountView
  let to: AccountView
  let toWallet: string
  const { move } = mover(child, () => ({ dir, from: from.id, to: to.id, toWallet }))

  beforeAll(async () => {
    const r = await child({
      ...{ LT_DIR: dir, LT_MODE: 'connect', LT_SIM_URL: sim.url, LT_SIM_KEY: sim.keys.secret },
      ...{ LT_LNBITS_URL: lnbits.url, LT_LNBITS_KEY: hub.adminkey },
    })
    const out = r.out as { service: { ok: boolean; value: AccountView }; lnbits: { ok: boolean; value: AccountView } }
    expect([out.service.ok, out.lnbits.ok]).toEqual([true, true])
    from = out.service.value
    to = out.lnbits.value
    accountIds.push(from.id, to.id)
    toWallet = (await planTarget(child, dir, from.id, to.id)) as string
    expect(toWallet).toBe(hub.id)
  }, 60_000)

  it('resumes after each kill, pays each wallet once, the fee leaves only its rest, the target holds the sum', async () => {
    const started = performance.now()
    const before = await books(sim)
    const hubBefore = (await books(lnbits)).get(hub.id) as number
    let kills = 0
    const killed = (r: ChildRun) => {
      expect(r.signal).toBe('SIGKILL')
      kills++
      return r
    }
    // 1: the plan written, nothing made yet
    killed(await move('move:planned'))
    // 2: the first wallet's invoice made at the LNbits server and kept, not paid
    expect(killed(await move('move:invoiced')).steps.map((s) => s.at)).toEqual(['move:invoiced'])
    expect(settledIn()).toEqual([])
    // 3: its payment journaled, killed before the request left
    killed(await move('pay:journaled'))
    expect(paymentsOut(sources[0]!.id)).toEqual([])
    // 4: a new attempt, paid at the service and settled at LNbits, killed before it was noted
    killed(await move('pay:answered'))
    expect(paymentsOut(sources[0]!.id)).toHaveLength(1)
    expect(settledIn()).toHaveLength(1)
    // 5: the first wallet found paid (not paid again), the second moved, then killed
    const fifth = killed(await move('move:moved'))
    expect(fifth.steps.filter((s) => s.at === 'pay:journaled')).toHaveLength(1)
    expect(paymentsOut(sources[0]!.id)).toHaveLength(1)
    expect(paymentsOut(sources[1]!.id)).toHaveLength(1)
    // 6: the third wallet's payment made at once, its answer held back: killed while waiting for it
    sim.control.injectFault({ path: '/withdraw', kind: 'latency', ms: 5000, when: 'after', times: 1 })
    killed(await move('', (steps) => steps.at(-1)?.at === 'pay:sent' && paymentsOut(sources[2]!.id).length === 1))
    expect(paymentsOut(sources[2]!.id)).toHaveLength(1)
    // 7: left to finish
    const last = await move('')
    expect(last.signal).toBeNull()
    const view = (last.out as { ok: true; value: MoveView }).value
    expect(view.state).toBe('done')

    const after = await books(sim)
    let sum = 0
    for (const [i, w] of sources.entries()) {
      const amountMsat = sendAllMsat(opening[i]! * 1000)
      const feeReserveMsat = opening[i]! * 1000 - amountMsat
      sum += amountMsat
      // the payment crossed to another node: its routing fee came out of the reserve
      const fee = feesOf(w.id)
      expect(fee).toBeGreaterThan(0)
      expect(fee).toBeLessThanOrEqual(feeReserveMsat)
      expect(after.get(w.id)).toBe((before.get(w.id) as number) - amountMsat - fee)
      expect(after.get(w.id)).toBe(feeReserveMsat - fee)
      expect(paymentsOut(w.id)).toHaveLength(1)
      expect(view.wallets.find((x) => x.walletId === w.id)).toMatchObject({ state: 'moved', amountMsat })
    }
    // the target: the sum, in three invoices each settled once
    expect((await books(lnbits)).get(hub.id)).toBe(hubBefore + sum)
    expect(settledIn().map((t) => t.amountMsat)).toEqual(sources.map((_, i) => sendAllMsat(opening[i]! * 1000)))
    expect(view.movedMsat).toBe(sum)
    expect(view.wallets.filter((x) => x.state === 'skipped').map((x) => x.name)).toEqual(['Wallet'])
    console.info(
      `move to LNbits: ${kills} kills, ${sum} msat moved, ${Math.round((performance.now() - started) / 1000)} s`,
    )
  }, 240_000)
})
