// A move's accounts by their capabilities, through the app's router against the simulator's
// LNbits flavor: an account added with only an invoice key (receive-only, `pays: false`) is
// refused as a source in the catalog's words of each language, with nothing made or paid, and is
// still offered as a target (it receives). A target whose flags say it cannot receive is never
// offered (moveAbilities, the rule main applies to every account's flags).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AccountView, type Capabilities, capabilitiesOf, type MovePlan } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../../electron/main/app/createApp'
import { moveAbilities } from '../../../electron/main/services/move/abilities'
import { walletPlan } from '../../../electron/main/services/move/plan'
import de from '../../../shared/i18n/de.json'
import en from '../../../shared/i18n/en.json'
import es from '../../../shared/i18n/es.json'
import ptBR from '../../../shared/i18n/pt-BR.json'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import type { LnbitsWallet } from '../../simulator/lnbits'
import { memoryApp } from '../../support/memoryApp'

let sim: SimulatorHandle
let dir: string
let app: App
let payer: AccountView
let receiveOnly: AccountView

function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const handle = (name: string, input: unknown) => app.router.handle(name as never, input as never)

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  const [a, b] = sim.lnbits as [LnbitsWallet, LnbitsWallet]
  dir = await mkdtemp(join(tmpdir(), 'lt-move-abilities-'))
  app = memoryApp(dir)
  await app.start()
  const connect = (keys: string[], label: string) =>
    handle('accounts.connect', { kind: 'lnbits', baseUrl: sim.url, keys, label, storage: 'memory' }).then(
      value<AccountView>,
    )
  payer = await connect([a.adminkey], 'Pays')
  receiveOnly = await connect([b.inkey], 'Receives only')
  expect(receiveOnly.capabilities?.pays).toBe(false)
}, 30_000)
afterAll(async () => {
  await app?.dispose()
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

const payments = () => sim.control.requests({ method: 'POST', path: /^\/api\/v1\/payments$/ }).length

describe("a move's accounts by their capabilities", () => {
  it('refuses a receive-only account as the source, in the words of each language, making nothing', async () => {
    const before = payments()
    for (const [language, words] of [
      ['en', en],
      ['es', es],
      ['pt-BR', ptBR],
      ['de', de],
    ] as const) {
      value(await handle('settings.update', { language }))
      const plan = await handle('move.plan', { fromAccountId: receiveOnly.id })
      expect(plan).toMatchObject({ ok: false, error: { code: 'forbidden', message: words['move.sourceCannotPay'] } })
      const run = await handle('move.run', {
        ...{ fromAccountId: receiveOnly.id, toAccountId: payer.id, toWalletId: sim.lnbits[0]?.id },
        requestId: `req-abilities-${language}`,
      })
      expect(run).toMatchObject({ ok: false, error: { code: 'forbidden', message: words['move.sourceCannotPay'] } })
    }
    value(await handle('settings.update', { language: 'en' }))
    // nothing was made at the target nor paid from the source
    expect(payments()).toBe(before)
    // nor written down to resume
    expect(app.journal().moves.latest(receiveOnly.id)).toBeNull()
  })

  it('offers a receive-only account as a target: it receives', async () => {
    const plan = value<MovePlan>(await handle('move.plan', { fromAccountId: payer.id }))
    expect(plan.targets.map((t) => t.accountId)).toEqual([receiveOnly.id])
    expect(plan.targets[0]?.wallets).toHaveLength(1)
  })

  it('never offers or takes a target whose flags say it cannot receive; an absent flag receives and pays', () => {
    const flags = new Map<string, Capabilities>([
      ['closed', { ...(payer.capabilities as Capabilities), receives: false }],
      ['open', { ...(payer.capabilities as Capabilities), receives: undefined, pays: undefined }],
      ['receiveOnly', receiveOnly.capabilities as Capabilities],
    ])
    const m = moveAbilities((id) => flags.get(id) as Capabilities)
    const view = (id: string) => ({ ...payer, id })
    expect([m.canReceive(view('closed')), m.canReceive(view('open')), m.canReceive(view('receiveOnly'))]).toEqual([
      false,
      true,
      true,
    ])
    expect([m.canPay(view('closed')), m.canPay(view('open')), m.canPay(view('receiveOnly'))]).toEqual([
      true,
      true,
      false,
    ])
  })

  it("plans a move off an LNbits account with its server's reserve, not the app's fee limit", () => {
    const m = moveAbilities((id) =>
      id === 'lnbits' ? (receiveOnly.capabilities as Capabilities) : capabilitiesOf('service'),
    )
    const wallet = { id: 'w', name: 'W', balanceMsat: 1_010_000 }
    // LNbits' default reserve: 1 % of 1,000 sats is 10 sats, so 1,000 sats move out of 1,010
    expect(walletPlan(wallet, m.feeCapOf('lnbits'))).toMatchObject({ amountMsat: 1_000_000, feeReserveMsat: 10_000 })
    // the app's own 0.1 %: 1,008 sats with a 2-sat limit (1,009 would need 1,011)
    expect(walletPlan(wallet, m.feeCapOf('service'))).toMatchObject({ amountMsat: 1_008_000, feeReserveMsat: 2_000 })
  })
})
