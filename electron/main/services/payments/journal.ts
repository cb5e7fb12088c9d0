// The journal of payments in flight: written before a payment's request leaves, updated as its
// outcome becomes known. A file of its own (journal.sqlite, 0600, synchronous FULL), opened and
// checked apart from the ledger, so no rebuild of the ledger can drop it. A journal that cannot be
// used is NEVER dropped in silence: it is kept aside, what can be read of it is carried over with
// every unfinished payment marked "unknown", and the caller gets an error-level notice and
// `lost` (the app must then say that those payments' outcome is unknown). See docs/ledger.md.
import { z } from 'zod'
import { mt } from '../i18n'
import { type Columns, insertSql, selectAs, valuesOf } from '../ledger/columns'
import { inTransaction } from '../ledger/migrate'
import { readAside, restore } from '../ledger/salvage'
import { openSqliteFile } from '../ledger/sqliteFile'
import { createMoveStore, type MoveStore } from '../move/store'
import { MIGRATIONS } from './journalSchema'
import { createOperationLog, type OperationLog, SELECT_OPERATIONS } from './operations'
import { createSpends, type LinksInput } from './spends'

const JOURNAL_NAME = 'journal'

const PaymentKind = z.enum(['invoice', 'address', 'transfer'])
export const PaymentState = z.enum(['pending', 'sent', 'paid', 'failed', 'unknown'])
export type PaymentState = z.infer<typeof PaymentState>

/**
 * Where a state may go: paid is final; unknown waits to be reconciled, never re-sent. Failed is
 * not final: a payment the service is later seen to have made becomes paid (and the person is
 * told, once: `recoveredUntold`), since a journal that says "failed" invites paying again.
 */
const NEXT: Record<PaymentState, readonly PaymentState[]> = {
  pending: ['sent', 'paid', 'failed', 'unknown'],
  sent: ['paid', 'failed', 'unknown'],
  unknown: ['paid', 'failed'],
  paid: [],
  failed: ['paid'],
}
const UNFINISHED: readonly PaymentState[] = ['pending', 'sent', 'unknown']

const id = z.string().min(1).max(256)
export const JournalEntryInput = z
  .object({
    /** the app's id for this payment; it also travels in the payment's passThru */
    requestId: z.string().min(8).max(128),
    accountId: id,
    walletId: id,
    kind: PaymentKind,
    amountMsat: z.number().int().positive().refine(Number.isSafeInteger),
    feeLimitMsat: z.number().int().nonnegative().nullable(),
    /** what is paid: the payment request, lightning address or destination wallet */
    target: z.string().min(1).max(4096),
    /** Unix seconds; now when absent */
    createdAt: z.number().int().nonnegative().optional(),
  })
  .strict()
export type JournalEntryInput = z.input<typeof JournalEntryInput>

export interface JournalEntry extends Required<Omit<JournalEntryInput, 'createdAt'>> {
  kind: z.infer<typeof PaymentKind>
  state: PaymentState
  txId: string | null
  error: string | null
  createdAt: number
  updatedAt: number
}

export interface JournalNotice {
  level: 'error'
  code: 'journal_set_aside' | 'journal_orphan_wal'
  message: string
  path: string
}

export interface JournalOptions {
  dir: string
  now?: () => number
  onNotice?: (n: JournalNotice) => void
}

const COLUMNS: Columns<keyof JournalEntry> = {
  requestId: 'request_id',
  accountId: 'account_id',
  walletId: 'wallet_id',
  kind: 'kind',
  amountMsat: 'amount_msat',
  feeLimitMsat: 'fee_limit_msat',
  target: 'target',
  state: 'state',
  txId: 'tx_id',
  error: 'error',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
}
const SELECT = `SELECT ${selectAs(COLUMNS)} FROM payments`

export class JournalStateError extends Error {}

/** The spending rules' check, run in the write's transaction: a throw refuses; a number is the spend's time. */
// biome-ignore lint/suspicious/noConfusingVoidType: a check that only refuses returns nothing
export type Admit = () => number | undefined | void

export interface Journal {
  readonly path: string
  /** where a journal that could not be used was kept; its unfinished payments have an unknown outcome */
  readonly lost: { path: string; recovered: number } | null
  /** every money operation once per request id (operations.ts), in the same file */
  readonly operations: OperationLog
  /** moves off an account, each wallet's step (services/move), in the same file */
  readonly moves: MoveStore
  /**
   * Records a payment before it leaves. `created: false` means this request id is known already
   * (a double click): the caller must not send it again. `admit` (the spending rules) runs in the
   * same transaction, just before a new entry is written: when it throws, nothing is written; the
   * time it answers (the service's it judged the day by) is the entry's.
   */
  add(input: JournalEntryInput, admit?: Admit): { entry: JournalEntry; created: boolean }
  /**
   * `feeMsat`: the routing fee a payment actually paid (counted against a daily limit); `atSec`:
   * the service's time of the payment (its row's `created_at`), which the entry is moved on to
   * when it was written earlier.
   */
  mark(
    requestId: string,
    state: PaymentState,
    o?: { txId?: string | null; error?: string | null; feeMsat?: number; atSec?: number },
  ): JournalEntry
  /** msat an account spent or reserved since `since` (Unix seconds): docs/security.md, "Spending rules" */
  spentSince(accountId: string, since: number): number
  /** Reserves withdraw links before they are minted, `admit` first, in one transaction; false: known already. */
  addLinks(input: LinksInput, admit?: Admit): boolean
  /** the links really made: their reservation shrinks to it; `atSec`: the service's time after minting */
  settleLinks(requestId: string, made: { amountMsat: number; feeLimitMsat: number }, atSec?: number | null): void
  /** the newest time (Unix seconds) this account's service was seen at, kept across restarts; null: never */
  serviceTimeSeen(accountId: string): number | null
  /** keeps `atSec` as the newest time this account's service was seen at, unless a later one is kept */
  noteServiceTime(accountId: string, atSec: number): void
  get(requestId: string): JournalEntry | null
  unfinished(accountId?: string): JournalEntry[]
  /** failed payments changed at or after `sinceSec` (Unix seconds): the ones worth looking for at the service */
  failedSince(sinceSec: number, accountId?: string): JournalEntry[]
  /** every entry paying this target (an invoice, lower case), newest first */
  byTarget(target: string): JournalEntry[]
  /** payments once failed that the service was then seen to have made, not told to the person yet */
  recoveredUntold(): JournalEntry[]
  /** the person was told about this recovered payment: never again */
  markRecoveredTold(requestId: string): void
  /** drops finished entries last changed before `before` (Unix seconds); how many */
  prune(before: number): number
  close(): void
}

export function openJournal(opts: JournalOptions): Journal {
  const now = opts.now ?? Date.now
  const nowSec = () => Math.floor(now() / 1000)
  const notify = opts.onNotice ?? (() => {})
  const opened = openSqliteFile({ dir: opts.dir, name: JOURNAL_NAME, migrations: MIGRATIONS, now, synchronous: 'FULL' })
  const { db } = opened
  const insert = db.prepare(insertSql('INSERT OR IGNORE INTO payments', COLUMNS))
  const getOne = db.prepare(`${SELECT} WHERE request_id = ?`)
  // failed → paid marks the entry recovered (the old state is what CASE reads), in the same statement
  const update = db.prepare(
    `UPDATE payments SET state = ?1, tx_id = coalesce(?2, tx_id), error = ?3, updated_at = ?4,
       recovered = CASE WHEN state = 'failed' AND ?1 = 'paid' THEN 1 ELSE recovered END WHERE request_id = ?5`,
  )
  const get = (requestId: string) => (getOne.get(requestId) as JournalEntry | undefined) ?? null
  const put = (e: JournalEntryInput, state: PaymentState, extra: { txId?: unknown; error?: unknown } = {}) => {
    const v = JournalEntryInput.parse(e)
    const at = v.createdAt ?? nowSec()
    const txId = typeof extra.txId === 'string' ? extra.txId : null
    const error = typeof extra.error === 'string' ? extra.error : null
    const res = insert.run(...valuesOf(COLUMNS, { ...v, state, txId, error, createdAt: at, updatedAt: at }))
    return Number(res.changes) === 1
  }

  const operations = createOperationLog(db, nowSec)
  let lost: Journal['lost'] = null
  if (opened.setAside) {
    // Carried over as they were, except that nothing unfinished can be trusted to be where it was.
    const rows = readAside(opened.setAside, SELECT)
    const recovered = restore(rows, (r) => {
      // put() validates every field: a damaged row is refused, not carried over
      const { state, txId, error, updatedAt: _, ...entry } = r as unknown as JournalEntry
      const was = PaymentState.parse(state)
      if (!put(entry, UNFINISHED.includes(was) ? 'unknown' : was, { txId, error })) throw new Error('duplicate')
    })
    // as they were: one left `started` keeps answering "unknown outcome", never runs again
    restore(readAside(opened.setAside, SELECT_OPERATIONS), (r) => {
      if (!operations.restore(r as never)) throw new Error('duplicate')
    })
    lost = { path: opened.setAside, recovered }
    notify({
      level: 'error',
      code: 'journal_set_aside',
      path: opened.setAside,
      message: mt('notices.journalSetAside', { reason: String(opened.reason), path: opened.setAside, recovered }),
    })
  }
  if (opened.orphanWal) notify(orphanWalNotice(opened.orphanWal))

  const spends = createSpends(db, nowSec)
  /** a known request id is never admitted again: its first answer stands */
  const admitted = <T>(known: boolean, admit: Admit | undefined, write: (at: number | undefined) => T): T | false =>
    inTransaction(db, () => {
      if (known) return false
      const at = admit?.()
      return write(typeof at === 'number' ? at : undefined)
    })
  const movedOn = db.prepare('UPDATE payments SET created_at = max(created_at, ?) WHERE request_id = ?')
  const linksKnown = db.prepare('SELECT 1 FROM links_made WHERE request_id = ?')

  return {
    path: opened.path,
    lost,
    operations,
    moves: createMoveStore(db, nowSec),
    add(input, admit) {
      const created = admitted(get(input.requestId) !== null, admit, (at) =>
        put(at === undefined ? input : { ...input, createdAt: at }, 'pending'),
      )
      return { entry: get(input.requestId) as JournalEntry, created: created === true }
    },
    addLinks(input, admit) {
      const write = (at: number | undefined) => spends.addLinks(at === undefined ? input : { ...input, createdAt: at })
      return admitted(linksKnown.get(input.requestId) !== undefined, admit, write) === true
    },
    settleLinks: spends.settleLinks,
    spentSince: spends.spentSince,
    serviceTimeSeen: spends.serviceTimeSeen,
    noteServiceTime: spends.noteServiceTime,
    mark(requestId, state, o = {}) {
      const next = PaymentState.parse(state)
      return inTransaction(db, () => {
        const cur = get(requestId)
        if (!cur) throw new JournalStateError(`No payment ${requestId} in the journal`)
        // the same state again changes nothing but newer words about it (an unknown checked again)
        if (cur.state === next) {
          if (o.error === undefined || o.error === cur.error) return cur
        } else if (!NEXT[cur.state].includes(next))
          throw new JournalStateError(`A payment that is ${cur.state} cannot become ${next}`)
        update.run(next, o.txId ?? null, o.error?.slice(0, 1000) ?? null, nowSec(), requestId)
        if (o.feeMsat !== undefined) spends.setFeePaid(requestId, o.feeMsat)
        if (o.atSec !== undefined) movedOn.run(z.number().int().nonnegative().parse(o.atSec), requestId)
        return get(requestId) as JournalEntry
      })
    },
    get,
    unfinished(accountId) {
      const states = UNFINISHED.map((s) => `'${s}'`).join(', ')
      const rows = accountId
        ? db.prepare(`${SELECT} WHERE account_id = ? AND state IN (${states}) ORDER BY created_at`).all(accountId)
        : db.prepare(`${SELECT} WHERE state IN (${states}) ORDER BY created_at`).all()
      return rows as unknown as JournalEntry[]
    },
    failedSince(sinceSec, accountId) {
      const where = `state = 'failed' AND updated_at >= ?${accountId ? ' AND account_id = ?' : ''}`
      const rows = db
        .prepare(`${SELECT} WHERE ${where} ORDER BY created_at`)
        .all(sinceSec, ...(accountId ? [accountId] : []))
      return rows as unknown as JournalEntry[]
    },
    byTarget(target) {
      return db.prepare(`${SELECT} WHERE target = ? ORDER BY created_at DESC`).all(target) as unknown as JournalEntry[]
    },
    recoveredUntold() {
      return db.prepare(`${SELECT} WHERE recovered = 1 ORDER BY updated_at`).all() as unknown as JournalEntry[]
    },
    markRecoveredTold(requestId) {
      db.prepare('UPDATE payments SET recovered = 2 WHERE request_id = ? AND recovered = 1').run(requestId)
    },
    prune(before) {
      const res = db.prepare("DELETE FROM payments WHERE state IN ('paid', 'failed') AND updated_at < ?").run(before)
      return Number(res.changes)
    },
    close: () => db.close(),
  }
}

/** The journal was gone but its write-ahead log was not: what was in progress is not known. */
function orphanWalNotice(path: string): JournalNotice {
  return {
    level: 'error',
    code: 'journal_orphan_wal',
    path,
    message: mt('notices.journalOrphanWal', { path }),
  }
}
