// The journal of payments in flight: its own file, untouched by a ledger rebuild, and never dropped
// in silence when it cannot be used.
import { existsSync, readdirSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type LedgerNotice, openLedger } from '../../../../electron/main/services/ledger'
import {
  type JournalEntryInput,
  type JournalNotice,
  JournalStateError,
  openJournal,
} from '../../../../electron/main/services/payments/journal'
import { withTempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

const NOW = Date.UTC(2025, 5, 1)
const open = (notices: JournalNotice[] = []) => openJournal({ dir, now: () => NOW, onNotice: (n) => notices.push(n) })
const entry = (n: number, over: Partial<JournalEntryInput> = {}): JournalEntryInput => ({
  requestId: `req_0000000${n}`,
  accountId: 'acc_1',
  walletId: 'wal_a',
  kind: 'address',
  amountMsat: 21_000,
  feeLimitMsat: 1_050,
  target: 'alice@sim.example',
  ...over,
})

describe('journal', () => {
  it('records a payment before it leaves; a second add of the same request id creates nothing', () => {
    const j = open()
    const first = j.add(entry(1))
    expect(first.created).toBe(true)
    expect(first.entry).toEqual({
      ...entry(1),
      state: 'pending',
      txId: null,
      error: null,
      createdAt: NOW / 1000,
      updatedAt: NOW / 1000,
    })
    const again = j.add(entry(1, { amountMsat: 99_000 }))
    expect(again.created).toBe(false)
    expect(again.entry.amountMsat).toBe(21_000)
    expect(() => j.add(entry(2, { amountMsat: 0 }))).toThrow()
    expect(() => j.add(entry(2, { requestId: 'short' }))).toThrow()
    j.close()
  })

  it('moves pending → sent → paid/failed/unknown; paid stays paid, failed never goes back; unknown is reconciled, not re-sent', () => {
    const j = open()
    for (const n of [1, 2, 3, 4]) j.add(entry(n, { createdAt: 100 + n }))
    j.mark('req_00000001', 'sent')
    expect(j.mark('req_00000001', 'paid', { txId: 'wtx_1' })).toMatchObject({ state: 'paid', txId: 'wtx_1' })
    j.mark('req_00000002', 'failed', { error: 'Invoice too large :) Max balance: 3' })
    j.mark('req_00000003', 'unknown')
    expect(j.unfinished().map((e) => [e.requestId, e.state])).toEqual([
      ['req_00000003', 'unknown'],
      ['req_00000004', 'pending'],
    ])
    expect(() => j.mark('req_00000001', 'failed')).toThrow(JournalStateError)
    expect(() => j.mark('req_00000002', 'sent')).toThrow(/failed cannot become sent/)
    expect(() => j.mark('req_00000003', 'pending')).toThrow(JournalStateError)
    expect(() => j.mark('req_missing_1', 'paid')).toThrow(/No payment/)
    expect(j.mark('req_00000003', 'paid', { txId: 'wtx_3' }).state).toBe('paid')
    expect(j.get('req_00000002')).toMatchObject({ state: 'failed', error: 'Invoice too large :) Max balance: 3' })
    expect(j.unfinished('acc_other')).toEqual([])
    // finished entries can be pruned; unfinished ones never are
    expect(j.prune(NOW / 1000 + 1)).toBe(3)
    expect(j.unfinished().map((e) => e.requestId)).toEqual(['req_00000004'])
    j.close()
  })

  it('the same state again without new words keeps the old words; stored words are capped', () => {
    const j = open()
    j.add(entry(1))
    j.add(entry(2))
    j.mark('req_00000001', 'unknown', { error: 'lost' })
    expect(j.mark('req_00000001', 'unknown').error).toBe('lost')
    expect(j.mark('req_00000001', 'unknown', { error: 'lost' }).error).toBe('lost')
    expect(j.mark('req_00000002', 'failed', { error: 'x'.repeat(5000) }).error).toHaveLength(1000)
    j.close()
  })

  it('failed is not final: seen paid later, it becomes paid, once marked to be told; told once', () => {
    const j = open()
    j.add(entry(1, { kind: 'invoice', target: 'lnbcrt1first' }))
    j.add(entry(2, { kind: 'invoice', target: 'lnbcrt1first' }))
    j.add(entry(3))
    j.mark('req_00000001', 'failed', { error: 'The service refused this: route not found' })
    j.mark('req_00000002', 'unknown', { error: 'lost' })
    // newer words about the same state are kept; the same words change nothing
    expect(j.mark('req_00000002', 'unknown', { error: 'Not found at the service yet.' }).error).toBe(
      'Not found at the service yet.',
    )
    expect(j.failedSince(NOW / 1000).map((e) => e.requestId)).toEqual(['req_00000001'])
    expect(j.failedSince(NOW / 1000 + 1)).toEqual([])
    expect(j.failedSince(0, 'acc_other')).toEqual([])
    // every attempt at one invoice, for the warning before paying it again
    expect(
      j
        .byTarget('lnbcrt1first')
        .map((e) => e.state)
        .sort(),
    ).toEqual(['failed', 'unknown'])
    expect(j.recoveredUntold()).toEqual([])
    expect(j.mark('req_00000001', 'paid', { txId: 'wtx_late' })).toMatchObject({ state: 'paid', txId: 'wtx_late' })
    // a payment never failed, paid: nothing to tell
    j.mark('req_00000002', 'paid', { txId: 'wtx_2' })
    expect(j.recoveredUntold().map((e) => e.requestId)).toEqual(['req_00000001'])
    j.close()
    // across a restart, until told
    const again = open()
    expect(again.recoveredUntold().map((e) => e.requestId)).toEqual(['req_00000001'])
    again.markRecoveredTold('req_00000001')
    expect(again.recoveredUntold()).toEqual([])
    expect(() => again.mark('req_00000001', 'failed')).toThrow(/paid cannot become failed/)
    again.close()
  })

  it('survives a ledger rebuild: the ledger is set aside, the journal is not touched', async () => {
    const j = open()
    j.add(entry(1))
    j.close()
    openLedger({ dir }).close()
    const journalBytes = await readFile(join(dir, 'journal.sqlite'))
    await writeFile(join(dir, 'ledger.sqlite'), 'garbage '.repeat(1000))
    const ledgerNotices: LedgerNotice[] = []
    const l = openLedger({ dir, onNotice: (n) => ledgerNotices.push(n) })
    expect(l.status).toBe('rebuilt')
    l.close()
    expect(await readFile(join(dir, 'journal.sqlite'))).toEqual(journalBytes)
    const notices: JournalNotice[] = []
    const again = open(notices)
    expect(notices).toEqual([])
    expect(again.lost).toBeNull()
    expect(again.unfinished().map((e) => e.requestId)).toEqual(['req_00000001'])
    again.close()
  })
})

describe('a journal that cannot be used is never dropped in silence', () => {
  it('unreadable: kept aside, an error-level notice, `lost` set, and a new journal that works', async () => {
    await writeFile(join(dir, 'journal.sqlite'), Buffer.alloc(9000, 0xab))
    const notices: JournalNotice[] = []
    const j = open(notices)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ level: 'error', code: 'journal_set_aside' })
    expect(notices[0]?.message).toMatch(/unknown outcome/)
    expect(notices[0]?.message).toMatch(/Nothing could be recovered/)
    expect(j.lost?.recovered).toBe(0)
    expect(j.lost?.path).toMatch(/journal\.corrupt-.*\.sqlite$/)
    expect(existsSync(j.lost?.path as string)).toBe(true)
    expect(j.add(entry(1)).created).toBe(true)
    j.close()
  })

  it('readable but from a newer version: kept aside, its entries carried over, unfinished ones as unknown', () => {
    const j = open()
    j.add(entry(1))
    j.add(entry(2))
    j.mark('req_00000002', 'paid', { txId: 'wtx_2' })
    j.add(entry(3))
    j.mark('req_00000003', 'sent')
    j.close()
    const db = new DatabaseSync(join(dir, 'journal.sqlite'))
    db.exec('PRAGMA user_version = 7')
    db.close()

    const notices: JournalNotice[] = []
    const again = open(notices)
    expect(notices[0]?.message).toMatch(/newer version of the app/)
    expect(notices[0]?.message).toMatch(/3 entries were recovered/)
    expect(again.lost?.recovered).toBe(3)
    expect(again.unfinished().map((e) => [e.requestId, e.state])).toEqual([
      ['req_00000001', 'unknown'],
      ['req_00000003', 'unknown'],
    ])
    expect(again.get('req_00000002')).toMatchObject({ state: 'paid', txId: 'wtx_2' })
    again.close()
  })

  it('deleted while its -wal remained: the -wal is kept aside and the app is told', async () => {
    const j = open()
    j.add(entry(1))
    await rm(join(dir, 'journal.sqlite'))
    const notices: JournalNotice[] = []
    const again = open(notices)
    expect(notices).toEqual([expect.objectContaining({ level: 'error', code: 'journal_orphan_wal' })])
    expect(readdirSync(dir).some((f) => /^journal\.orphan-.*\.sqlite-wal$/.test(f))).toBe(true)
    again.close()
    j.close()
  })
})

describe('a journal in use by another process', () => {
  it('is not set aside: opening fails and the file stays where it is', () => {
    // a journal that still needs its migration, while another connection holds the write lock
    const other = new DatabaseSync(join(dir, 'journal.sqlite'))
    other.exec('PRAGMA journal_mode = WAL; CREATE TABLE held (a); BEGIN IMMEDIATE; INSERT INTO held VALUES (1);')
    const notices: JournalNotice[] = []
    expect(() => open(notices)).toThrow(/locked/)
    expect(notices).toEqual([])
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([])
    other.exec('COMMIT')
    other.close()
    const j = open(notices)
    expect(j.lost).toBeNull()
    j.close()
  })
})
