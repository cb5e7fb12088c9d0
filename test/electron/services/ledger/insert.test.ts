// Writing synced rows: one transaction per batch, idempotent, announced exactly once (also across
// a real crash: a child process killed with SIGKILL), and network fees folded into their payments.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { fromServiceTx } from '../../../../electron/main/services/backends/service/rows'
import type { WalletTransaction } from '../../../../electron/main/services/backends/service/schemas'
import { openLedger } from '../../../../electron/main/services/ledger'
import { PASS_THRU_MAX, PAYEE_KEY, TEXT_MAX } from '../../../../electron/main/services/ledger/rows'
import { openJournal } from '../../../../electron/main/services/payments/journal'
import { ledgerPerTest, row } from './helpers'

const run = promisify(execFile)
const ctx = ledgerPerTest()

const all = (l = ctx.ledger) => l.page({ accountId: 'acc_1', limit: 500 }).items

describe('insertBatch', () => {
  it('is idempotent on the service id: a re-delivered row changes nothing and is not announced again', () => {
    const a = row({ txId: 'wtx_a', memo: 'first' })
    const b = row({ txId: 'wtx_b' })
    const first = ctx.ledger.insertBatch('acc_1', [a, b])
    expect(first.inserted).toBe(2)
    expect(first.toAnnounce).toHaveLength(2)
    const again = ctx.ledger.insertBatch('acc_1', [{ ...a, memo: 'changed' }, b])
    expect(again).toEqual({ toAnnounce: [], inserted: 0, folded: 0, held: 0 })
    expect(all().map((t) => [t.txId, t.memo])).toEqual([
      ['wtx_b', null],
      ['wtx_a', 'first'],
    ])
    // the same service id in another account is another transaction
    expect(ctx.ledger.insertBatch('acc_2', [a]).inserted).toBe(1)
  })

  it('is one transaction: a bad row writes nothing of the batch', () => {
    expect(() => ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_ok' }), row({ amountMsat: 1.5 })])).toThrow()
    expect(() => ctx.ledger.insertBatch('acc_1', [row({ txId: '' })])).toThrow()
    expect(all()).toEqual([])
  })

  it('moves the sync cursor in the same transaction as the rows', () => {
    ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_c' })], {
      announce: false,
      cursor: { walletId: 'wal_a', lastSeenTxId: 'wtx_c', lastSeenAt: 10, backfillNextPage: 3, backfillTotal: 1200 },
    })
    expect(ctx.ledger.cursors.get('acc_1', 'wal_a')).toEqual({
      accountId: 'acc_1',
      walletId: 'wal_a',
      lastSeenTxId: 'wtx_c',
      lastSeenAt: 10,
      fullCheckAt: null,
      backfillNextPage: 3,
      backfillTotal: 1200,
      backfillDoneAt: null,
    })
    // a bad cursor patch rolls the rows back too
    expect(() =>
      ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_d' })], {
        cursor: { walletId: 'wal_a', backfillNextPage: 0 },
      }),
    ).toThrow()
    expect(all().map((t) => t.txId)).toEqual(['wtx_c'])
    ctx.ledger.cursors.set('acc_1', 'wal_a', { backfillDoneAt: 99 })
    expect(ctx.ledger.cursors.get('acc_1', 'wal_a')).toMatchObject({ backfillNextPage: 3, backfillDoneAt: 99 })
    expect(ctx.ledger.cursors.list('acc_1')).toHaveLength(1)
  })
})

describe('announced exactly once', () => {
  it('the outbox keeps what was not yet shown across a close without draining; a drained row never returns', () => {
    const { toAnnounce } = ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_1' }), row({ txId: 'wtx_2' })])
    expect(ctx.ledger.unannounced().map((t) => t.rowId)).toEqual(toAnnounce)
    ctx.ledger.close() // "crash": nothing drained

    ctx.ledger = openLedger({ dir: ctx.dir })
    expect(ctx.ledger.unannounced().map((t) => t.txId)).toEqual(['wtx_1', 'wtx_2'])
    // the sync loop sees the same rows again after the restart: nothing new, nothing doubled
    expect(ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_1' }), row({ txId: 'wtx_2' })]).toAnnounce).toEqual([])
    expect(ctx.ledger.unannounced()).toHaveLength(2)
    expect(ctx.ledger.markAnnounced(ctx.ledger.unannounced().map((t) => t.rowId))).toBe(2)
    expect(ctx.ledger.markAnnounced(toAnnounce)).toBe(0)
    ctx.ledger.close()

    ctx.ledger = openLedger({ dir: ctx.dir })
    expect(ctx.ledger.unannounced()).toEqual([])
    ctx.ledger.insertBatch('acc_1', [row({ txId: 'wtx_1' })])
    expect(ctx.ledger.unannounced()).toEqual([])
    expect(all().every((t) => t.announced)).toBe(true)
  })

  it('history loaded in bulk is stored already announced', () => {
    const res = ctx.ledger.insertBatch('acc_1', [row(), row()], { announce: false })
    expect(res.inserted).toBe(2)
    expect(res.toAnnounce).toEqual([])
    expect(ctx.ledger.unannounced()).toEqual([])
  })

  it('across a real crash (SIGKILL right after the insert), each row is announced once', async () => {
    const child = resolve(__dirname, 'crashChild.ts')
    ctx.ledger.close()
    const go = () =>
      run(process.execPath, ['--import', 'tsx', child], {
        cwd: resolve(__dirname, '../../../..'),
        env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', LT_DIR: ctx.dir },
        timeout: 25_000,
      }).then(
        () => 'exited',
        (e: { signal?: string }) => e.signal ?? 'failed',
      )
    expect(await go()).toBe('SIGKILL')
    ctx.ledger = openLedger({ dir: ctx.dir })
    const shown: string[] = []
    const drain = () => {
      const due = ctx.ledger.unannounced()
      shown.push(...due.map((t) => t.txId))
      ctx.ledger.markAnnounced(due.map((t) => t.rowId))
    }
    drain()
    // the child runs again (the same rows re-delivered by the service), and is killed again
    ctx.ledger.close()
    expect(await go()).toBe('SIGKILL')
    ctx.ledger = openLedger({ dir: ctx.dir })
    drain()
    expect(shown).toEqual(['wtx_crash_1', 'wtx_crash_2'])
    const journal = openJournal({ dir: ctx.dir })
    expect(journal.unfinished().map((e) => e.requestId)).toEqual(['req_crash_0001'])
    journal.close()
  })
})

describe('fee folding', () => {
  const payment = (over = {}) =>
    row({ txId: 'wtx_pay', typeName: 'ln_withdrawal', amountMsat: -50_000, lnTxId: 'lntx_p', ...over })
  const fee = (over = {}) =>
    row({ txId: 'wtx_fee', typeName: 'network_fee', amountMsat: -1_000, lnTxId: 'lntx_p', ...over })

  it('a fee row after its payment becomes the payment’s fee: one row', () => {
    ctx.ledger.insertBatch('acc_1', [payment()])
    expect(ctx.ledger.insertBatch('acc_1', [fee()])).toMatchObject({ inserted: 1, folded: 1, held: 0, toAnnounce: [] })
    expect(all().map((t) => [t.txId, t.amountMsat, t.feeMsat])).toEqual([['wtx_pay', -50_000, -1_000]])
  })

  it('a fee row before its payment (newest first, or a page ending between them) is held, then folded', () => {
    expect(ctx.ledger.insertBatch('acc_1', [fee()])).toMatchObject({ inserted: 1, held: 1, folded: 0 })
    expect(all()).toEqual([])
    expect(ctx.ledger.heldFees('acc_1')).toBe(1)
    expect(ctx.ledger.insertBatch('acc_1', [payment()])).toMatchObject({ inserted: 1, folded: 1 })
    expect(ctx.ledger.heldFees('acc_1')).toBe(0)
    expect(all().map((t) => [t.txId, t.feeMsat])).toEqual([['wtx_pay', -1_000]])
    // re-delivered, neither counts twice
    ctx.ledger.insertBatch('acc_1', [fee(), payment()])
    expect(all().map((t) => t.feeMsat)).toEqual([-1_000])
  })

  it('both in one batch, in the service order (fee first), make one row', () => {
    expect(ctx.ledger.insertBatch('acc_1', [fee(), payment()])).toMatchObject({ inserted: 2, folded: 1, held: 0 })
    expect(all().map((t) => [t.txId, t.feeMsat])).toEqual([['wtx_pay', -1_000]])
    // a batch that folds an earlier batch's fee and holds one of its own counts only its own
    ctx.ledger.insertBatch('acc_1', [fee({ txId: 'wtx_fee_2', lnTxId: 'lntx_2' })])
    expect(
      ctx.ledger.insertBatch('acc_1', [
        fee({ txId: 'wtx_fee_3', lnTxId: 'lntx_3' }),
        payment({ txId: 'wtx_pay_2', lnTxId: 'lntx_2' }),
      ]),
    ).toMatchObject({ inserted: 2, folded: 1, held: 1 })
    expect(all().find((t) => t.txId === 'wtx_pay_2')?.feeMsat).toBe(-1_000)
    expect(ctx.ledger.heldFees('acc_1')).toBe(1)
  })

  it('a fee ties only to the payment of its own wallet and lnTx; a fee without an lnTx is a row of its own', () => {
    ctx.ledger.insertBatch('acc_1', [
      payment(),
      fee({ walletId: 'wal_b' }),
      fee({ txId: 'wtx_fee_other', lnTxId: 'lntx_other' }),
      row({ txId: 'wtx_fee_loose', typeName: 'network_fee', amountMsat: -2_000, lnTxId: null }),
    ])
    expect(all().map((t) => [t.txId, t.feeMsat, t.words])).toEqual([
      ['wtx_fee_loose', 0, 'Network fee'],
      ['wtx_pay', 0, 'Sent'],
    ])
    expect(ctx.ledger.heldFees('acc_1')).toBe(2)
  })
})

describe('fromServiceTx', () => {
  const base: WalletTransaction = {
    id: 'wtx_s',
    created_at: 1_700_000_000,
    num_satoshis: -21,
    num_msat: -21_500,
    user_label: null,
    wtxType: { name: 'ln_lnurl_pay_outbound' },
    lnTx: {
      id: 'lntx_s',
      created_at: 1_700_000_000,
      payment_request: 'lnbc1',
      r_hash_decoded: 'A'.repeat(64),
      memo: 'm'.repeat(5000),
      num_satoshis: 21,
      settled: true,
      payment_preimage: 'b'.repeat(64),
      is_keysend: false,
      is_amp: false,
    },
    passThru: { ln_address: 'alice@sim.example', comment: '=1+1', requestId: 'req_12345678' },
  }

  it("a service row without the payee's address takes the app's note of whom it paid, else none", () => {
    const passThru = { method: 'lnurlp', requestId: 'req_1', [PAYEE_KEY]: 'pay.example.org' }
    expect(fromServiceTx('wal_a', { ...base, passThru }).payee).toBe('pay.example.org')
    expect(fromServiceTx('wal_a', { ...base, passThru: { method: 'lnurlp' } }).payee).toBeNull()
    // the payer's note means nothing on money coming in
    expect(fromServiceTx('wal_a', { ...base, num_satoshis: 21, num_msat: 21_000, passThru }).payee).toBeNull()
  })

  it('keeps the exact msat, the payee, comment, request id and the preimage of a settled payment; caps text', () => {
    const r = fromServiceTx('wal_a', base)
    expect(r).toMatchObject({
      amountMsat: -21_500,
      payee: 'alice@sim.example',
      comment: '=1+1',
      requestId: 'req_12345678',
      paymentHash: 'a'.repeat(64),
      preimage: 'b'.repeat(64),
      lnTxId: 'lntx_s',
    })
    expect(r.memo).toHaveLength(TEXT_MAX)
    expect(JSON.parse(r.passThru ?? '')).toEqual(base.passThru)
    // the app finds its own payment again by the request id it sent along
    ctx.ledger.insertBatch('acc_1', [r])
    expect(ctx.ledger.byRequestId('acc_1', 'req_12345678')).toMatchObject({
      txId: 'wtx_s',
      words: 'Sent to alice@sim.example',
    })
    expect(ctx.ledger.byRequestId('acc_2', 'req_12345678')).toBeNull()
  })

  it('falls back to whole sats when num_msat disagrees; no preimage before settlement; huge passThru dropped', () => {
    const ln = base.lnTx as NonNullable<WalletTransaction['lnTx']>
    const r = fromServiceTx('wal_a', {
      ...base,
      num_msat: -99_000,
      lnTx: { ...ln, settled: false },
      passThru: { big: 'x'.repeat(PASS_THRU_MAX) },
    })
    expect(r.amountMsat).toBe(-21_000)
    expect(r.preimage).toBeNull()
    expect(r.passThru).toBeNull()
  })

  it('a transfer: memo from user_label, the other wallet from passThru', () => {
    const r = fromServiceTx('wal_a', {
      ...base,
      num_satoshis: 500,
      num_msat: undefined,
      user_label: 'Set aside',
      wtxType: { name: 'ln_transfer_in' },
      lnTx: null,
      passThru: { source_wallet_id: 'wal_savings' },
    })
    expect(r).toMatchObject({ amountMsat: 500_000, memo: 'Set aside', counterpartyWalletId: 'wal_savings' })
    expect(r.payee).toBeNull()
  })
})
