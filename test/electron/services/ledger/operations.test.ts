// The record of money operations, once per request id, in the journal's file: written before an
// operation runs, its answer kept after; carried over as it was when the file must be set aside;
// added to a journal from before it without touching the payments there.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type JournalNotice, openJournal } from '../../../../electron/main/services/payments/journal'
import { withTempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

const NOW = Date.UTC(2025, 5, 1)
const open = (notices: JournalNotice[] = []) => openJournal({ dir, now: () => NOW, onNotice: (n) => notices.push(n) })

describe('operations', () => {
  it('begins once per operation and request id; the answer is kept once, and only for one begun', () => {
    const j = open()
    const ops = j.operations
    expect(ops.begin('withdraw.create', 'req-00000001', 'f1')).toEqual({ created: true })
    // another operation may use the same request id: a record of its own
    expect(ops.begin('claim.run', 'req-00000001', 'f9')).toEqual({ created: true })
    const again = ops.begin('withdraw.create', 'req-00000001', 'f2')
    expect(again).toMatchObject({ created: false, record: { state: 'started', fingerprint: 'f1', result: null } })
    ops.finish('withdraw.create', 'req-00000001', '{"ok":true,"value":1}')
    ops.finish('withdraw.create', 'req-00000001', '{"ok":true,"value":2}')
    expect(ops.get('withdraw.create', 'req-00000001')).toMatchObject({ state: 'done', result: '{"ok":true,"value":1}' })
    // an answer for nothing begun is not kept
    ops.finish('withdraw.create', 'req-never', '{"ok":true,"value":3}')
    expect(ops.get('withdraw.create', 'req-never')).toBeNull()
    j.close()
  })

  it('survive closing and opening the file again', () => {
    const j = open()
    j.operations.begin('pay.invoice', 'req-00000002', 'f')
    j.operations.finish('pay.invoice', 'req-00000002', '{"ok":false}')
    j.close()
    const again = open()
    expect(again.operations.begin('pay.invoice', 'req-00000002', 'f')).toMatchObject({
      created: false,
      record: { state: 'done', result: '{"ok":false}' },
    })
    again.close()
  })

  it('a journal set aside: its records are carried over as they were (one left started stays started)', () => {
    const j = open()
    j.operations.begin('vouchers.create', 'req-done-001', 'f1')
    j.operations.finish('vouchers.create', 'req-done-001', '{"ok":true,"value":"sheet"}')
    j.operations.begin('withdraw.create', 'req-started-1', 'f2')
    j.close()
    const db = new DatabaseSync(join(dir, 'journal.sqlite'))
    db.exec('PRAGMA user_version = 9')
    db.close()
    const notices: JournalNotice[] = []
    const again = open(notices)
    expect(notices[0]).toMatchObject({ code: 'journal_set_aside' })
    expect(again.operations.get('vouchers.create', 'req-done-001')).toMatchObject({
      state: 'done',
      result: '{"ok":true,"value":"sheet"}',
    })
    expect(again.operations.get('withdraw.create', 'req-started-1')).toMatchObject({ state: 'started', result: null })
    again.close()
  })

  it('a journal from before the record: the table is added, its payments stay', () => {
    const j = open()
    j.add({
      requestId: 'req-payment-1',
      accountId: 'acc_1',
      walletId: 'wal_a',
      kind: 'address',
      amountMsat: 21_000,
      feeLimitMsat: 1_050,
      target: 'alice@sim.example',
    })
    j.close()
    // as the previous version of the app left it: schema 1, no operations table, no later columns
    const db = new DatabaseSync(join(dir, 'journal.sqlite'))
    db.exec(`DROP TABLE operations; DROP INDEX payments_target; ALTER TABLE payments DROP COLUMN recovered;
      DROP TABLE links_made; DROP INDEX payments_spent; ALTER TABLE payments DROP COLUMN fee_msat;
      DROP TABLE service_clock; DROP TABLE move_wallets; DROP TABLE moves;
      PRAGMA user_version = 1`)
    db.close()
    const notices: JournalNotice[] = []
    const again = open(notices)
    expect(notices).toEqual([])
    expect(again.lost).toBeNull()
    expect(again.get('req-payment-1')).toMatchObject({ state: 'pending' })
    expect(again.operations.begin('pay.invoice', 'req-payment-1', 'f')).toEqual({ created: true })
    again.close()
  })
})
