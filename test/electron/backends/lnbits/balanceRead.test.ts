// An LNbits wallet's balance as the connected apps' relay worker reads it (backends/balanceRead.ts):
// the same figure as the client's getWallet, with the wallet's own key (an invoice key will do).
import { describe, expect, it } from 'vitest'
import { readBalance } from '../../../../electron/main/services/backends/balanceRead'
import type { SimulatorHandle } from '../../../simulator/index'
import { lnbitsClient, lnbitsSimFor, simBalance, type ThreeWallets } from './support'

let sim: SimulatorHandle
let wallets: ThreeWallets
lnbitsSimFor((s, w) => {
  sim = s
  wallets = w
})

describe("an LNbits balance read on the relays' worker", () => {
  it('reads what getWallet reads, for an admin key and an invoice key', async () => {
    const [a, b] = wallets
    const client = lnbitsClient(sim, [a.adminkey, b.inkey])
    for (const w of await client.listWallets()) {
      const r = await client.balanceRead(w.id)
      expect(r.shape).toBe('lnbits')
      expect(await readBalance(r)).toBe((await client.getWallet(w.id)).balanceMsat)
    }
    const one = await lnbitsClient(sim, [a.adminkey]).listWallets()
    expect(one[0]?.balanceMsat).toBe(await simBalance(sim, a))
  })

  it('is null for a key the server refuses', async () => {
    const client = lnbitsClient(sim, [wallets[0].inkey])
    const [w] = await client.listWallets()
    const r = await client.balanceRead(w?.id ?? '')
    expect(await readBalance({ ...r, headers: { ...r.headers, 'X-Api-Key': 'f'.repeat(32) } })).toBeNull()
  })
})
