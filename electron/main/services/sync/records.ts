// The app's own records the loop waits on: invoices made in the app and withdraw links it handed
// out. Kept in memory (the loop reads them every tick) and stored in the ledger's app records,
// written before anything is announced. A write that fails (the file locked or the disk full)
// keeps the change in memory and in a "dirty" set that the next write stores with the rest.
import type { PendingInvoice } from '@shared/contract'
import type { Ledger, StoredWithdrawLink } from '../ledger'

export interface RecordsDeps {
  ledger: () => Ledger
  /** ms since the epoch */
  now: () => number
  /** the service's time of an account, Unix seconds: the ages of its invoices and links are its (services/serviceTime) */
  serviceSec?: (accountId: string) => number
  warn: (message: string, fields?: Record<string, unknown>) => void
  /** finished invoices and claimed links stay listed this long */
  keepFinishedSec: number
}

export function createRecords(d: RecordsDeps) {
  const invoices = new Map<string, PendingInvoice>()
  const links = new Map<string, StoredWithdrawLink>() // by ott
  const dirtyInvoices = new Set<string>()
  const dirtyLinks = new Set<string>()

  function load() {
    const ledger = d.ledger()
    for (const inv of ledger.invoices()) invoices.set(inv.id, inv)
    for (const l of ledger.withdrawLinks()) links.set(l.ott, l)
  }

  function writeLink(ledger: Ledger, l: StoredWithdrawLink) {
    ledger.putWithdrawLink({ ...l, status: 'waiting', claimedAt: null, claimedMsat: null, claimTxId: null })
    if (l.status === 'claimed' && l.claimTxId)
      ledger.claimWithdrawLink(l.accountId, l.ott, {
        claimedAt: l.claimedAt ?? 0,
        claimedMsat: l.claimedMsat ?? 0,
        txId: l.claimTxId,
      })
  }

  const nowSec = (accountId: string) => d.serviceSec?.(accountId) ?? Math.floor(d.now() / 1000)
  let onScreen: string | null = null
  function pending(accountId?: string): PendingInvoice[] {
    return [...invoices.values()].filter((i) => i.status === 'pending' && (!accountId || i.accountId === accountId))
  }
  function waitingLinks(accountId: string, maxAgeSec: number): StoredWithdrawLink[] {
    const t = nowSec(accountId)
    return [...links.values()].filter(
      (l) => l.accountId === accountId && l.status === 'waiting' && t - l.createdAt <= maxAgeSec,
    )
  }

  return {
    load,
    invoice: (id: string) => invoices.get(id),
    link: (ott: string) => links.get(ott),
    /** invoices, newest first; finished ones only while they are recent */
    listInvoices(): PendingInvoice[] {
      const kept = (i: PendingInvoice) => (i.settledAt ?? i.expiresAt) >= nowSec(i.accountId) - d.keepFinishedSec
      return [...invoices.values()]
        .filter((i) => i.status === 'pending' || kept(i))
        .sort((a, b) => b.createdAt - a.createdAt)
    },
    listLinks(): StoredWithdrawLink[] {
      return [...links.values()]
        .filter((l) => l.createdAt >= nowSec(l.accountId) - d.keepFinishedSec)
        .sort((a, b) => b.createdAt - a.createdAt)
    },
    pending,
    waitingLinks,
    /** the link on screen (null: none), watched as closely as a fresh one; its account, if known */
    focusLink(ott: string | null): string | undefined {
      onScreen = ott
      return ott === null ? undefined : links.get(ott)?.accountId
    },
    /** what an account waits for, for the plan: creation times, and whether its link is on screen */
    waiting(accountId: string, maxAgeSec: number) {
      const open = waitingLinks(accountId, maxAgeSec)
      const pendingCreatedAt = [...pending(accountId), ...open].map((x) => x.createdAt)
      return { pendingCreatedAt, linkOnScreen: open.some((l) => l.ott === onScreen) }
    },
    takenTxIds(): Set<string> {
      return new Set([...links.values()].flatMap((l) => (l.claimTxId ? [l.claimTxId] : [])))
    },
    claimedBy(accountId: string, txId: string): StoredWithdrawLink | undefined {
      for (const l of links.values()) if (l.accountId === accountId && l.claimTxId === txId) return l
      return undefined
    },
    setInvoice(inv: PendingInvoice) {
      invoices.set(inv.id, inv)
      dirtyInvoices.add(inv.id)
    },
    setLink(l: StoredWithdrawLink) {
      links.set(l.ott, l)
      dirtyLinks.add(l.ott)
    },
    /** Stores every change not stored yet; throws when the ledger refuses (they stay dirty). */
    save() {
      const ledger = d.ledger()
      for (const id of [...dirtyInvoices]) {
        const inv = invoices.get(id)
        if (inv) ledger.putInvoice(inv)
        dirtyInvoices.delete(id)
      }
      for (const ott of [...dirtyLinks]) {
        const l = links.get(ott)
        if (l) writeLink(ledger, l)
        dirtyLinks.delete(ott)
      }
    },
  }
}
export type Records = ReturnType<typeof createRecords>
