// Moving everything off a service account to an NWC account, with the app killed between steps
// and started again (a child process running the app's core, SIGKILL where the child reports it
// has got to; keys in the real keychain: run under scripts/with-keyring.sh). The source is the
// simulator's account with three funded wallets and its empty one; the target is an NWC account:
// @getalby/sdk's wallet service on a loopback relay, backed by a wallet of a second account of the
// same simulator, so an invoice the target makes is paid inside the simulator and both sides'
// books can be read. At the end each source wallet holds only its fee reserve, the target holds
// the sum, and the simulator's books show one payment per wallet.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AccountView, MoveView, WalletView } from '@shared/contract'
import { sendAllMsat } from '@shared/payment/fees'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attemptRequestId } from '../../../electron/main/services/move/steps'
import { openJournal } from '../../../electron/main/services/payments'
import { apiKeyName, createKeytarStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../support/nwcWallet'
import { type ChildRun, moveChild, mover, planTarget, simBooks } from './support'

const service = `lightning-tray-move-${process.pid}`

let sim: SimulatorHandle
let relay: TestRelay
let nwc: NwcTestWallet
let hubId: string
const sources: SimWallet[] = []
const opening = [42_000, 7_321, 150_000]
const dirs: string[] = []
const accountIds: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  for (const [i, sat] of opening.entries()) sources.push(sim.control.createWallet(`Source ${i + 1}`, sat))
  // the target's wallet: another account of the same simulator, reached only through NWC
  const other = sim.control.ledger.createAccount()
  hubId = sim.control.ledger.createWallet(other.id, 'Hub').id
  relay = await startRelay()
  nwc = await startNwcWallet({ relayUrl: relay.url, simUrl: sim.url, apiKey: other.secretKey, walletId: hubId })
}, 30_000)
afterAll(async () => {
  nwc?.close()
  await relay?.close()
  await sim?.close()
  const keys = createKeytarStore(service)
  for (const id of accountIds) await keys.delete(apiKeyName(id)).catch(() => {})
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const child = (env: Record<string, string>, killWhen?: (steps: ChildRun['steps']) => boolean) =>
  moveChild(service, env, killWhen)

const books = () => simBooks(sim.url)

/** The payments out of a wallet at the simulator, by the request id each carries (a fee row has none). */
const paymentsOut = (walletId: string) =>
  sim.control.ledger.wtx.filter((t) => t.walletId === walletId && t.amountMsat < 0).map((t) => t.passThru.requestId)

describe('moving everything off a service account, killed between steps', { timeout: 300_000 }, () => {
  let dir: string
  let from: AccountView
  let to: AccountView
  let toWallet: string
  const { move, runs } = mover(child, () => ({ dir, from: from.id, to: to.id, toWallet }))

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lt-move-'))
    dirs.push(dir)
    const r = await child({
      LT_DIR: dir,
      LT_MODE: 'connect',
      LT_SIM_URL: sim.url,
      LT_SIM_KEY: sim.keys.secret,
      LT_NWC_URI: nwc.uri,
    })
    const out = r.out as { service: { ok: boolean; value: AccountView }; nwc: { ok: boolean; value: AccountView } }
    expect([out.service.ok, out.nwc.ok]).toEqual([true, true])
    from = out.service.value
    to = out.nwc.value
    accountIds.push(from.id, to.id)
    toWallet = (await planTarget(child, dir, from.id, to.id)) as string
    expect(toWallet).toBeTruthy()
  }, 60_000)

  it('shows per wallet what moves and the fee reserve, by the fee-limit rule', async () => {
    const plan = await child({ LT_DIR: dir, LT_MODE: 'plan', LT_FROM: from.id })
    const wallets = (plan.out as { value: { wallets: (WalletView & { walletId: string; amountMsat: number })[] } })
      .value.wallets
    for (const [i, w] of sources.entries()) {
      const shown = wallets.find((x) => x.walletId === w.id)
      const amountMsat = sendAllMsat(opening[i]! * 1000)
      expect(shown).toMatchObject({ amountMsat, feeReserveMsat: opening[i]! * 1000 - amountMsat })
    }
  }, 60_000)

  it('resumes after each kill, pays each wallet once, and leaves each only its fee reserve', async () => {
    const before = await books()
    // 1: the plan written, nothing made yet
    expect((await move('move:planned')).signal).toBe('SIGKILL')
    // 2: the first wallet's invoice made at the target and kept, not paid
    const second = await move('move:invoiced')
    expect(second.signal).toBe('SIGKILL')
    expect(second.steps.map((s) => s.at)).toEqual(['move:invoiced'])
    // 3: its payment journaled, killed before the request left
    const third = await move('pay:journaled')
    expect(third.signal).toBe('SIGKILL')
    expect(paymentsOut(sources[0]!.id)).toEqual([])
    // 4: a new attempt (the last proven never sent), paid at the service, killed before it was noted
    const fourth = await move('pay:answered')
    expect(fourth.signal).toBe('SIGKILL')
    expect(paymentsOut(sources[0]!.id)).toHaveLength(1)
    // 5: the first wallet found paid (reconciled, not paid again), the second moved, then killed
    const fifth = await move('move:moved')
    expect(fifth.signal).toBe('SIGKILL')
    expect(fifth.steps.filter((s) => s.at === 'pay:journaled')).toHaveLength(1)
    expect(paymentsOut(sources[0]!.id)).toHaveLength(1)
    expect(paymentsOut(sources[1]!.id)).toHaveLength(1)
    // 6: the third wallet's payment made at once, its answer held back: killed while waiting for it,
    // once the child said it was sent and the simulator shows it
    sim.control.injectFault({ path: '/withdraw', kind: 'latency', ms: 5000, when: 'after', times: 1 })
    const sixth = await move('', (steps) => steps.at(-1)?.at === 'pay:sent' && paymentsOut(sources[2]!.id).length === 1)
    expect(sixth.signal).toBe('SIGKILL')
    expect(paymentsOut(sources[2]!.id)).toHaveLength(1)
    // 7: left to finish
    const last = await move('')
    expect(last.signal).toBeNull()
    const view = (last.out as { ok: true; value: MoveView }).value
    expect(view.state).toBe('done')

    const after = await books()
    let sum = 0
    for (const [i, w] of sources.entries()) {
      const amountMsat = sendAllMsat(opening[i]! * 1000)
      sum += amountMsat
      // only what the fee left: the simulator's internal payment took no fee
      expect(after.get(w.id)).toBe((before.get(w.id) as number) - amountMsat)
      expect(after.get(w.id)).toBe(opening[i]! * 1000 - amountMsat)
      expect(paymentsOut(w.id)).toHaveLength(1)
      expect(view.wallets.find((x) => x.walletId === w.id)).toMatchObject({ state: 'moved', amountMsat })
    }
    expect(after.get(hubId)).toBe((before.get(hubId) as number) + sum)
    expect(view.movedMsat).toBe(sum)
    // the seed's empty wallet had nothing above a fee reserve
    expect(view.wallets.filter((x) => x.state === 'skipped').map((x) => x.name)).toEqual(['Wallet'])

    // the journal: the first wallet's first attempt failed unsent, each other payment paid once
    const journal = openJournal({ dir })
    try {
      const entries = sim.control.ledger.wtx
        .filter((t) => sources.some((w) => w.id === t.walletId) && t.amountMsat < 0)
        .map((t) => journal.get(t.passThru.requestId as string)?.state)
      expect(entries).toEqual(['paid', 'paid', 'paid'])
      // the move is the first run's; the first wallet's first attempt never left
      expect(view.moveId).toBe(runs[0])
      const first = attemptRequestId({ moveId: view.moveId, walletId: sources[0]!.id, attempt: 1 })
      expect(journal.get(first)).toMatchObject({ state: 'failed' })
      expect(paymentsOut(sources[0]!.id)).toEqual([
        attemptRequestId({ moveId: view.moveId, walletId: sources[0]!.id, attempt: 2 }),
      ])
    } finally {
      journal.close()
    }
    // the account moved off stays until the person removes it
    const plan = await child({ LT_DIR: dir, LT_MODE: 'plan', LT_FROM: from.id })
    expect(plan.out).toMatchObject({ ok: true, value: { last: { moveId: view.moveId, state: 'done' } } })
  }, 240_000)

  it('a payment whose outcome is not known is never paid again: the move waits, saying so', async () => {
    const other = await mkdtemp(join(tmpdir(), 'lt-move-'))
    dirs.push(other)
    const w = sim.control.createWallet('Unknown', 5_000)
    const r = await child({
      LT_DIR: other,
      LT_MODE: 'connect',
      LT_SIM_URL: sim.url,
      LT_SIM_KEY: sim.keys.secret,
      LT_NWC_URI: nwc.uri,
    })
    const out = r.out as { service: { value: AccountView }; nwc: { value: AccountView } }
    accountIds.push(out.service.value.id, out.nwc.value.id)
    const plan = await child({ LT_DIR: other, LT_MODE: 'plan', LT_FROM: out.service.value.id })
    const target = (plan.out as { value: { targets: { wallets: { id: string }[] }[] } }).value.targets[0]!
    const run = (stopAt: string) =>
      child({
        ...{ LT_DIR: other, LT_MODE: 'move', LT_FROM: out.service.value.id, LT_TO: out.nwc.value.id },
        ...{ LT_TO_WALLET: target.wallets[0]!.id, LT_REQUEST_ID: randomUUID(), LT_STOP_AT: stopAt },
      })
    // the journal says sent; the process died before the request could leave: nobody knows
    const sentKill = await run('pay:sent')
    expect(sentKill.signal).toBe('SIGKILL')
    const stopped = sentKill.steps.at(-1) as { id: string }
    const stoppedWallet = sim.control.ledger.wtx.find((t) => t.passThru.requestId === stopped.id)
    expect(stoppedWallet).toBeUndefined()
    let view: MoveView | undefined
    for (let i = 0; i < 2; i++) {
      const again = await run('')
      view = (again.out as { value: MoveView }).value
      const unknown = view.wallets.filter((x) => x.state === 'unknown')
      expect(unknown).toHaveLength(1)
      expect(unknown[0]?.detail).toMatch(/may still be on its way/)
      expect(view.state).toBe('running')
      // reconciled first, and nothing sent again under that request id or for that wallet
      expect(again.steps.some((s) => s.id === stopped.id)).toBe(false)
      expect(sim.control.ledger.wtx.filter((t) => t.passThru.requestId === stopped.id)).toEqual([])
    }
    // the others went on, each paid once
    const others = view?.wallets.filter((x) => x.state !== 'unknown') ?? []
    expect(others.every((x) => x.state === 'moved' || x.state === 'skipped')).toBe(true)
    expect(others.find((x) => x.walletId === w.id)).toMatchObject({ state: 'moved' })
    expect(paymentsOut(w.id)).toHaveLength(1)
  }, 180_000)
})
