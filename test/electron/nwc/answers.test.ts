// What the wallet service answers, read raw (no client library between): NIP-47 leaves a field out
// when there is no value, and strict clients refuse the whole answer over an empty public key. The
// defects other clients found: `"pubkey": ""` and `"network": "mainnet"` in get_info, a paid
// invoice's look-up without its preimage, list_transactions rows with `""` for what they lack.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type NwcWorld, startNwcWorld, until } from './harness'
import { rawClient } from './rawClient'

let t: NwcWorld
let raw: Awaited<ReturnType<typeof rawClient>>
beforeAll(async () => {
  t = await startNwcWorld()
  const { uri } = await t.connect()
  raw = await rawClient(uri, t.logs)
}, 30_000)
afterAll(async () => {
  raw?.close()
  await t?.close()
})

const ask = async (method: string, params: Record<string, unknown> = {}) => {
  const [a] = await raw.send(raw.make({ method, params }))
  if (!a?.result) throw new Error(`${method}: ${JSON.stringify(a?.error)}`)
  return a.result
}

describe('get_info', () => {
  it('names no node key it does not have, and the network of the account’s invoices', async () => {
    const before = await ask('get_info')
    expect(before).not.toHaveProperty('pubkey')
    expect(before).not.toHaveProperty('block_hash')
    // no invoice seen yet: no network claimed (it used to say "mainnet" on a regtest node)
    expect(before).not.toHaveProperty('network')
    await ask('make_invoice', { amount: 21_000, description: 'network probe' })
    const after = await ask('get_info')
    expect(after.network).toBe('regtest')
    expect(after.methods).toContain('get_info')
  })
})

describe('lookup_invoice', () => {
  it('gives a paid invoice’s preimage (only an unpaid one has none)', async () => {
    const made = await ask('make_invoice', { amount: 5_000, description: 'look me up' })
    const hash = made.payment_hash as string
    const unpaid = await ask('lookup_invoice', { payment_hash: hash })
    expect(unpaid.state).toBe('pending')
    expect(unpaid).not.toHaveProperty('preimage')
    const inv = t.app.sync.list().find((i) => i.paymentHash === hash)
    if (!inv) throw new Error('the invoice is not watched')
    await t.sim.control.settleInvoice(inv.id)
    await until(async () => (await ask('lookup_invoice', { payment_hash: hash })).state === 'settled')
    const paid = await ask('lookup_invoice', { payment_hash: hash })
    expect(typeof paid.preimage).toBe('string')
    expect(
      createHash('sha256')
        .update(Buffer.from(paid.preimage as string, 'hex'))
        .digest('hex'),
    ).toBe(hash)
  })
})

describe('list_transactions', () => {
  it('leaves out a field that has no value instead of sending ""', async () => {
    // a deposit from outside: a row with no invoice text and no memo of the app's
    await t.sim.control.payInbound(t.w.id, 700, '')
    await until(async () => ((await ask('list_transactions', { limit: 50 })).transactions as unknown[]).length > 0)
    const rows = (await ask('list_transactions', { limit: 50 })).transactions as Array<Record<string, unknown>>
    for (const row of rows) for (const [k, v] of Object.entries(row)) expect(v, k).not.toBe('')
    expect(rows.every((r) => typeof r.amount === 'number' && typeof r.created_at === 'number')).toBe(true)
  })
})
