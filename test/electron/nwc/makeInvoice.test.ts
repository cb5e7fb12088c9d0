// make_invoice as NIP-47 has it in 2026 (issue 44, item 2): `description_hash` (an invoice that
// commits to a description kept elsewhere: a zap request, LNURL metadata) and `expiry` reach the
// invoice the service makes, the answer carries its `state`, and its `metadata` is kept and given
// back; a zap in it reaches the ledger row of the payment, for the history's "Zap from … via …".
import { createHash } from 'node:crypto'
import type { HistoryRow } from '@shared/history'
import { decodeBolt11 } from '@shared/payment/bolt11'
import { expect, it } from 'vitest'
import { shortNpub } from '../../../electron/main/services/ledger/zap'
import { until, withRawClient } from './harness'

const world = withRawClient()

const ask = async (params: Record<string, unknown>) => {
  const { raw } = world()
  const [a] = await raw.send(raw.make({ method: 'make_invoice', params }))
  return a
}

it('makes an invoice committing to a description_hash, with the expiry asked', async () => {
  const zap = JSON.stringify({ kind: 9734, content: 'great post', tags: [['p', 'ab'.repeat(32)]] })
  const hash = createHash('sha256').update(zap).digest('hex')
  const a = await ask({ amount: 21_000, description_hash: hash.toUpperCase(), expiry: 600 })
  expect(a?.error).toBeNull()
  const made = a?.result as Record<string, unknown>
  expect(made.state).toBe('pending')
  expect(made.expires_at).toBe((made.created_at as number) + 600)
  const decoded = decodeBolt11(made.invoice as string)
  if (decoded?.kind !== 'bolt11') throw new Error('not an invoice')
  expect(decoded.descriptionHash).toBe(hash)
  expect(decoded.expirySec).toBe(600)
})

it('refuses a description_hash that is not 64 hex characters, and makes nothing', async () => {
  const made = () => world().t.sim.control.requests({ method: 'POST', path: /\/invoice$/ }).length
  const before = made()
  const a = await ask({ amount: 21_000, description_hash: 'zap' })
  expect(a?.error?.code).toBe('OTHER')
  expect(made()).toBe(before)
})

it('keeps the metadata an invoice was made with and gives it back when it is looked up', async () => {
  const { raw } = world()
  const metadata = { comment: 'for the coffee', payer_data: { name: 'Satoshi' } }
  const made = (await ask({ amount: 3_000, description: 'with metadata', metadata }))?.result
  expect(made?.metadata).toEqual(metadata)
  const hash = made?.payment_hash as string
  const [looked] = await raw.send(raw.make({ method: 'lookup_invoice', params: { payment_hash: hash } }))
  expect(looked?.result?.metadata).toEqual(metadata)
})

it('refuses metadata that is not an object or is over 4 KB', async () => {
  expect((await ask({ amount: 3_000, metadata: 'zap' }))?.error?.code).toBe('OTHER')
  expect((await ask({ amount: 3_000, metadata: { comment: 'x'.repeat(5000) } }))?.error?.code).toBe('OTHER')
})

it('keeps a zap paid to an invoice an app made on the ledger row, shown "from" its sender "via" the app', async () => {
  const { t } = world()
  const sender = 'cd'.repeat(32)
  const metadata = { nostr: { pubkey: sender, tags: [['p', 'ef'.repeat(32)]] }, comment: 'great post' }
  const made = (await ask({ amount: 21_000, description: 'zap', metadata }))?.result
  await t.sim.control.settleInvoice(made?.invoice as string)
  t.app.sync.onResume()
  const zapOfRow = async () => {
    const page = await t.call<{ items: HistoryRow[] }>('history.page', { limit: 20 })
    return page.items.find((r) => r.paymentHash === made?.payment_hash)?.zap ?? null
  }
  await until(async () => (await zapOfRow()) !== null)
  // the connection is the app's name on its card ('Primal'): the app the zap came through
  expect(await zapOfRow()).toEqual({ from: shortNpub(sender), via: 'Primal' })
})
