// pendingInvoiceView's expiry when the service leaves it out: read from the signed BOLT 11
// request itself (timestamp + `x` tag, 3600 s by BOLT 11 when absent), never guessed.

import bolt11 from 'bolt11'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { invoiceOf } from '../../../electron/main/services/backends/service/rows'
import type { LnTx } from '../../../electron/main/services/backends/service/schemas'
import { pendingInvoiceView as viewOf } from '../../../electron/main/services/views'
import { nodeKeyFrom } from '../../simulator/bolt11'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
})
afterAll(() => sim.close())

const opts = { walletId: 'w', accountId: 'a', memo: 'm', nowSec: 0 }
/** the view of the service's lnTx as its backend hands it on (backends/service/rows.ts) */
const pendingInvoiceView = (l: LnTx, o: typeof opts) => viewOf(invoiceOf(l), o)

/** The service's lnTx as the schema allows it: no expires_at, no expiry. */
function withoutExpiry(l: LnTx): LnTx {
  const { expires_at: _a, expiry: _b, ...rest } = l
  return rest as LnTx
}

async function simInvoice(expiry: number): Promise<LnTx> {
  const wallet = sim.keys.wallets[0]
  if (!wallet) throw new Error('no wallet')
  const raw = createServiceClient({ baseUrl: sim.url, getApiKey: () => sim.keys.secret, authMethod: 'header' })
  return raw.createInvoice(wallet.id, { num_satoshis: 21, memo: 'expiry', expiry })
}

describe('pendingInvoiceView: expiresAt', () => {
  it('without expires_at/expiry: the invoice timestamp + its x tag (600 s), not 24 h', async () => {
    const l = await simInvoice(600)
    const stamp = bolt11.decode(l.payment_request).timestamp
    expect(stamp).toEqual(expect.any(Number))
    const inv = pendingInvoiceView(withoutExpiry(l), opts)
    expect(inv.expiresAt).toBe((stamp ?? 0) + 600)
  })

  it('a request without an x tag expires 3600 s after its timestamp (BOLT 11 default)', () => {
    const key = nodeKeyFrom('views-test')
    const timestamp = 1_700_000_000
    const unsigned = bolt11.encode(
      {
        network: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
        satoshis: 21,
        timestamp,
        tags: [
          { tagName: 'payment_hash', data: '11'.repeat(32) },
          { tagName: 'description', data: 'no x tag' },
        ],
      },
      false,
    ) // false: no default tags (bolt11 would add x = 3600 itself)
    const pr = bolt11.sign(unsigned, Buffer.from(key.secret).toString('hex')).paymentRequest ?? ''
    expect(bolt11.decode(pr).tags.some((t) => t.tagName === 'expire_time')).toBe(false)
    const l = withoutExpiry({ ...sampleLnTx(), payment_request: pr })
    expect(pendingInvoiceView(l, opts).expiresAt).toBe(timestamp + 3600)
  })

  it("the service's expires_at wins over the request", async () => {
    const l = await simInvoice(600)
    const inv = pendingInvoiceView({ ...l, expires_at: l.created_at + 1234 }, opts)
    expect(inv.expiresAt).toBe(l.created_at + 1234)
  })

  it('a request that cannot be decoded falls back to 24 h after creation', async () => {
    const l = withoutExpiry({ ...(await simInvoice(600)), payment_request: 'lnbcrt1notaninvoice' })
    expect(pendingInvoiceView(l, opts).expiresAt).toBe(l.created_at + 86_400)
  })
})

function sampleLnTx(): LnTx {
  return {
    id: 'lntx_views',
    created_at: 1_700_000_005,
    payment_request: '',
    r_hash_decoded: '11'.repeat(32),
    num_satoshis: 21,
    settled: false,
  } as LnTx
}
