// What the app waits on: invoices made in it and withdraw links it handed out. The ledger's app
// records are the truth, read when needed: a few rows, so holding them in memory gained nothing
// measurable (docs/sync.md "The sync loop" has the figures). A write the ledger refuses (the file locked, the disk full) is held here as
// `unsaved`, read as if stored, and stored by the next write with the rest.
import type { PendingInvoice } from '@shared/contract'
import type { Ledger, StoredWithdrawLink } from '../ledger'

export interface Unsaved {
  invoices: Map<string, PendingInvoice>
  /** by ott */
  links: Map<string, StoredWithdrawLink>
}

export const noneUnsaved = (): Unsaved => ({ invoices: new Map(), links: new Map() })

/** The stored records with the unsaved ones over them, oldest first. */
function merged<T>(
  stored: readonly T[],
  unsaved: ReadonlyMap<string, T>,
  key: (x: T) => string,
  keep: (x: T) => boolean,
) {
  const all = new Map(stored.map((x) => [key(x), x]))
  for (const [k, x] of unsaved) all.set(k, x)
  return [...all.values()].filter(keep)
}

export function invoicesOf(ledger: Ledger, unsaved: Unsaved, accountId?: string): PendingInvoice[] {
  const mine = (i: PendingInvoice) => !accountId || i.accountId === accountId
  return merged(ledger.invoices({ accountId }), unsaved.invoices, (i) => i.id, mine)
}

export function pendingOf(ledger: Ledger, unsaved: Unsaved, accountId?: string): PendingInvoice[] {
  const stored = ledger.invoices({ accountId, status: 'pending' })
  const mine = (i: PendingInvoice) => i.status === 'pending' && (!accountId || i.accountId === accountId)
  return merged(stored, unsaved.invoices, (i) => i.id, mine)
}

/** Refused claims' invoices of an account not expired at `nowSec`: a late payment still settles them. */
export function refusedOf(ledger: Ledger, unsaved: Unsaved, accountId: string, nowSec: number): PendingInvoice[] {
  const stored = ledger.invoices({ accountId, status: 'refused' })
  const open = (i: PendingInvoice) => i.status === 'refused' && i.accountId === accountId && i.expiresAt >= nowSec
  return merged(stored, unsaved.invoices, (i) => i.id, open)
}

export function linksOf(ledger: Ledger, unsaved: Unsaved, accountId?: string): StoredWithdrawLink[] {
  const mine = (l: StoredWithdrawLink) => !accountId || l.accountId === accountId
  return merged(ledger.withdrawLinks({ accountId }), unsaved.links, (l) => l.ott, mine)
}

/** Links of an account still waiting to be claimed, no older than `maxAgeSec` at `nowSec`. */
export function waitingLinksOf(ledger: Ledger, unsaved: Unsaved, accountId: string, nowSec: number, maxAgeSec: number) {
  const open = (l: StoredWithdrawLink) => l.status === 'waiting' && nowSec - l.createdAt <= maxAgeSec
  return linksOf(ledger, unsaved, accountId).filter(open)
}

export const invoiceOf = (ledger: Ledger, unsaved: Unsaved, id: string): PendingInvoice | undefined =>
  unsaved.invoices.get(id) ?? ledger.invoices().find((i) => i.id === id)

export const linkOf = (ledger: Ledger, unsaved: Unsaved, ott: string): StoredWithdrawLink | undefined =>
  unsaved.links.get(ott) ?? ledger.withdrawLinks().find((l) => l.ott === ott)

/** Wallet transactions already taken as some link's claim. */
export const takenTxIds = (links: readonly StoredWithdrawLink[]): Set<string> =>
  new Set(links.flatMap((l) => (l.claimTxId ? [l.claimTxId] : [])))

function writeLink(ledger: Ledger, l: StoredWithdrawLink) {
  ledger.putWithdrawLink({ ...l, status: 'waiting', claimedAt: null, claimedMsat: null, claimTxId: null })
  if (l.status === 'claimed' && l.claimTxId)
    ledger.claimWithdrawLink(l.accountId, l.ott, {
      claimedAt: l.claimedAt ?? 0,
      claimedMsat: l.claimedMsat ?? 0,
      txId: l.claimTxId,
    })
}

/** Stores every unsaved record; throws when the ledger refuses (what is left stays unsaved). */
export function storeUnsaved(ledger: Ledger, unsaved: Unsaved): void {
  for (const [id, inv] of [...unsaved.invoices]) {
    ledger.putInvoice(inv)
    unsaved.invoices.delete(id)
  }
  for (const [ott, l] of [...unsaved.links]) {
    writeLink(ledger, l)
    unsaved.links.delete(ott)
  }
}
