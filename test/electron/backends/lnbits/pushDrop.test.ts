// LNbits' websocket link comes back after the server goes away and returns (a restart on the
// same port, the same seed: the same keys), and what it announces then is heard.
import { expect, it } from 'vitest'
import { lnbitsPush } from '../../../../electron/main/services/backends/lnbits'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { lnbitsClient } from './support'

it('watches again after a drop and hears the next payment', async () => {
  let sim: SimulatorHandle = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  const port = Number(new URL(sim.url).port)
  const w = sim.lnbits[2] as LnbitsWallet
  let heard = 0
  const logged: string[] = []
  const push = lnbitsPush({
    baseUrl: sim.url,
    onPush: () => heard++,
    log: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
    backoffMinMs: 50,
    backoffMaxMs: 200,
  })
  try {
    push.watch(w.inkey)
    await expect.poll(() => push.openCount()).toBe(1)
    await sim.close()
    await expect.poll(() => push.openCount()).toBe(0)
    sim = await startSimulator({ seed: 'demo', flavor: 'lnbits', port })
    await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(1)
    const inv = await lnbitsClient(sim, [w.inkey]).createInvoice(
      (await lnbitsClient(sim, [w.inkey]).listWallets())[0]?.id ?? '',
      {
        amountMsat: 1_000,
        memo: 'after the drop',
      },
    )
    await sim.control.settleInvoice(inv.paymentRequest)
    await expect.poll(() => heard).toBeGreaterThanOrEqual(1)
    expect(logged.length).toBeGreaterThan(0)
    for (const line of logged) expect(line).not.toContain(w.inkey)
  } finally {
    push.close()
    await sim.close()
  }
})
