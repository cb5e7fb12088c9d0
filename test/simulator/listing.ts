// A wallet's (or the account's) transactions as the service lists them: newest first, a slice at a
// time, the huge seed's archived rows after the rows made since (huge.ts).
import { type Archive, archiveOf } from './huge'
import type { Ledger, WtxRec } from './state'
import { wtxView } from './views'

/** A list, newest first, read a slice at a time (what `paginate` needs). */
export interface Listing {
  length: number
  slice(from: number, to: number): unknown[]
}

/**
 * A wallet's transactions as the service lists them, newest first, already in the service's JSON:
 * the rows made since the seed, then the archived ones. `rows` is the wallet's own (ledger) list.
 */
export function walletListing(ledger: Ledger, rows: readonly WtxRec[], walletId: string | null): Listing {
  const archive = archiveOf(ledger)
  const old: ArrayLike<number> = archive
    ? walletId
      ? archive.walletRows(walletId)
      : { length: archive.size }
    : { length: 0 }
  const nNew = rows.length
  return {
    length: nNew + old.length,
    slice(from, to) {
      const out: unknown[] = []
      const stop = Math.min(to, nNew + old.length)
      for (let i = Math.max(0, from); i < stop; i++) {
        if (i < nNew) out.push(wtxView(ledger, rows[nNew - 1 - i] as WtxRec))
        else {
          const j = old.length - 1 - (i - nNew)
          out.push((archive as Archive).view(walletId ? (old[j] as number) : j))
        }
      }
      return out
    },
  }
}
