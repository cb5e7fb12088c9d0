// Main's refusals read the account's capabilities (accounts/capabilities.ts), not its kind nor
// the client: the hosted service's backend, whose client would do all of these, registered with
// each flag off in turn. Each operation is refused `forbidden` before anything is written or sent
// (the simulator sees no request for it, the journal no entry); with the flag back on, the same
// operation goes through, so the flag is what refused it.
import { randomUUID } from 'node:crypto'
import type { Capabilities } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BackendRegistry, createBackends } from '../../../electron/main/services/backends'
import { startRelay, type TestRelay } from '../../support/nostrRelay'
import { type ConnectedApp, startConnectedApp } from './appHarness'

const registry: BackendRegistry = createBackends()
const flags = registry.service.capabilities
let t: ConnectedApp
let relay: TestRelay
let other: string

beforeAll(async () => {
  relay = await startRelay()
  t = await startConnectedApp({ label: 'Capable', balanceSat: 100_000, backends: registry })
  other = t.sim.control.createWallet('Other', 0).id
  await t.call('nwc.settings', { relay: relay.url })
})
afterAll(async () => {
  await t?.close()
  await relay?.close()
})

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: Error) => e.message.slice(0, e.message.indexOf(':')),
  )
const requests = (path: RegExp, method?: string) =>
  t.sim.control.requests({ path, ...(method ? { method } : {}) }).length

/** the operation refused with `flag` off, sending nothing to `path`; then done with it on */
async function refusedWithout(flag: keyof Capabilities, path: RegExp, op: () => Promise<unknown>, method?: string) {
  const journaled = t.app.journal().unfinished().length + t.app.journal().failedSince(0).length
  const before = requests(path, method)
  flags[flag] = false
  try {
    expect(await codeOf(op())).toBe('forbidden')
  } finally {
    flags[flag] = true
  }
  expect(requests(path, method)).toBe(before)
  expect(t.app.journal().unfinished().length + t.app.journal().failedSince(0).length).toBe(journaled)
  expect(await codeOf(op())).toBe('ok')
  expect(requests(path, method)).toBeGreaterThan(before)
}

describe('main refuses what an account’s capabilities lack', { timeout: 30_000 }, () => {
  it('a withdraw link', async () => {
    await refusedWithout('withdrawLinks', /\/lnurl\/withdraw$/, () =>
      t.call('withdraw.create', { walletId: t.w.id, amountSat: 10, requestId: randomUUID() }),
    )
  })

  it('vouchers', async () => {
    await refusedWithout('vouchers', /\/lnurl\/withdraw$/, () =>
      t.call('vouchers.create', { walletId: t.w.id, count: 2, amountSat: 10, note: 'Meetup', requestId: randomUUID() }),
    )
  })

  it('a transfer between its wallets', async () => {
    await refusedWithout('transfers', /\/transfer$/, () =>
      t.call('wallets.transfer', {
        ...{ fromWalletId: t.w.id, toWalletId: other, amountSat: 10, memo: '' },
        requestId: randomUUID(),
      }),
    )
  })

  it('the permanent QR', async () => {
    await refusedWithout('permanentQr', /^\/v1\/lnurlp\/(?!probe)/, () =>
      t.call('wallets.staticLink', { walletId: t.w.id }),
    )
  })

  it('a new wallet', async () => {
    await refusedWithout(
      'createWallets',
      /^\/v1\/wallet$/,
      () => t.call('wallets.create', { name: 'Savings', requestId: randomUUID() }),
      'POST',
    )
  })

  it('a connected app', async () => {
    const before = (await t.call<{ connections: unknown[] }>('nwc.list')).connections.length
    flags.connectedApps = false
    try {
      const app = { name: 'Primal', walletId: t.w.id, budgetSat: 1000, period: 'daily', methods: ['get_balance'] }
      expect(await codeOf(t.call('nwc.create', app))).toBe('forbidden')
      expect((await t.call<{ connections: unknown[] }>('nwc.list')).connections).toHaveLength(before)
    } finally {
      flags.connectedApps = true
    }
    const app = { name: 'Primal', walletId: t.w.id, budgetSat: 1000, period: 'daily', methods: ['get_balance'] }
    expect(await codeOf(t.call('nwc.create', app))).toBe('ok')
    expect((await t.call<{ connections: unknown[] }>('nwc.list')).connections).toHaveLength(before + 1)
  })

  it('every account view carries the flags main reads', async () => {
    flags.transfers = false
    try {
      const { accounts } = await t.call<{ accounts: Array<{ capabilities?: Capabilities }> }>('accounts.list')
      expect(accounts[0]?.capabilities?.transfers).toBe(false)
    } finally {
      flags.transfers = true
    }
  })
})
