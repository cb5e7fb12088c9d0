// LNbits' websocket link comes back after the link drops and the server is unreachable for a
// while (a TCP relay in front of the simulator cuts every connection, then refuses new ones, then
// lets them through again), and what the server announces then is heard.
import { createServer, type Socket, connect as tcpConnect } from 'node:net'
import { expect, it } from 'vitest'
import { lnbitsPush } from '../../../../electron/main/services/backends/lnbits'
import { invoiceKeyWalletId } from '../../../../electron/main/services/backends/lnbits/keys'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { lnbitsClient, lnbitsSimFor } from './support'

let sim: SimulatorHandle
let w: LnbitsWallet
lnbitsSimFor((s, wallets) => {
  sim = s
  w = wallets[2]
})

/** a relay on 127.0.0.1 to `port`: `cut()` drops every connection and refuses new ones until `mend()` */
async function relay(port: number) {
  const open = new Set<Socket>()
  let down = false
  let refused = 0
  const server = createServer((inbound) => {
    if (down) {
      refused++
      inbound.destroy()
      return
    }
    const out = tcpConnect(port, '127.0.0.1')
    for (const s of [inbound, out]) {
      open.add(s)
      s.on('close', () => open.delete(s))
      s.on('error', () => undefined)
    }
    inbound.pipe(out).pipe(inbound)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url,
    refused: () => refused,
    cut() {
      down = true
      for (const s of open) s.destroy()
    },
    mend() {
      down = false
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

it('watches again after a drop and hears the next payment', async () => {
  const r = await relay(Number(new URL(sim.url).port))
  let heard = 0
  const logged: string[] = []
  const push = lnbitsPush({
    baseUrl: r.url,
    onPush: () => heard++,
    log: (m, f) => logged.push(`${m} ${JSON.stringify(f)}`),
    backoffMinMs: 50,
    backoffMaxMs: 200,
  })
  try {
    push.watch(w.inkey)
    await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(1)
    r.cut()
    await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(0)
    // it keeps trying while the server is away
    await expect.poll(() => r.refused(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    r.mend()
    await expect.poll(() => push.openCount(), { timeout: 10_000 }).toBe(1)
    const inv = await lnbitsClient(sim, [w.inkey]).createInvoice(invoiceKeyWalletId(w.inkey), {
      amountMsat: 1_000,
      memo: 'after the drop',
    })
    await sim.control.settleInvoice(inv.paymentRequest)
    await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
    expect(logged.length).toBeGreaterThanOrEqual(1)
    for (const line of logged) expect(line).not.toContain(w.inkey)
  } finally {
    push.close()
    await r.close()
  }
})
