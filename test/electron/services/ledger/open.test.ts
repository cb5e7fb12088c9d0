// Opening the ledger file: schema versions, file modes, and what happens to a file that cannot be
// used (set aside, a new one made, the caller told to resync), on real SQLite files.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type LedgerNotice, openLedger } from '../../../../electron/main/services/ledger'
import { migrate, schemaVersion } from '../../../../electron/main/services/ledger/migrate'
import { ledgerMigrations } from '../../../../electron/main/services/ledger/schema'
import { openJournal } from '../../../../electron/main/services/payments/journal'
import { invoice, link, row, withTempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5)
const open = (notices: LedgerNotice[] = [], extra: { expectExisting?: boolean } = {}) =>
  openLedger({ dir, now: () => NOW, onNotice: (n) => notices.push(n), ...extra })
const LATEST = ledgerMigrations().length

/** A ledger with one labelled row, closed. */
function seedFile(): void {
  const l = open()
  l.insertBatch('acc_1', [row({ txId: 'wtx_kept', memo: 'Coffee' })])
  l.setLabel('acc_1', 'wtx_kept', 'for the office', 1)
  l.recordRecipient('acc_1', 'alice@sim.example', 5)
  l.close()
}

const asideFiles = () => readdirSync(dir).filter((f) => f.startsWith('ledger.corrupt-') && f.endsWith('.sqlite'))

describe('schema and migrations', () => {
  it('creates every table from an empty folder, at the latest version, with WAL and foreign keys', () => {
    const l = open()
    expect(l.status).toBe('created')
    expect(l.needsResync).toBe(true)
    l.close()
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    expect(schemaVersion(db)).toBe(LATEST)
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>)
      .map((t) => t.name)
      .sort()
    for (const t of ['transactions', 'fees', 'labels', 'wallets', 'sync_cursors', 'invoices', 'withdraw_links'])
      expect(tables).toContain(t)
    expect(tables).toContain('recipients')
    db.close()
    const again = open()
    expect(again.status).toBe('opened')
    expect(again.needsResync).toBe(false)
    again.close()
  })

  // from version 1 (core tables only): the search index (2) and the price column (3) are added
  it('migrates an older file and keeps its rows (which the new search index then finds, without a price then)', () => {
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    migrate(db, ledgerMigrations().slice(0, 1))
    expect(schemaVersion(db)).toBe(1)
    expect(LATEST).toBe(7)
    db.prepare(
      `INSERT INTO transactions (account_id, wallet_id, tx_id, type, amount_msat, memo, created_at, announced)
       VALUES ('acc_1', 'wal_a', 'wtx_old', 'ln_deposit', 5000, 'Old coffee', 1700000000, 1)`,
    ).run()
    db.close()

    const l = open()
    expect(l.status).toBe('opened')
    expect(l.searchMode).toBe('fts5')
    const page = l.page({ accountId: 'acc_1', search: 'coffee' })
    expect(page.items.map((t) => t.txId)).toEqual(['wtx_old'])
    expect(page.items[0]?.priceThen).toBeNull()
    // the index of unpriced rows, made by the fourth migration, holds the row from before it
    expect(l.daysWithoutPrice()).toEqual([{ accountId: 'acc_1', day: 1_700_000_000 - (1_700_000_000 % 86_400) }])
    l.close()
    const check = new DatabaseSync(join(dir, 'ledger.sqlite'))
    expect(schemaVersion(check)).toBe(LATEST)
    check.close()
  })

  it("indexes a claim made before the fifth migration again, with the link's memo", () => {
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    migrate(db, ledgerMigrations().slice(0, 4))
    db.exec(`INSERT INTO transactions (id, account_id, wallet_id, tx_id, type, amount_msat, memo, created_at, announced)
       VALUES (7, 'acc_1', 'wal_a', 'wtx_claim', 'ln_lnurl_withdraw', -5000, 'Outside invoice', 1700000000, 1);
      INSERT INTO withdraw_links (account_id, ott, wallet_id, lnurl, amount_sat, memo, created_at, status,
        claimed_at, claimed_msat, claim_tx_id)
       VALUES ('acc_1', 'ott_1', 'wal_a', 'LNURL1X', 5, 'Lunch with Ana', 1699999000, 'claimed', 1700000000, 5000, 'wtx_claim');
      -- the row as an older app indexed it: without the link's memo
      INSERT INTO tx_search (rowid, text) VALUES (7, 'Outside invoice');`)
    db.close()

    const l = open()
    expect(l.searchMode).toBe('fts5')
    expect(l.page({ accountId: 'acc_1', search: 'Lunch' }).items.map((t) => t.txId)).toEqual(['wtx_claim'])
    expect(l.page({ accountId: 'acc_1', search: 'Outside' }).items.map((t) => t.txId)).toEqual(['wtx_claim'])
    l.close()
  })

  it('keys the search index by time at the sixth migration: every row again, newest first', () => {
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    migrate(db, ledgerMigrations().slice(0, 5))
    // two rows as an older app stored and indexed them (rowid = the local id), the newer one first
    db.exec(`INSERT INTO transactions (id, account_id, wallet_id, tx_id, type, amount_msat, memo, created_at, announced)
       VALUES (1, 'acc_1', 'wal_a', 'wtx_new', 'ln_deposit', 5000, 'Coffee beans', 1700000500, 1),
              (2, 'acc_1', 'wal_a', 'wtx_old', 'ln_deposit', 7000, 'Coffee cups', 1700000000, 1);
      INSERT INTO tx_search (rowid, text) VALUES (1, 'Coffee beans'), (2, 'Coffee cups');`)
    db.close()

    const l = open()
    expect(l.page({ accountId: 'acc_1', search: 'coffee' }).items.map((t) => t.txId)).toEqual(['wtx_new', 'wtx_old'])
    // one page at a time, by the keyset cursor, in the history's order
    const first = l.page({ accountId: 'acc_1', search: 'coffee', limit: 1 })
    expect(first.items.map((t) => t.txId)).toEqual(['wtx_new'])
    const next = first.next ?? undefined
    expect(l.page({ accountId: 'acc_1', search: 'coffee', limit: 1, after: next }).items.map((t) => t.txId)).toEqual([
      'wtx_old',
    ])
    l.close()
    const check = new DatabaseSync(join(dir, 'ledger.sqlite'))
    const keyed = check
      .prepare(
        `SELECT count(*) AS n FROM tx_search s JOIN transactions t ON s.rowid = t.created_at * 1073741824 + t.id`,
      )
      .get() as { n: number }
    expect([keyed.n, (check.prepare('SELECT count(*) AS n FROM tx_search').get() as { n: number }).n]).toEqual([2, 2])
    check.close()
  })

  it('lets invoices be refused from the seventh migration, keeping every invoice made before', () => {
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    migrate(db, ledgerMigrations().slice(0, 6))
    db.exec(`INSERT INTO invoices (account_id, id, wallet_id, amount_sat, memo, payment_request, payment_hash,
        created_at, expires_at, status, settled_at)
       VALUES ('acc_1', 'lntx_paid', 'wal_a', 700, 'Lunch', 'lnbcrt7u1paid', 'h1', 1700000000, 1700086400, 'paid', 1700000100),
              ('acc_1', 'lntx_open', 'wal_a', 700, 'Voucher', 'lnbcrt7u1open', 'h2', 1700000000, 1700086400, 'pending', NULL)`)
    // an older file refuses the new status
    expect(() => db.exec("UPDATE invoices SET status = 'refused' WHERE id = 'lntx_open'")).toThrow(/CHECK constraint/)
    db.close()

    const l = open()
    expect(l.invoices().map((i) => [i.id, i.status, i.settledAt])).toEqual([
      ['lntx_open', 'pending', null],
      ['lntx_paid', 'paid', 1700000100],
    ])
    l.putInvoice({ ...l.invoices({ status: 'pending' })[0]!, status: 'refused' })
    expect(l.invoices({ accountId: 'acc_1', status: 'refused' }).map((i) => i.id)).toEqual(['lntx_open'])
    expect(l.invoices({ accountId: 'acc_1', status: 'pending' })).toEqual([])
    l.close()
  })

  it('a bulk sync is checkpointed every 64 MB of WAL, not every 4 MB (the disk flush comes less often)', () => {
    const l = open()
    // about 3,000 pages of 4 KiB: long memos, stored in the row and in the search index
    for (let b = 0; b < 10; b++)
      l.insertBatch(
        'acc_1',
        Array.from({ length: 500 }, (_, i) => row({ memo: `${b}-${i} ${'x'.repeat(1000)}` })),
        { announce: false },
      )
    const reader = new DatabaseSync(l.path)
    // a passive checkpoint says how many frames the WAL holds: none were moved out meanwhile
    const r = reader.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number; checkpointed: number }
    reader.close()
    l.close()
    expect(r.log).toBeGreaterThan(2_000)
    expect(r.log).toBeLessThan(16_384)
  })

  it('a failed migration leaves the file at its last whole version', () => {
    const db = new DatabaseSync(join(dir, 'x.sqlite'))
    const broken = [
      ...ledgerMigrations().slice(0, 1),
      {
        name: 'breaks half-way',
        up: (d: DatabaseSync) => d.exec('CREATE TABLE half (a); INSERT INTO nowhere VALUES (1);'),
      },
    ]
    expect(() => migrate(db, broken)).toThrow(/no such table/)
    expect(schemaVersion(db)).toBe(1)
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'half'").get()).toBeUndefined()
    db.close()
  })
})

describe('file modes', () => {
  it('ledger and journal files, with their -wal and -shm, are 0600 on disk', () => {
    const l = open()
    l.insertBatch('acc_1', [row()])
    const j = openJournal({ dir, now: () => NOW })
    j.add({
      requestId: 'req_00000001',
      accountId: 'acc_1',
      walletId: 'wal_a',
      kind: 'address',
      amountMsat: 1000,
      feeLimitMsat: null,
      target: 'alice@sim.example',
    })
    for (const name of ['ledger.sqlite', 'journal.sqlite']) {
      for (const suffix of ['', '-wal', '-shm']) {
        const p = join(dir, `${name}${suffix}`)
        expect(existsSync(p), p).toBe(true)
        expect((statSync(p).mode & 0o777).toString(8), p).toBe('600')
      }
    }
    j.close()
    l.close()
  })
})

describe('a file that cannot be used is set aside and rebuilt', () => {
  const cases: Array<[string, () => Promise<void>, RegExp]> = [
    [
      'random bytes',
      () => writeFile(join(dir, 'ledger.sqlite'), Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 73) % 256))),
      /not a database/,
    ],
    [
      'a text file',
      () => writeFile(join(dir, 'ledger.sqlite'), 'hello, I am not a database\n'.repeat(200)),
      /not a database/,
    ],
    [
      'a truncated file',
      async () => {
        seedFile()
        const size = statSync(join(dir, 'ledger.sqlite')).size
        await truncate(join(dir, 'ledger.sqlite'), Math.floor(size / 3))
      },
      /damaged/,
    ],
  ]
  for (const [what, damage, reason] of cases) {
    it(what, async () => {
      await damage()
      const before = await readFile(join(dir, 'ledger.sqlite'))
      const notices: LedgerNotice[] = []
      const l = open(notices)
      expect(l.status).toBe('rebuilt')
      expect(l.needsResync).toBe(true)
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatchObject({ level: 'warning', code: 'ledger_rebuilt' })
      expect(notices[0]?.message).toMatch(reason)
      // kept, byte for byte, under a dated name; the new file works
      expect(asideFiles()).toEqual(['ledger.corrupt-2025-01-02T03-04-05-000Z.sqlite'])
      expect(notices[0]?.path).toBe(join(dir, 'ledger.corrupt-2025-01-02T03-04-05-000Z.sqlite'))
      expect(await readFile(join(dir, asideFiles()[0] as string))).toEqual(before)
      expect(l.insertBatch('acc_1', [row({ txId: 'wtx_new' })]).inserted).toBe(1)
      expect(l.page({ accountId: 'acc_1' }).total).toBe(1)
      l.close()
      const again = open(notices)
      expect(again.status).toBe('opened')
      again.close()
      expect(notices).toHaveLength(1)
    })
  }

  it('a file from a newer version is set aside; labels and recipients are carried over', () => {
    seedFile()
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    db.exec(`PRAGMA user_version = ${LATEST + 1}`)
    db.close()
    const notices: LedgerNotice[] = []
    const l = open(notices)
    expect(l.status).toBe('rebuilt')
    expect(notices[0]?.message).toMatch(/newer version of the app/)
    expect(notices[0]?.message).toMatch(/2 of the app's own records were recovered/)
    expect(l.page({ accountId: 'acc_1' }).total).toBe(0)
    expect(l.recentRecipients('acc_1')).toEqual([{ address: 'alice@sim.example', lastUsedAt: 5, useCount: 1 }])
    // the label finds its transaction again when the resync brings it back
    l.insertBatch('acc_1', [row({ txId: 'wtx_kept', memo: 'Coffee' })], { announce: false })
    expect(l.page({ accountId: 'acc_1', search: 'office' }).items.map((t) => t.label)).toEqual(['for the office'])
    l.close()
    expect(asideFiles()).toHaveLength(1)
  })

  it('invoices and withdraw links are carried over whole; a damaged row is left behind', () => {
    const paid = invoice({ status: 'paid', settledAt: 300 })
    const claimed = link({ status: 'claimed', claimedAt: 400, claimedMsat: 4_000_000, claimTxId: 'wtx_claim' })
    const l = open()
    l.putInvoice(paid)
    l.putWithdrawLink(claimed)
    l.putWithdrawLink(link({ ott: 'ott_2' }))
    l.close()
    const db = new DatabaseSync(join(dir, 'ledger.sqlite'))
    db.exec("UPDATE withdraw_links SET amount_sat = -1 WHERE ott = 'ott_2'")
    db.exec(`PRAGMA user_version = ${LATEST + 1}`)
    db.close()
    const notices: LedgerNotice[] = []
    const again = open(notices)
    expect(again.status).toBe('rebuilt')
    expect(notices[0]?.message).toMatch(/2 of the app's own records were recovered/)
    expect(again.invoices()).toEqual([paid])
    expect(again.withdrawLinks()).toEqual([claimed])
    again.close()
  })

  it('two rebuilds in the same millisecond keep both old files', async () => {
    await writeFile(join(dir, 'ledger.sqlite'), 'not a database '.repeat(300))
    open().close()
    await writeFile(join(dir, 'ledger.sqlite'), 'not a database either '.repeat(300))
    open().close()
    expect(asideFiles().sort()).toEqual([
      'ledger.corrupt-2025-01-02T03-04-05-000Z-1.sqlite',
      'ledger.corrupt-2025-01-02T03-04-05-000Z.sqlite',
    ])
  })
})

describe('a deleted file', () => {
  it('is made again; the person is told when the app had run before', async () => {
    seedFile()
    await rm(join(dir, 'ledger.sqlite'))
    const notices: LedgerNotice[] = []
    const l = open(notices, { expectExisting: true })
    expect(l.status).toBe('created')
    expect(l.needsResync).toBe(true)
    expect(l.page({ accountId: 'acc_1' }).total).toBe(0)
    expect(notices).toEqual([expect.objectContaining({ level: 'info', code: 'ledger_missing' })])
    l.close()
  })

  it('on a first run nothing is said', () => {
    const notices: LedgerNotice[] = []
    open(notices).close()
    expect(notices).toEqual([])
  })

  it('a -wal left behind by a deleted file is moved aside, not replayed into the new one', async () => {
    const l = open()
    l.insertBatch('acc_1', [row({ txId: 'wtx_in_wal' })])
    // delete the database while open: its -wal holds the row
    await rm(join(dir, 'ledger.sqlite'))
    expect(existsSync(join(dir, 'ledger.sqlite-wal'))).toBe(true)
    const l2 = open()
    expect(l2.status).toBe('created')
    expect(l2.page({ accountId: 'acc_1' }).total).toBe(0)
    expect(readdirSync(dir).filter((f) => f.startsWith('ledger.orphan-'))).toHaveLength(1)
    l2.close()
    l.close()
  })
})

describe('no file can be made', () => {
  it('the ledger runs in memory for the session and says so loudly', async () => {
    const notFolder = join(dir, 'a-file')
    await writeFile(notFolder, 'x')
    const notices: LedgerNotice[] = []
    const l = openLedger({ dir: notFolder, onNotice: (n) => notices.push(n) })
    expect(l.path).toBe(':memory:')
    expect(l.needsResync).toBe(true)
    expect(notices).toEqual([expect.objectContaining({ level: 'error', code: 'ledger_in_memory' })])
    expect(l.insertBatch('acc_1', [row()]).inserted).toBe(1)
    expect(l.page({ accountId: 'acc_1' }).total).toBe(1)
    // no worker can open a ledger in memory: its history is stored on this thread
    expect(await l.storeHistory('acc_1', [{ rows: [row()], opts: { announce: false } }])).toEqual([1])
    expect(l.page({ accountId: 'acc_1' }).total).toBe(2)
    l.close()
  })
})
