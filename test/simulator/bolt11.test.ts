// Invoices are real BOLT 11: decoded by light-bolt11-decoder, verified (signature) by bolt11.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import bolt11 from 'bolt11'
import { decode } from 'light-bolt11-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LnTx } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, startSimulator } from './index'
import { call, withSimulator } from './support'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 111, scriptHash: 196, validWitnessVersions: [0, 1] }

let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())

async function invoice(body: Record<string, unknown>) {
  const w = sim.keys.wallets[0]!
  const r = await call(sim, 'POST', `/v1/wallet/${w.keys.invoice}/invoice`, { key: sim.keys.secret, json: body })
  expect(r.status).toBe(201)
  return LnTx.parse(r.data)
}

describe('BOLT 11 invoices', () => {
  it.each([1, 1234, 100_000, 2_100_000])('%i sats: amount, hash, description, expiry, signature', async (sats) => {
    const tx = await invoice({ num_satoshis: sats, memo: `memo ☕ ${sats}`, expiry: 600 })
    const light = decode(tx.payment_request)
    const section = (name: string) => light.sections.find((s) => s.name === name) as { value?: unknown } | undefined
    expect(section('coin_network')).toMatchObject({ letters: 'bcrt' })
    expect(Number(section('amount')?.value)).toBe(sats * 1000)
    expect(section('payment_hash')?.value).toBe(tx.r_hash_decoded)
    expect(section('description')?.value).toBe(`memo ☕ ${sats}`)
    expect(section('payment_secret')?.value).toBe(tx.payment_addr)
    expect(light.expiry).toBe(600)

    const v = bolt11.decode(tx.payment_request, REGTEST)
    expect(v.complete).toBe(true)
    expect(v.payeeNodeKey).toBe(tx.dest_pubkey) // recovered from the signature
    expect(v.millisatoshis).toBe(String(sats * 1000))
    expect(v.timestamp).toBe(tx.created_at)
    expect(v.tagsObject.payment_hash).toBe(tx.r_hash_decoded)
    expect(v.tagsObject.expire_time).toBe(600)
    expect(v.tagsObject.feature_bits?.payment_secret?.required).toBe(true)
    expect(v.tagsObject.feature_bits?.var_onion_optin?.required).toBe(true)
  })

  it('the preimage hashes to the payment hash once settled', async () => {
    const tx = await invoice({ num_satoshis: 5, memo: 'proof' })
    expect(tx.payment_preimage).toBeNull()
    await sim.control.settleInvoice(tx.payment_request)
    const r = await call(sim, 'GET', `/v1/lntx/${tx.id}`, { key: sim.keys.secret })
    const paid = LnTx.parse(r.data)
    expect(paid.settled).toBe(true)
    expect(bytesToHex(sha256(hexToBytes(paid.payment_preimage!)))).toBe(paid.r_hash_decoded)
  })

  it('a description_hash invoice carries the h tag instead of d', async () => {
    const h = bytesToHex(sha256(new TextEncoder().encode('[["text/plain","x"]]')))
    const tx = await invoice({ num_satoshis: 3, memo: 'ignored', description_hash: h })
    const v = bolt11.decode(tx.payment_request, REGTEST)
    expect(v.tagsObject.purpose_commit_hash).toBe(h)
    expect(v.tagsObject.description).toBeUndefined()
  })

  it('a zero-amount invoice has no amount', async () => {
    const tx = await invoice({ memo: 'any amount' })
    const v = bolt11.decode(tx.payment_request, REGTEST)
    expect(v.millisatoshis).toBeNull()
    expect(v.payeeNodeKey).toBe(tx.dest_pubkey)
  })

  it('invoices of the large seed are signed lazily and still valid', async () => {
    await withSimulator({ seed: 'large' }, async (large) => {
      const w = large.keys.wallets[0]!
      const r = await call(large, 'GET', `/v1/wallet/${w.id}/transactions?page=40&per-page=5`, {
        key: large.keys.secret,
      })
      const withLn = (r.data as Array<{ lnTx: { payment_request: string; dest_pubkey: string } | null }>).filter(
        (t) => t.lnTx,
      )
      expect(withLn.length).toBeGreaterThan(0)
      for (const t of withLn)
        expect(bolt11.decode(t.lnTx!.payment_request, REGTEST).payeeNodeKey).toBe(t.lnTx!.dest_pubkey)
    })
  })
})
