// What the loop knows of one account between ticks, as a plain value, and the pure steps that
// make the next value from it and what was just read. No I/O: tick.ts reads and writes, these
// decide (tested on plain data in test/electron/sync/state.test.ts).
import type { Wallet } from '../backends/service/schemas'

export interface AccountSync {
  /** failed ticks in a row (the next tick backs off) */
  failures: number
  /** ticks so far (every `fullCheckEvery`th reads every wallet) */
  ticks: number
  /** the next tick reads every wallet whatever its balance (start, resume, online, a new key) */
  readAll: boolean
  /** the tick in progress runs one more round at once (a direct find, a tick asked for meanwhile) */
  roundAgain: boolean
  /** balance (msat) per wallet at the last read whose changes were all stored */
  storedBalances: ReadonlyMap<string, number>
  /** wallet labels as last stored in the ledger */
  labels: ReadonlyMap<string, string>
  /** the wallets as last listed */
  wallets: readonly Wallet[] | null
  /** the balances last sent to the renderer, to send them only when they change */
  shownBalances: string | null
  /** false once the key proved unable to list wallets: then the wallets waited on are read each tick */
  canListWallets: boolean
  /** false once the account-wide feed proved unusable with this key */
  feedUsable: boolean
  /** wallets with new rows since the last `ledger.updated` */
  changedWallets: ReadonlySet<string>
  /** invoices found paid by a direct read whose row is not stored yet: their row is told even in bulk */
  awaitingRow: ReadonlySet<string>
  /** the last tick stored part of a wallet's history and more of it is to come: the next tick follows at once */
  historyLoading: boolean
}

export const newAccountSync = (): AccountSync => ({
  failures: 0,
  ticks: 0,
  readAll: false,
  roundAgain: false,
  storedBalances: new Map(),
  labels: new Map(),
  wallets: null,
  shownBalances: null,
  canListWallets: true,
  feedUsable: true,
  changedWallets: new Set(),
  awaitingRow: new Set(),
  historyLoading: false,
})

const without = <K, V>(m: ReadonlyMap<K, V>, k: K): Map<K, V> => {
  const next = new Map(m)
  next.delete(k)
  return next
}

/** The wallet is read in full next tick (an invoice or link of it may be paid already). */
export const rereadWallet = (s: AccountSync, walletId: string): AccountSync =>
  s.storedBalances.has(walletId) ? { ...s, storedBalances: without(s.storedBalances, walletId) } : s

/** Invoices found paid by a direct read: their wallets read at once (one more round), their rows told when they come. */
export function foundPaid(s: AccountSync, found: readonly { id: string; walletId: string }[]): AccountSync {
  const storedBalances = new Map(s.storedBalances)
  for (const f of found) storedBalances.delete(f.walletId)
  const awaitingRow = new Set([...s.awaitingRow, ...found.map((f) => f.id)])
  return { ...s, storedBalances, awaitingRow, roundAgain: true }
}

/** The wallets as just listed; `names` is set when their labels changed (to store in the ledger). */
export function listed(s: AccountSync, wallets: readonly Wallet[], labelOf: (w: Wallet) => string) {
  const names = wallets.map((w) => ({ id: w.id, label: labelOf(w) }))
  const same = names.length === s.labels.size && names.every((n) => s.labels.get(n.id) === n.label)
  const labels = same ? s.labels : new Map(names.map((n) => [n.id, n.label]))
  return { state: { ...s, wallets, labels }, names: same ? null : names }
}

/** A wallet's rows were stored: the rows now stored are no longer awaited; new rows mark it changed. */
export function stored(s: AccountSync, walletId: string, lnTxIds: readonly string[], inserted: number): AccountSync {
  const awaitingRow = new Set(s.awaitingRow)
  for (const id of lnTxIds) awaitingRow.delete(id)
  const changedWallets = inserted > 0 ? new Set([...s.changedWallets, walletId]) : s.changedWallets
  return { ...s, awaitingRow, changedWallets }
}

/**
 * After a tick's reads: the balance of each wallet read up to date is the one its changes match;
 * a wallet whose history finished loading after page 1 is read again (rows came in meanwhile).
 */
export function afterReads(
  s: AccountSync,
  balances: ReadonlyMap<string, number> | null,
  upToDate: Iterable<string>,
  readAgain: Iterable<string>,
): AccountSync {
  const storedBalances = new Map(s.storedBalances)
  for (const id of readAgain) storedBalances.delete(id)
  for (const id of upToDate) {
    const bal = balances?.get(id)
    if (bal !== undefined) storedBalances.set(id, bal)
  }
  return { ...s, storedBalances }
}

export interface ToTell {
  /** the wallets to send as `wallets.updated` (their balances changed and the account is shown) */
  wallets: readonly Wallet[] | null
  /** the wallets to name in `ledger.updated` (new rows) */
  changedWallets: string[]
}

/** What the renderer hears at a tick's end, and the state once it has heard it. */
export function toTell(s: AccountSync, balances: ReadonlyMap<string, number> | null, shown: boolean) {
  const key = balances && s.wallets ? JSON.stringify([...balances]) : null
  const wallets = key !== null && key !== s.shownBalances && shown ? s.wallets : null
  const tell: ToTell = { wallets, changedWallets: [...s.changedWallets] }
  const state: AccountSync = {
    ...s,
    shownBalances: wallets ? key : s.shownBalances,
    changedWallets: s.changedWallets.size > 0 ? new Set() : s.changedWallets,
  }
  return { state, tell }
}
