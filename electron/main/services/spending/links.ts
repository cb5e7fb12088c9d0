// Withdraw links and voucher sheets count against a daily limit like payments: whoever holds a
// link can take its amount (and the claim's routing fee) from the wallet. Reserved in the journal
// before the first is minted, then shrunk to what was made; a mint whose answer was lost may have
// made a link, so it stays counted.
import { AppError } from '@shared/errors'
import { satToMsat } from '@shared/units'
import { claimFeeCapSat } from '@shared/vouchers'
import type { Journal } from '../payments/journal'
import type { Spending } from '.'

export interface LinkSpend {
  requestId: string
  accountId: string
  walletId: string
  count: number
  amountSat: number
  confirmToken?: string
  /** "This withdraw link", "These vouchers" */
  what: string
  plural?: boolean
}

const linksMsat = (n: number, amountSat: number) => ({
  amountMsat: n * satToMsat(amountSat),
  feeLimitMsat: n * satToMsat(claimFeeCapSat(amountSat)),
})

/** A mint that failed without an answer may still have made its link. */
export const mayExist = (err: unknown) => !(err instanceof AppError) || err.code === 'unknown_outcome'

/** Admits and reserves the links in one step; `settle(made)` shrinks the reservation afterwards. */
export function reserveLinks(d: { journal: Journal; spending: Pick<Spending, 'admit' | 'nowSec'> }, s: LinkSpend) {
  const all = linksMsat(s.count, s.amountSat)
  const createdAt = d.spending.nowSec(s.accountId)
  const created = d.journal.addLinks(
    { requestId: s.requestId, accountId: s.accountId, walletId: s.walletId, ...all, createdAt },
    () =>
      d.spending.admit({
        accountId: s.accountId,
        what: s.what,
        plural: s.plural,
        confirmToken: s.confirmToken,
        ...all,
      }),
  )
  if (!created)
    throw new AppError(
      'invalid_input',
      'This was asked for before. Look in the list of withdraw links, then start again.',
    )
  return {
    settle(made: number) {
      d.journal.settleLinks(s.requestId, linksMsat(Math.min(made, s.count), s.amountSat))
    },
  }
}
