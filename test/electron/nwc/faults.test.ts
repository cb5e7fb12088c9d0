// What the wallet service does when the relay or the request misbehaves (docs/nwc.md, "Faults"):
// nothing is paid twice, nothing stale or foreign is served, and a dropped relay is reconnected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay } from '../../support/nostrRelay'
import { droppedRequests } from '../../support/nwcDropped'
import { type NwcWorld, startNwcWorld, until } from './harness'
import { rawClient } from './rawClient'

let t: NwcWorld
let uri = ''
let raw: Awaited<ReturnType<typeof rawClient>>
beforeAll(async () => {
  t = await startNwcWorld()
  ;({ uri } = await t.connect({ budgetSat: 5_000, methods: ['pay_invoice', 'get_balance', 'get_info'] }))
  await until(() => t.relay.published.some((e) => e.kind === 13194))
  raw = await rawClient(uri, t.logs)
}, 30_000)
afterAll(async () => {
  raw?.close()
  await t?.close()
})

const withdrawals = () => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length
const pay = (sats: number) => ({ method: 'pay_invoice', params: { invoice: t.sim.control.outsideInvoice(sats) } })
const now = () => Math.floor(Date.now() / 1000)

describe('requests that are not served', () => {
  it('serves a fresh request (NIP-44 and NIP-04 alike)', async () => {
    const [a] = await raw.send(raw.make({ method: 'get_balance', params: {} }))
    expect(a?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    const [b] = await raw.send(raw.make({ method: 'get_balance', params: {} }, { enc: 'nip04' }))
    expect(b?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
  })

  it('ignores a request older than five minutes or from the future, and pays nothing', async () => {
    const n = withdrawals()
    // the relay passes it to no one: the service asked it for requests from a minute before it
    // subscribed on (links.ts), so the relay's OK is the last of it
    expect(await raw.send(raw.make(pay(10), { createdAt: now() - 301 }), 'acked')).toEqual([])
    // this one the service gets, and drops
    expect(await raw.send(raw.make(pay(10), { createdAt: now() + 120 }), 'dropped')).toEqual([])
    expect(withdrawals()).toBe(n)
  })

  it('pays a replayed request once, also after a restart', async () => {
    const e = raw.make(pay(20))
    const n = withdrawals()
    const first = await raw.send(e)
    expect(first[0]?.result?.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(await raw.send(e, 'dropped')).toHaveLength(1) // no second answer to the same event
    await t.restart()
    // the new service listens for requests at the relay again
    await until(() => t.relay.clients() >= 2 && t.relay.subscribed(23194))
    expect(await raw.send(e, 'dropped')).toHaveLength(1)
    expect(withdrawals()).toBe(n + 1)
  }, 30_000)

  it('answers a replayed read once, also after a restart (its id is written after the answer)', async () => {
    const e = raw.make({ method: 'get_balance', params: {} })
    expect((await raw.send(e))[0]?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    expect(await raw.send(e, 'dropped')).toHaveLength(1) // no second answer to the same event
    await t.restart()
    await until(() => t.relay.clients() >= 2 && t.relay.subscribed(23194))
    expect(await raw.send(e, 'dropped')).toHaveLength(1)
  }, 30_000)

  it('pays once when the relay hands every event over twice', async () => {
    t.relay.faults.duplicate = true
    try {
      const n = withdrawals()
      const e = raw.make(pay(30))
      const seen = droppedRequests(t.logs, 'seen')
      const answers = await raw.send(e)
      expect(answers[0]?.result?.preimage).toMatch(/^[0-9a-f]{64}$/)
      // the second copy dealt with too: dropped as seen
      await until(() => droppedRequests(t.logs, 'seen') > seen)
      // the relay doubled the answer too; the service published one
      const published = t.relay.published.filter((a) => a.kind === 23195 && a.tags.some((x) => x[1] === e.id))
      expect(published).toHaveLength(1)
      expect(withdrawals()).toBe(n + 1)
    } finally {
      t.relay.faults.duplicate = false
    }
  })

  it('tells a request signed by another key UNAUTHORIZED, without decrypting or paying', async () => {
    const other = raw.stranger()
    const n = withdrawals()
    const [a] = await raw.send(raw.make(pay(40), { key: other }), 'answer', other)
    expect(a?.error?.code).toBe('UNAUTHORIZED')
    expect(withdrawals()).toBe(n)
  })

  it('sealed by the app but not signed by it: neither paid nor answered, though a read was started', async () => {
    // a good seal (the app's key made it) under a signature that is not one: the relay would refuse
    // it, so it is handed to the service directly, as a relay that checks nothing would
    const badSig = (e: ReturnType<typeof raw.make>) => ({ ...e, sig: 'ab'.repeat(64) })
    const n = withdrawals()
    const reads = t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+$/ }).length
    const forgedPay = badSig(raw.make(pay(50)))
    const forgedRead = badSig(raw.make({ method: 'get_balance', params: {} }))
    for (const e of [forgedPay, forgedRead]) {
      const bad = droppedRequests(t.logs, 'bad signature')
      t.relay.toServices(JSON.stringify(e))
      await until(() => droppedRequests(t.logs, 'bad signature') > bad)
    }
    // main has its verdicts (they come before the worker's log line): a genuine request after is
    // answered, and nothing was for the two forgeries
    const [a] = await raw.send(raw.make({ method: 'get_balance', params: {} }))
    expect(a?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    const answered = (id: string) => t.relay.published.some((x) => x.kind === 23195 && x.tags.some((g) => g[1] === id))
    expect(answered(forgedPay.id)).toBe(false)
    expect(answered(forgedRead.id)).toBe(false)
    expect(withdrawals()).toBe(n)
    // the forged read's balance was asked for while its signature was checked (docs/nwc.md,
    // "Speed"): the genuine one's and that one
    await until(() => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+$/ }).length === reads + 2)
  })

  it('answers an unknown method NOT_IMPLEMENTED and a method not allowed RESTRICTED', async () => {
    const [a] = await raw.send(raw.make({ method: 'pay_keysend', params: { amount: 1000, pubkey: 'x' } }))
    expect(a?.error?.code).toBe('NOT_IMPLEMENTED')
    const [b] = await raw.send(raw.make({ method: 'make_invoice', params: { amount: 1000 } }))
    expect(b?.error?.code).toBe('RESTRICTED')
  })

  it('drops malformed and oversized events, and stays up', async () => {
    const e = raw.make({ method: 'get_info', params: {} })
    expect(await raw.send({ ...e, sig: 'nope' } as never, 'refused')).toEqual([])
    // an id that is not the event's hash: its last digit changed (to '0' it was the same id one
    // time in sixteen, a valid event, and the test failed)
    const wrongId = `${e.id.slice(0, -1)}${e.id.endsWith('0') ? '1' : '0'}`
    expect(wrongId).not.toBe(e.id)
    expect(await raw.send({ ...e, id: wrongId }, 'refused')).toEqual([])
    expect(await raw.send(raw.make('', { content: 'x'.repeat(70_000) }), 'dropped')).toEqual([])
    const [notJson] = await raw.send(raw.make('this is not json'))
    expect(notJson?.error?.code).toBe('OTHER')
    const [a] = await raw.send(raw.make({ method: 'get_info', params: {} }))
    expect(a?.result?.methods).toEqual(['pay_invoice', 'get_balance', 'get_info', 'get_budget'])
  })
})

describe("get_balance read on the relays' worker", () => {
  const walletReads = () => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+$/ })
  const balance = async () => (await raw.send(raw.make({ method: 'get_balance', params: {} })))[0]

  it('a read there that fails is made again on main, and the app gets its balance', async () => {
    const n = walletReads().length
    t.sim.control.injectFault({ path: /^\/v1\/wallet\/[^/]+$/, kind: 'wrongShape', times: 1 })
    expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    // the worker's read met the fault; main's, through the account's client, did not
    expect(
      walletReads()
        .slice(n)
        .map((r) => r.fault ?? r.status),
    ).toEqual(['wrongShape', 200])
  })

  it('after the account key is replaced, no read goes out with the old key', async () => {
    const { activeId } = await t.call<{ activeId: string }>('accounts.list')
    await t.call('accounts.replaceKey', { id: activeId, apiKey: t.sim.control.replaceSecretKey() })
    let n = walletReads().length
    expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    // the worker let go of the old read before the key's change was answered: main answers until
    // the worker has learnt the new one
    expect(
      walletReads()
        .slice(n)
        .map((r) => r.status),
    ).toEqual([200])
    n = walletReads().length
    expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    expect(
      walletReads()
        .slice(n)
        .map((r) => r.status),
    ).toEqual([200])
  })

  it('is answered RESTRICTED while paused, and nothing else', async () => {
    await t.call('nwc.settings', { paused: true })
    const e = raw.make({ method: 'get_balance', params: {} })
    try {
      expect((await raw.send(e))[0]?.error?.code).toBe('RESTRICTED')
    } finally {
      await t.call('nwc.settings', { paused: false })
    }
    // a request after it is answered after anything the worker still had of the first
    expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    const answers = t.relay.published.filter((x) => x.kind === 23195 && x.tags.some((g) => g[1] === e.id))
    expect(answers).toHaveLength(1)
  })
})

describe('paused and locked', () => {
  // the lock's own setting (Settings → Lock); the router refuses settings.update while locked
  const lockSetting = (connectedApps: boolean) =>
    t.app.settings.update((f) => ({ ...f, settings: { ...f.settings, lock: { ...f.settings.lock, connectedApps } } }))
  const balance = async () => (await raw.send(raw.make({ method: 'get_balance', params: {} })))[0]

  it('answers RESTRICTED while paused, and serves again when resumed', async () => {
    await t.call('nwc.settings', { paused: true })
    const n = withdrawals()
    expect((await raw.send(raw.make(pay(5))))[0]?.error?.code).toBe('RESTRICTED')
    expect(withdrawals()).toBe(n)
    await t.call('nwc.settings', { paused: false })
    expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
  })

  it('answers RESTRICTED while the app is locked, unless its setting lets apps go on', async () => {
    await t.call('lock.set', { passphrase: 'a long test passphrase' })
    await t.call('lock.lock')
    try {
      expect((await balance())?.error?.code).toBe('RESTRICTED')
      await lockSetting(true)
      expect((await balance())?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
    } finally {
      await lockSetting(false)
      await t.call('lock.unlock', { passphrase: 'a long test passphrase' })
      await t.call('lock.remove', { current: 'a long test passphrase' })
    }
  }, 30_000)
})

describe('relay faults', () => {
  it('reconnects after the relay drops the connection and serves again', async () => {
    const infos = () => t.relay.published.filter((e) => e.kind === 13194).length
    const before = infos()
    t.relay.dropConnections()
    raw.close()
    // the service republishes its info event right after it subscribed again
    await until(() => infos() > before)
    raw = await rawClient(uri, t.logs)
    const [a] = await raw.send(raw.make({ method: 'get_balance', params: {} }))
    expect(a?.result?.balance).toBe(t.sim.control.balanceMsat(t.w.id))
  }, 30_000)

  it('pays nothing for a request the relay dropped, and serves the next', async () => {
    t.relay.faults.dropKinds = [23194]
    const n = withdrawals()
    try {
      expect(await raw.send(raw.make(pay(50)), 'acked')).toEqual([])
    } finally {
      t.relay.faults.dropKinds = []
    }
    expect(withdrawals()).toBe(n)
    const [a] = await raw.send(raw.make(pay(50)))
    expect(a?.result?.preimage).toMatch(/^[0-9a-f]{64}$/)
    expect(withdrawals()).toBe(n + 1)
  })

  it('a relay that never answers holds nothing up: a connection is made and the app stops', async () => {
    const silent = await startRelay()
    silent.faults.silent = true
    try {
      await t.call('nwc.settings', { relay: silent.url })
      const started = Date.now()
      const made = await t.call<{ uri: string }>('nwc.create', {
        ...{ name: 'Quiet', walletId: t.w.id, budgetSat: 100, period: 'never', methods: ['get_info'] },
      })
      expect(made.uri).toContain(encodeURIComponent(silent.url))
      // the other connection still answers meanwhile
      const [a] = await raw.send(raw.make({ method: 'get_info', params: {} }))
      expect(a?.result).toBeTruthy()
      await t.restart({ listening: false })
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      await t.call('nwc.settings', { relay: t.relay.url })
      await silent.close()
    }
  }, 30_000)
})
