// The NWC account's BackendClient without a relay: what it makes of a wallet's pay_invoice answer.
// A preimage is the proof of a payment only when it hashes to the invoice's payment hash.
import { describe, expect, it } from 'vitest'
import type { NwcAccount } from '../../../../electron/main/services/backends/nwc/account'
import { nwcClient, nwcWalletId } from '../../../../electron/main/services/backends/nwc/client'
import { encodeInvoice, nodeKeyFrom, randomHex, sha256Hex } from '../../../simulator/bolt11'

const walletPubkey = 'ab'.repeat(32)
const preimage = randomHex(32)
const invoice = encodeInvoice(
  {
    amountMsat: 21_000,
    timestamp: 1_700_000_000,
    paymentHash: sha256Hex(preimage),
    paymentSecret: randomHex(32),
    description: 'tea',
    expiry: 3600,
  },
  nodeKeyFrom('payee'),
)

function clientAnswering(answer: { preimage: string; fees_paid?: number }) {
  const asked: string[] = []
  const account = {
    payInvoice: async (p: { invoice: string }) => {
      asked.push(p.invoice)
      return answer
    },
  } as unknown as NwcAccount
  return {
    asked,
    client: nwcClient({ account: async () => account, walletPubkey, nowSec: () => 1_700_000_100 }),
  }
}

describe('an NWC account’s payment', () => {
  it('with a preimage of the invoice’s hash: one outgoing row, amount and fee, dated by the wallet’s clock', async () => {
    const { asked, client } = clientAnswering({ preimage, fees_paid: 2_000 })
    const paid = await client.payInvoice(nwcWalletId(walletPubkey), {
      paymentRequest: invoice,
      feeLimitMsat: 1_000,
      notes: {},
    })
    expect(asked).toHaveLength(1)
    const row = paid.row
    expect(row).toMatchObject({ amountMsat: -23_000, createdAt: 1_700_000_100, typeName: 'ln_withdrawal' })
    expect(row?.preimage).toBe(preimage)
    expect(paid.preimage).toBe(preimage)
    expect(row?.txId).toBe(`out-${sha256Hex(preimage)}`)
  })

  it('with a preimage that proves nothing: unknown, never paid nor failed, asked once', async () => {
    const { asked, client } = clientAnswering({ preimage: randomHex(32) })
    await expect(
      client.payInvoice(nwcWalletId(walletPubkey), { paymentRequest: invoice, feeLimitMsat: 1_000, notes: {} }),
    ).rejects.toMatchObject({ code: 'unknown_outcome', retryable: false })
    expect(asked).toHaveLength(1)
  })

  it('another wallet’s key is refused before anything is asked', async () => {
    const { asked, client } = clientAnswering({ preimage })
    await expect(
      client.payInvoice('nwc-other', { paymentRequest: invoice, feeLimitMsat: 1_000, notes: {} }),
    ).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(asked).toHaveLength(0)
  })
})
