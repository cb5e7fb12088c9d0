// The balance read the connected apps' relay worker makes itself (backends/balanceRead.ts): the
// service client's getWallet as one plain GET, against the simulator over loopback HTTP in each
// way of sending the key, and null (main reads then) for anything but a wallet's answer.
import type { AuthMethod } from '@shared/contract'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readBalance } from '../../../../electron/main/services/backends/balanceRead'
import { createServiceClient } from '../../../../electron/main/services/backends/service'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../../simulator/index'
import { serve } from '../loopback'

let sim: SimulatorHandle
let w: SimWallet
beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  w = sim.control.createWallet('Read on the worker', 12_345)
})
afterAll(() => sim.close())
afterEach(() => sim.control.clearFaults())

const client = (authMethod: AuthMethod, key = sim.keys.secret) =>
  createServiceClient({ baseUrl: sim.url, getApiKey: () => key, authMethod })

describe('the service balance as one GET', () => {
  it.each(['header', 'basic', 'query'] as const)('reads what getWallet reads (%s)', async (auth) => {
    const r = await client(auth).balanceRead(w.id)
    expect(await readBalance(r)).toBe(sim.control.balanceMsat(w.id))
    const got = await client(auth).getWallet(w.id)
    expect(await readBalance(r)).toBe(got.balance_msat ?? got.balance * 1000)
  })

  it('is null for a refused key, a wrong shape and a wallet that is not there', async () => {
    expect(await readBalance(await client('header', 'sak_not_a_key').balanceRead(w.id))).toBeNull()
    expect(await readBalance(await client('header').balanceRead('wal_none'))).toBeNull()
    sim.control.injectFault({ path: `/v1/wallet/${w.id}`, kind: 'wrongShape', times: 1 })
    expect(await readBalance(await client('header').balanceRead(w.id))).toBeNull()
    expect(await readBalance(await client('header').balanceRead(w.id))).toBe(sim.control.balanceMsat(w.id))
  })
})

describe('a server that misbehaves', () => {
  it('is null for a redirect (not followed: the key stays with its host) and an oversized answer', async () => {
    const elsewhere = await serve((_req, res) => res.end('{}'))
    const odd = await serve((req, res) => {
      if (req.url?.includes('redirect')) {
        res.writeHead(302, { location: `${elsewhere.url}/v1/wallet/x` })
        return res.end()
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ id: 'x', created_at: 1, balance: 1, pad: 'x'.repeat(100_000) }))
    })
    try {
      const headers = { 'X-Api-Key': 'sak_secret' }
      expect(await readBalance({ url: `${odd.url}/redirect`, headers, shape: 'service' })).toBeNull()
      expect(elsewhere.seen).toHaveLength(0)
      expect(await readBalance({ url: `${odd.url}/big`, headers, shape: 'service' })).toBeNull()
      expect(odd.seen).toHaveLength(2)
    } finally {
      await odd.close()
      await elsewhere.close()
    }
  })
})
