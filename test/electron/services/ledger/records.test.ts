// The app's own records in the ledger (invoices, withdraw links, recent recipients), the person's
// labels and the wallets' names, and forgetting an account; plus the demo seed's types in words.
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { FEE_TYPE } from '../../../../electron/main/services/ledger/rows'
import { invoice, ledgerPerTest, link, row } from './helpers'
import { ledgerRows, readSeed } from './seedHistory'

const ctx = ledgerPerTest()

describe('app records', () => {
  it('pending invoices: added, settled, listed by status; bad input refused', () => {
    ctx.ledger.putInvoice(invoice())
    ctx.ledger.putInvoice(invoice({ id: 'lntx_2', createdAt: 150 }))
    ctx.ledger.putInvoice(invoice({ status: 'paid', settledAt: 300 }))
    expect(ctx.ledger.invoices({ status: 'pending' }).map((i) => i.id)).toEqual(['lntx_2'])
    expect(ctx.ledger.invoices({ accountId: 'acc_1', status: 'paid' })).toEqual([
      invoice({ status: 'paid', settledAt: 300 }),
    ])
    expect(ctx.ledger.invoices({ accountId: 'acc_2' })).toEqual([])
    expect(() => ctx.ledger.putInvoice(invoice({ status: 'weird' as never }))).toThrow()
  })

  it('an amountless invoice, once paid, keeps the amount the payer chose', () => {
    ctx.ledger.putInvoice(invoice({ amountSat: 0 }))
    ctx.ledger.putInvoice(invoice({ amountSat: 1_234, status: 'paid', settledAt: 300 }))
    expect(ctx.ledger.invoices()).toEqual([invoice({ amountSat: 1_234, status: 'paid', settledAt: 300 })])
  })

  it('withdraw links: a claim counts once, with what it actually took', () => {
    ctx.ledger.putWithdrawLink(link())
    const claim = { claimedAt: 400, claimedMsat: 4_000_000, txId: 'wtx_claim' }
    expect(ctx.ledger.claimWithdrawLink('acc_1', 'ott_1', claim)).toBe(true)
    expect(ctx.ledger.claimWithdrawLink('acc_1', 'ott_1', { ...claim, txId: 'wtx_other' })).toBe(false)
    expect(ctx.ledger.withdrawLinks({ status: 'claimed' })).toEqual([
      link({ status: 'claimed', claimedAt: 400, claimedMsat: 4_000_000, claimTxId: 'wtx_claim' }),
    ])
    expect(ctx.ledger.withdrawLinks({ status: 'waiting' })).toEqual([])
  })

  it("a claim's fee: the fee rows folded into the claim's transaction, as a positive amount; null while not stored", () => {
    expect(ctx.ledger.claimFeeMsat('acc_1', 'wtx_claim')).toBeNull()
    const claim = row({ txId: 'wtx_claim', typeName: 'ln_lnurl_withdraw', amountMsat: -1_000_000, lnTxId: 'lntx_w' })
    const fee = row({ txId: 'wtx_fee', typeName: FEE_TYPE, amountMsat: -1_000, lnTxId: 'lntx_w' })
    ctx.ledger.insertBatch('acc_1', [claim, fee], { announce: false })
    expect(ctx.ledger.claimFeeMsat('acc_1', 'wtx_claim')).toBe(1_000)
    expect(ctx.ledger.claimFeeMsat('acc_2', 'wtx_claim')).toBeNull()
  })

  it('claimed links: found by the transactions that claimed them, by the index, in that account only', () => {
    ctx.ledger.putWithdrawLink(link({ memo: 'Coffee for Bob' }))
    ctx.ledger.putWithdrawLink(link({ ott: 'ott_2', memo: 'Not claimed' }))
    ctx.ledger.claimWithdrawLink('acc_1', 'ott_1', { claimedAt: 400, claimedMsat: 1_000, txId: 'wtx_claim' })
    expect(ctx.ledger.claimedLinks('acc_1', ['wtx_claim', 'wtx_plain'])).toEqual([
      { txId: 'wtx_claim', ott: 'ott_1', memo: 'Coffee for Bob' },
    ])
    expect(ctx.ledger.claimedLinks('acc_2', ['wtx_claim'])).toEqual([])
    expect(ctx.ledger.claimedLinks('acc_1', [])).toEqual([])
  })

  it('recent recipients: newest first, with how often each was used', () => {
    ctx.ledger.recordRecipient('acc_1', 'alice@sim.example', 10)
    ctx.ledger.recordRecipient('acc_1', 'bob@sim.example', 20)
    ctx.ledger.recordRecipient('acc_1', ' alice@sim.example ', 30)
    ctx.ledger.recordRecipient('acc_1', 'alice@sim.example', 25)
    expect(ctx.ledger.recentRecipients('acc_1')).toEqual([
      { address: 'alice@sim.example', lastUsedAt: 30, useCount: 3 },
      { address: 'bob@sim.example', lastUsedAt: 20, useCount: 1 },
    ])
    expect(ctx.ledger.recentRecipients('acc_1', 1)).toHaveLength(1)
    expect(() => ctx.ledger.recordRecipient('acc_1', '', 1)).toThrow()
  })

  it('labels are the person’s, by service id, capped; forgetting an account removes all of it', () => {
    ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_l', memo: 'rent' })])
    ctx.ledger.setLabel('acc_1', 'wtx_l', '  rent  ', 1)
    expect(ctx.ledger.label('acc_1', 'wtx_l')).toBe('rent')
    expect(ctx.ledger.page({ accountId: 'acc_1' }).items[0]?.label).toBe('rent')
    expect(() => ctx.ledger.setLabel('acc_1', 'wtx_l', 'x'.repeat(201), 2)).toThrow()
    ctx.ledger.setLabel('acc_1', 'wtx_l', '', 3)
    expect(ctx.ledger.label('acc_1', 'wtx_l')).toBeNull()

    const forgottenRowId = ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_last', memo: 'rent' })]).toAnnounce[0] ?? 0
    ctx.ledger.insertBatch('acc_2', [row({ txId: 'wtx_keep' })])
    ctx.ledger.putInvoice(invoice())
    ctx.ledger.recordRecipient('acc_1', 'alice@sim.example', 1)
    ctx.ledger.cursors.set('acc_1', 'wal_a', { lastSeenAt: 5 })
    ctx.ledger.forgetAccount('acc_1')
    expect(ctx.ledger.page({ accountId: 'acc_1' }).total).toBe(0)
    expect(ctx.ledger.invoices()).toEqual([])
    expect(ctx.ledger.recentRecipients('acc_1')).toEqual([])
    expect(ctx.ledger.cursors.get('acc_1', 'wal_a')).toBeNull()
    expect(ctx.ledger.page({ accountId: 'acc_2' }).total).toBe(1)
    // its search text went too: new rows never meet the old ones' words or ids
    const fresh = ctx.ledger.insertBatch('acc_2', [row({ txId: 'wtx_new', memo: 'rent again' })]).toAnnounce
    expect(fresh[0]).toBeGreaterThan(forgottenRowId)
    expect(ctx.ledger.page({ accountId: 'acc_2', search: 'rent' }).items.map((t) => t.txId)).toEqual(['wtx_new'])
    expect(ctx.ledger.page({ accountId: 'acc_1', search: 'rent' }).total).toBe(0)
    const raw = new DatabaseSync(ctx.ledger.path, { readOnly: true })
    const n = (sql: string) => (raw.prepare(sql).get() as { n: number }).n
    expect(n('SELECT count(*) AS n FROM tx_search')).toBe(n('SELECT count(*) AS n FROM transactions'))
    raw.close()
  })
})

describe('the demo seed in plain words', () => {
  it('every type reads as what happened, with payees and wallet names; amount + fee = each balance', async () => {
    const wallets = await readSeed('demo')
    ctx.ledger.setWallets(
      'acc_demo',
      wallets.map((w) => ({ id: w.id, label: w.label })),
    )
    for (const w of wallets) ctx.ledger.insertBatch('acc_demo', ledgerRows(w), { announce: false })
    const words = new Set<string>()
    for (const w of wallets) {
      const items = ctx.ledger.page({ accountId: 'acc_demo', walletId: w.id, limit: 500 }).items
      for (const t of items) words.add(t.words)
      expect(items.reduce((s, t) => s + t.amountMsat + t.feeMsat, 0)).toBe(w.balanceMsat)
    }
    for (const expected of [
      'Received',
      'Received with your permanent QR',
      'Sent',
      'Sent to alice@sim.example',
      'Withdraw link claimed',
      'Moved from Everyday',
      'Moved to Savings',
      'Moved from Side shop',
      'Service fee',
    ])
      expect(words).toContain(expected)
    expect(words).not.toContain('Network fee')
    // the seed also has payments in to the shop's static link with this comment: take a sent one
    const comment = ctx.ledger.page({ accountId: 'acc_demo', search: 'for the coffee', direction: 'sent', limit: 1 })
      .items[0]
    expect(comment).toMatchObject({ payee: expect.stringMatching(/@sim\.example$/), comment: 'for the coffee' })
  }, 60_000)
})
