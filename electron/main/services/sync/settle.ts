// Writes what the plan decided about the app's own records: invoices paid or expired, links
// claimed. Each is checked and set in one synchronous step (so once), told to the renderer, then
// stored with the rest of what is unsaved.
import type { PendingInvoice } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { SyncIo } from './deps'
import { SyncNotSavedError } from './errors'
import { CLOCK_SLACK_SEC, type Claim, type Settlement } from './outcomes'
import { claimedLink, expiredInvoice, paidInvoice, refusedInvoice } from './plan'
import { foundPaid } from './state'
import { invoiceOf, storeUnsaved } from './watched'

export const isCode = (err: unknown, ...codes: AppError['code'][]) =>
  err instanceof AppError && codes.includes(err.code)

export function errorFields(err: unknown): Record<string, unknown> {
  return err instanceof AppError ? { code: err.code, message: err.message } : { message: String(err) }
}

/** Stores the invoices and links not stored yet; a failure is logged and answered, never thrown. */
export function saveWatched(io: SyncIo): SyncNotSavedError | null {
  try {
    storeUnsaved(io.deps.ledger(), io.unsaved)
    return null
  } catch (err) {
    io.deps.log?.error('pending invoices not saved', errorFields(err))
    return new SyncNotSavedError(err)
  }
}

function putInvoice(io: SyncIo, next: PendingInvoice) {
  io.unsaved.invoices.set(next.id, next)
  io.deps.emit('invoice.updated', next)
}

/** Marks invoices paid and says so; how many were still pending. */
export function settle(io: SyncIo, found: readonly Settlement[]): number {
  let n = 0
  for (const f of found) {
    const next = paidInvoice(invoiceOf(io.deps.ledger(), io.unsaved, f.invoice.id), f)
    if (!next) continue
    putInvoice(io, next)
    n++
  }
  return n
}

export function claim(io: SyncIo, claimed: readonly Claim[]): void {
  for (const c of claimed) {
    const next = claimedLink(c)
    io.unsaved.links.set(next.ott, next)
    // the claim's fee row is not stored yet: withdraw.list reads it from the ledger later
    io.deps.emit('withdraw.updated', { ...next, claimFeeMsat: null })
  }
}

export function expire(io: SyncIo, list: readonly PendingInvoice[]): void {
  for (const inv of list) {
    const next = expiredInvoice(invoiceOf(io.deps.ledger(), io.unsaved, inv.id))
    if (next) putInvoice(io, next)
  }
  saveWatched(io)
}

/**
 * A claim's invoice the link's server refused: no longer waited on, counted or listed as pending;
 * false when it was no longer pending (paid meanwhile, say). A row that pays it still settles it.
 */
export function refuse(io: SyncIo, id: string): boolean {
  const next = refusedInvoice(invoiceOf(io.deps.ledger(), io.unsaved, id))
  if (next) putInvoice(io, next)
  saveWatched(io)
  return next !== null
}

/** Paid before it was tracked, and its row already synced: settled from the ledger. */
export function settledInLedger(io: SyncIo, inv: PendingInvoice): void {
  const row = io.deps.ledger().byLnTxId(inv.accountId, inv.id)
  if (!row || row.amountMsat <= 0 || row.createdAt < inv.createdAt - CLOCK_SLACK_SEC) return
  settle(io, [{ invoice: inv, settledAt: row.createdAt, amountSat: Math.floor(row.amountMsat / 1000) }])
}

/**
 * Paid, found by a direct read (the invoice on screen, check(), the read at expiry): marked so,
 * and its wallet read as soon as the tick allows, its row told when it comes. False: nothing new.
 */
export function foundDirectly(io: SyncIo, accountId: string, found: readonly Settlement[]): boolean {
  if (settle(io, found) === 0) return false
  saveWatched(io)
  io.set(
    accountId,
    foundPaid(
      io.state(accountId),
      found.map((s) => s.invoice),
    ),
  )
  return true
}
