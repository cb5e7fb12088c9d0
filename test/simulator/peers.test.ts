// Two simulators as two nodes: an invoice the LNbits flavor made, paid from the service flavor,
// settles there once (the payer's routing fee, the peer's preimage); paid again, it is refused.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from './index'

let payer: SimulatorHandle
let payee: SimulatorHandle
beforeAll(async () => {
  payer = await startSimulator({ seed: 'empty' })
  payee = await startSimulator({ seed: 'empty', flavor: 'lnbits' })
  payer.control.ledger.peers.push(payee.control.ledger)
})
afterAll(async () => {
  await payer?.close()
  await payee?.close()
})

/** an LNbits wallet's balance in the peer's books, as /_sim/state lists it */
async function hubMsat(id: string): Promise<number> {
  const st = (await (await fetch(`${payee.url}/_sim/state`)).json()) as {
    wallets: { id: string; balance_msat: number }[]
  }
  return st.wallets.find((w) => w.id === id)?.balance_msat as number
}

it("pays a peer's invoice once, settled there at its amount", async () => {
  const from = payer.control.createWallet('From', 10_000)
  const hub = payee.lnbits[0]!
  const made = await fetch(`${payee.url}/api/v1/payments`, {
    method: 'POST',
    headers: { 'X-Api-Key': hub.inkey, 'content-type': 'application/json' },
    body: JSON.stringify({ out: false, amount: 2_000, memo: 'across' }),
  })
  expect(made.status).toBe(201)
  const { bolt11, payment_hash } = (await made.json()) as { bolt11: string; payment_hash: string }
  const before = await hubMsat(hub.id)
  const { wtx, lnTx } = payer.control.ledger.payInvoice(from.id, bolt11)
  expect(wtx.amountMsat).toBe(-2_000_000)
  // the outside fee (0.1 %, at least a sat), and the preimage the peer holds
  expect(payer.control.balanceMsat(from.id)).toBe(10_000_000 - 2_000_000 - 2_000)
  const there = [...payee.control.ledger.lntx.values()].find((t) => t.paymentHash === payment_hash)
  expect(lnTx.preimage).toBe(there?.preimage)
  expect(there?.settledAt).not.toBeNull()
  expect(await hubMsat(hub.id)).toBe(before + 2_000_000)
  // a second wallet paying the same request: the peer has it paid and turns it down
  const other = payer.control.createWallet('Other', 10_000)
  expect(() => payer.control.ledger.payInvoice(other.id, bolt11)).toThrow()
  expect(await hubMsat(hub.id)).toBe(before + 2_000_000)
  expect(payer.control.balanceMsat(other.id)).toBe(10_000_000)
})
