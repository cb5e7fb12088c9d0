// Withdraw links and voucher sheets count against a daily limit like payments: whoever holds a
// link can take its amount (and the claim's routing fee) from the wallet. Reserved in the journal
// before the first is minted, then shrunk to what was made; a mint whose answer was lost may have
// made a link, so it stays counted. Minting a link makes money spendable by whoever holds it, so
// it is done here, in the payments module, and nowhere else.
import { AppError } from '@shared/errors'
import { satToMsat } from '@shared/units'
import { claimFeeCapSat } from '@shared/vouchers'
import type { BackendClient } from '../backends'
import { mt } from '../i18n'
import type { Spending, SpendKind } from '../spending'
import type { Journal } from './journal'

export interface LinkSpend {
  requestId: string
  accountId: string
  walletId: string
  count: number
  amountSat: number
  confirmToken?: string
  /** named in a refusal: a withdraw link, or a sheet of vouchers */
  what: SpendKind
}

const linksMsat = (n: number, amountSat: number) => ({
  amountMsat: n * satToMsat(amountSat),
  feeLimitMsat: n * satToMsat(claimFeeCapSat(amountSat)),
})

/** A mint that failed without an answer may still have made its link. */
const mayExist = (err: unknown) => !(err instanceof AppError) || err.code === 'unknown_outcome'

/** Admits and reserves the links in one step; `settle(made)` shrinks the reservation afterwards. */
function reserveLinks(d: Pick<LinksDeps, 'journal' | 'spending'>, s: LinkSpend) {
  const all = linksMsat(s.count, s.amountSat)
  // written at the service's time the rules judged it by (admit answers it)
  const created = d.journal.addLinks(
    { requestId: s.requestId, accountId: s.accountId, walletId: s.walletId, ...all },
    () =>
      d.spending.admit({
        accountId: s.accountId,
        what: s.what,
        confirmToken: s.confirmToken,
        ...all,
      }),
  )
  if (!created) throw new AppError('invalid_input', mt('payments.askedBefore'))
  return {
    settle(made: number) {
      // the mint's answers told the service's time: the reservation is written no earlier
      const at = d.spending.dayNowSec(s.accountId)
      d.journal.settleLinks(s.requestId, linksMsat(Math.min(made, s.count), s.amountSat), at)
    },
  }
}

/** A withdraw link as the service made it. */
export type MintedLink = Awaited<ReturnType<BackendClient['mintWithdrawLink']>>

export interface LinksDeps {
  journal: Journal
  spending: Pick<Spending, 'admit' | 'dayNowSec'>
  /** the client of the spend's account, its calls made once */
  client: Pick<BackendClient, 'mintWithdrawLink'>
}

/**
 * Mints withdraw links under one reservation: admitted and reserved in the journal before the
 * first, then settled to what exists (every link made, and one whose answer was lost). `run` asks
 * for each link with `mint`, one at a time; nothing is retried.
 */
export async function mintLinks<T>(
  d: LinksDeps,
  s: LinkSpend & { memo?: string },
  run: (mint: () => Promise<MintedLink>) => Promise<T>,
): Promise<T> {
  const reserved = reserveLinks(d, s)
  let made = 0
  let unanswered = 0
  const mint = async () => {
    try {
      const link = await d.client.mintWithdrawLink(s.walletId, { amountSat: s.amountSat, memo: s.memo })
      made++
      return link
    } catch (err) {
      if (mayExist(err)) unanswered = 1
      throw err
    }
  }
  try {
    return await run(mint)
  } finally {
    reserved.settle(made + unanswered)
  }
}
