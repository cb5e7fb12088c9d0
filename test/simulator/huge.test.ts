// The huge seed: made in bulk, read lazily, and still the service's history (balances add up, a
// fee follows its payment with the same lnTx, each transfer has its other side, ids are unique).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from './index'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'huge', tx: 3_000 })
})
afterAll(() => sim?.close())

type Row = {
  id: string
  created_at: number
  num_msat: number
  wtxType: { name: string }
  lnTx: { id: string; memo: string | null } | null
  passThru: Record<string, unknown>
  user_label: string | null
}

async function all(path: string): Promise<Row[]> {
  const out: Row[] = []
  for (let page = 1; ; page++) {
    const res = await fetch(`${sim.url}${path}${path.includes('?') ? '&' : '?'}page=${page}&per-page=500`, {
      headers: { 'X-Api-Key': sim.keys.secret },
    })
    out.push(...((await res.json()) as Row[]))
    if (page >= Number(res.headers.get('x-pagination-page-count'))) return out
  }
}

it('lists N transactions over three wallets, each adding up to its balance', async () => {
  const byWallet = new Map<string, Row[]>()
  for (const w of sim.keys.wallets) {
    const rows = await all(`/v1/wallet/${w.id}/transactions`)
    byWallet.set(w.id, rows)
    const res = await fetch(`${sim.url}/v1/wallet/${w.id}`, { headers: { 'X-Api-Key': sim.keys.secret } })
    const { balance_msat } = (await res.json()) as { balance_msat: number }
    expect(rows.reduce((s, r) => s + r.num_msat, 0)).toBe(balance_msat)
    expect(balance_msat).toBeGreaterThanOrEqual(0)
    // newest first
    expect(rows.every((r, i) => i === 0 || (rows[i - 1] as Row).created_at >= r.created_at)).toBe(true)
  }
  const rows = [...byWallet.values()].flat()
  expect(sim.keys.wallets.map((w) => w.label)).toEqual(['Shop', 'Everyday', 'Savings'])
  expect(rows).toHaveLength(3_000)
  expect(new Set(rows.map((r) => r.id)).size).toBe(3_000)
  const types = new Set(rows.map((r) => r.wtxType.name))
  for (const t of ['ln_deposit', 'ln_lnurl_pay_inbound', 'ln_withdrawal', 'ln_lnurl_pay_outbound', 'network_fee'])
    expect(types).toContain(t)
  expect(rows.some((r) => typeof r.passThru.comment === 'string')).toBe(true)
  expect(rows.some((r) => typeof r.passThru.ln_address === 'string')).toBe(true)
  expect(rows.some((r) => r.lnTx?.memo?.startsWith('Order #'))).toBe(true)

  // every fee comes just before a payment with the same lnTx (newest first)
  for (const list of byWallet.values())
    list.forEach((r, i) => {
      if (r.wtxType.name !== 'network_fee') return
      const pay = list[i + 1]
      expect(pay?.lnTx?.id).toBe(r.lnTx?.id)
      expect(r.passThru.source_transaction).toBe(pay?.id)
    })
  // every transfer out has its transfer in (the seed's last row aside)
  const ins = rows.filter((r) => r.wtxType.name === 'ln_transfer_in')
  const outs = rows.filter((r) => r.wtxType.name === 'ln_transfer_out')
  expect(outs.length).toBeGreaterThan(0)
  expect(Math.abs(outs.length - ins.length)).toBeLessThanOrEqual(1)

  // the account's feed lists the same rows, newest first
  const feed = await all('/v1/wallet-transactions')
  expect(new Set(feed.map((r) => r.id))).toEqual(new Set(rows.map((r) => r.id)))
})

it('puts a payment made now in front of the seeded history', async () => {
  const shop = sim.keys.wallets[0]?.id as string
  await sim.control.payInbound(shop, 21, 'made now')
  const res = await fetch(`${sim.url}/v1/wallet/${shop}/transactions?page=1&per-page=2`, {
    headers: { 'X-Api-Key': sim.keys.secret },
  })
  const [first] = (await res.json()) as Row[]
  expect(first?.lnTx?.memo).toBe('made now')
})
