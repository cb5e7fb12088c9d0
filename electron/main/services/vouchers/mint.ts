// Minting the vouchers of a sheet: one link after another, each handed on (to the sync loop) before
// the next is asked for, so every link that exists is tracked. A failure part-way stops the run
// and keeps what was made; nothing is retried (a retry could only mint one more).
import { AppError } from '@shared/errors'
import { formatMsat, formatSat } from '@shared/units'
import { mt } from '../i18n'

export interface MintSteps<L> {
  /** one new link from the service */
  mint(): Promise<L>
  /** hand a new link on (track and announce it); a failure stops the run after this link */
  keep(link: L): Promise<void>
  progress(made: number): void
}

export interface MintOutcome<L> {
  links: L[]
  /** why it stopped before `count`, for the person; null when all were made */
  problem: string | null
}

/** Mints `count` links; the first failing mint throws when nothing was made yet. */
export async function mintVouchers<L>(count: number, steps: MintSteps<L>): Promise<MintOutcome<L>> {
  const links: L[] = []
  for (let i = 0; i < count; i++) {
    let link: L
    try {
      link = await steps.mint()
    } catch (err) {
      if (links.length === 0) throw err
      return { links, problem: stoppedMessage(links.length, count, err) }
    }
    links.push(link)
    try {
      await steps.keep(link)
    } catch (err) {
      return { links, problem: stoppedMessage(links.length, count, err) }
    } finally {
      steps.progress(links.length)
    }
  }
  return { links, problem: null }
}

function stoppedMessage(made: number, count: number, err: unknown): string {
  const why = err instanceof AppError ? err.message : mt('errors.internal')
  return mt('vouchers.stopped', { made: String(made), count: String(count), why })
}

/** Refuses a sheet the wallet cannot cover: count × amount (no fee is known for a claim). */
export function checkVoucherFunds(o: { count: number; amountSat: number; balanceMsat: number; walletName: string }) {
  const totalSat = o.count * o.amountSat
  // compared in whole sats: count × amount × 1000 may pass the safe integers
  if (totalSat <= Math.floor(o.balanceMsat / 1000)) return
  const total = Number.isSafeInteger(totalSat * 1000) ? formatSat(totalSat) : `${totalSat} sats`
  throw new AppError(
    'insufficient_funds',
    mt('vouchers.notEnough', {
      count: String(o.count),
      amount: formatSat(o.amountSat),
      total,
      wallet: o.walletName,
      balance: formatMsat(o.balanceMsat),
    }),
  )
}
