// Every operation of kind `money` runs once per request id for good: the same id after 300 other
// money calls, and after the app was stopped and started again over the same userData, answers
// the first result, and the simulator's own state shows exactly one effect. The operations are
// read from the contract, so a new money operation needs its case here (or this fails).
import { OP_NAMES, opKind } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedApp, connectMoveSource, type MoveSource, startConnectedApp, value } from './appHarness'

let t: ConnectedApp
let source: MoveSource
const MONEY = OP_NAMES.filter((name) => opKind(name) === 'money')
const OTHER_CALLS = 300

interface Case {
  /** the operation's input, made once (its request id and a tag of its own inside) */
  input(tag: string): unknown
  /** the operation's effect at the simulator: how many things of it exist there */
  effect(tag: string, input: unknown): number
  /** what the effect is after the one run */
  once: number
}

const sim = () => t.sim.control.ledger
const rowsOf = (input: unknown) =>
  sim().wtx.filter((x) => x.passThru.requestId === (input as { requestId: string }).requestId).length
const linksTagged = (tag: string) => [...sim().tokens.values()].filter((k) => k.kind === 'withdraw' && k.memo === tag)
const vouchers = new Map<string, string>()

const CASES: Record<string, Case> = {
  'pay.lightningAddress': {
    input: (tag) => ({ walletId: t.w.id, address: 'alice@sim.example', amountMsat: 21_000, requestId: tag }),
    effect: (_tag, input) => rowsOf(input),
    once: 1,
  },
  'pay.invoice': {
    input: (tag) => ({
      accountId: t.app.accounts.list().activeId,
      walletId: t.w.id,
      invoice: t.sim.control.outside.payee({ amountSat: 21 }).payment_request,
      requestId: tag,
    }),
    effect: (_tag, input) => rowsOf(input),
    once: 1,
  },
  'wallets.transfer': {
    input: (tag) => ({
      fromWalletId: t.w.id,
      toWalletId: t.sim.keys.wallets[0]!.id,
      amountSat: 21,
      memo: tag,
      requestId: tag,
    }),
    // the move's two rows, out of one wallet and into the other
    effect: (_tag, input) => rowsOf(input),
    once: 2,
  },
  'withdraw.create': {
    input: (tag) => ({ walletId: t.w.id, amountSat: 21, memo: tag, requestId: tag }),
    effect: (tag) => linksTagged(tag).length,
    once: 1,
  },
  'vouchers.create': {
    input: (tag) => ({ walletId: t.w.id, count: 2, amountSat: 21, note: tag, requestId: tag }),
    effect: (tag) => linksTagged(tag).length,
    once: 2,
  },
  // another service's voucher good for several claims: a second run would claim it again
  'claim.run': {
    input: (tag) => {
      const v = t.sim.control.outside.voucher({ maxSat: 21, uses: 5 })
      vouchers.set(tag, v.id)
      // the simulator's voucher server is on loopback: confirmed, as after the warning
      return { lnurl: v.lnurl, walletId: t.w.id, amountSat: 21, requestId: tag, confirmed: [new URL(t.sim.url).host] }
    },
    effect: (tag) => sim().vouchers.get(vouchers.get(tag)!)!.claims.length,
    once: 1,
  },
  'wallets.create': {
    input: (tag) => ({ name: tag, showKeys: false, requestId: tag }),
    effect: (tag) => [...sim().wallets.values()].filter((w) => w.label === tag).length,
    once: 1,
  },
  // everything off a second account into this one: its one funded wallet paid once
  'move.run': {
    input: (tag) => ({
      fromAccountId: source.accountId,
      toAccountId: t.app.accounts.list().activeId,
      toWalletId: t.w.id,
      requestId: tag,
    }),
    effect: () => source.paidOut(),
    once: 1,
  },
}

const first = new Map<string, { input: unknown; result: Result<unknown> }>()
const run = (name: string, input: unknown) => t.app.router.handle(name, input)
const tagOf = (name: string) => `once-${name.replace('.', '-')}`

beforeAll(async () => {
  t = await startConnectedApp({ label: 'Once', balanceSat: 200_000 })
  source = await connectMoveSource(t, 50_000)
  for (const name of MONEY) {
    const c = CASES[name]
    if (!c) continue
    const tag = tagOf(name)
    const input = c.input(tag)
    const result = await run(name, input)
    first.set(name, { input, result })
  }
}, 60_000)
afterAll(async () => {
  await source?.close()
  await t?.close()
})

/** Each operation asked again with its first input: its first answer, and still one effect. */
async function expectFirstResults() {
  const seen: unknown[] = []
  const want: unknown[] = []
  for (const name of MONEY) {
    const { input, result } = first.get(name)!
    seen.push([name, await run(name, input), CASES[name]!.effect(tagOf(name), input)])
    want.push([name, result, CASES[name]!.once])
  }
  expect(seen).toEqual(want)
}

describe('money operations run once for good', { timeout: 120_000 }, () => {
  it('every money operation of the contract has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual([...MONEY].sort())
  })

  it('each ran once, with one effect at the simulator', () => {
    for (const name of MONEY) {
      const { input, result } = first.get(name)!
      expect([name, result.ok ? 'ok' : result.error]).toEqual([name, 'ok'])
      expect([name, CASES[name]!.effect(tagOf(name), input)]).toEqual([name, CASES[name]!.once])
    }
  })

  it(`the same request id after ${OTHER_CALLS} other money calls answers the first result, and runs nothing`, async () => {
    for (let i = 0; i < OTHER_CALLS; i++)
      value(await run('withdraw.create', { walletId: t.w.id, amountSat: 1, requestId: `other-call-${i}` }))
    await expectFirstResults()
  })

  it('after a restart over the same userData: the first result again, and nothing runs', async () => {
    await t.restart()
    await expectFirstResults()
  })

  it('after a restart, the same request id with other input is refused, and runs nothing', async () => {
    const { input } = first.get('withdraw.create')!
    const other = { ...(input as object), amountSat: 22 }
    expect(await run('withdraw.create', other)).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(linksTagged(tagOf('withdraw.create'))).toHaveLength(1)
  })
})
