// Amountless invoices (the payer chooses): the sync loop takes the amount the service reports when
// settled, by either way it reads (one invoice at a time, or a wallet's transactions page), and
// the notification says what actually arrived.
import type { PendingInvoice } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BackendClient } from '../../../electron/main/services/backends'
import type { SyncLoop } from '../../../electron/main/services/sync'
import { pendingInvoiceView } from '../../../electron/main/services/views'
import type { SimulatorHandle } from '../../simulator'
import {
  ACCOUNT,
  closeWorld,
  createInvoice,
  makeLoop,
  openWorld,
  type Recorder,
  type SyncWorld,
  type VirtualTimers,
} from './harness'

let sim: SimulatorHandle
let client: BackendClient
let vt: VirtualTimers
let rec: Recorder
let w: SyncLoop

let world: SyncWorld

beforeEach(async () => {
  world = await openWorld()
  ;({ sim, client, vt, rec } = world)
  w = makeLoop({ sim, client, vt, rec, store: world.store })
  world.loops.push(w)
})
afterEach(() => closeWorld(world))

/** An invoice without an amount, as the invoices.create handler makes one. */
async function anyAmount(walletId: string, memo: string): Promise<PendingInvoice> {
  const l = await client.createInvoice(walletId, { memo, expirySec: 3600 })
  return pendingInvoiceView(l, { walletId, accountId: ACCOUNT, memo, nowSec: sim.control.clock.now() })
}

const titles = () => rec.shown.map((n) => n.title).sort()
const listed = (id: string) => w.list().find((i) => i.id === id)

describe('amountless invoices', () => {
  it('read one by one: paid 1,234 sats shows and is announced as 1,234 sats', async () => {
    const walletId = sim.control.createWallet('Tips', 0).id
    const inv = await anyAmount(walletId, 'tip jar')
    expect(inv.amountSat).toBe(0)
    await w.track(inv)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(inv.id, 1234)
    await vt.advance(15_000)
    expect(listed(inv.id)).toMatchObject({ status: 'paid', amountSat: 1234 })
    expect(titles()).toEqual(['Received 1,234 sats'])
    expect(rec.of('invoice.updated').at(-1)).toMatchObject({ id: inv.id, status: 'paid', amountSat: 1234 })
  })

  it('read from the transactions page: each gets the amount its payer chose', async () => {
    const walletId = sim.control.createWallet('Shop', 0).id
    const a = await anyAmount(walletId, 'a')
    const b = await anyAmount(walletId, 'b')
    const fixed = await createInvoice(client, walletId, 50, 'fixed')
    for (const inv of [a, b, fixed]) await w.track(inv)
    w.start()
    await w.idle()
    await sim.control.settleInvoice(a.id, 21)
    await sim.control.settleInvoice(b.id, 100_000)
    await sim.control.settleInvoice(fixed.id)
    await vt.advance(15_000)
    // three invoices in one wallet are matched against its transactions, not read one by one
    expect(sim.control.requests({ path: /\/transactions$/ }).length).toBeGreaterThan(0)
    expect(listed(a.id)?.amountSat).toBe(21)
    expect(listed(b.id)?.amountSat).toBe(100_000)
    expect(listed(fixed.id)?.amountSat).toBe(50)
    expect(titles()).toEqual(['Received 100,000 sats', 'Received 21 sats', 'Received 50 sats'])
  })
})
