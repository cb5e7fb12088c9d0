// Withdraw links the person makes: one (the Withdraw screen), or a sheet of N vouchers of one
// amount (each tracked by the sync loop as it is made), whose sheet is then offered as a PDF; and
// the sheet of vouchers made before, offered again (after a cancelled dialog, say). Minting is the
// payments module's (services/payments/links.ts): it reserves the spend in the journal first.
import type { Emit, WithdrawLinkView } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { Logger } from '../../log'
import type { CallPolicy } from '../accounts'
import type { BackendClient } from '../backends'
import { mt } from '../i18n'
import type { Payments } from '../payments'
import type { ServiceTime } from '../serviceTime'
import type { SyncLoop } from '../sync'
import { walletView, withdrawLinkView } from '../views'
import { checkVoucherFunds, mintVouchers } from './mint'
import { type SaveFile, saveVoucherSheet } from './save'

export interface WithdrawLinkInput {
  walletId: string
  amountSat: number
  memo?: string
  requestId: string
  confirmToken?: string
}

export interface VoucherSheetRequest {
  walletId: string
  count: number
  amountSat: number
  note: string
  requestId: string
  confirmToken?: string
}

export interface VoucherDeps {
  payments: Pick<Payments, 'mintLinks' | 'mayMint'>
  clientFor: (accountId: string | undefined, policy: CallPolicy) => BackendClient
  sync: Pick<SyncLoop, 'listWithdraws'>
  emit: Emit
  now: () => number
  /** a link's age is the service's to judge (services/serviceTime); absent: the computer's clock */
  serviceTime?: Pick<ServiceTime, 'nowSec'>
  /** absent where no file can be saved: then no voucher is minted either */
  saveFile?: SaveFile
  log?: Pick<Logger, 'warn'>
  /** hands a new link to the sync loop (a failed save of it is a notice, not a failure) */
  trackWithdraw(link: WithdrawLinkView, accountId: string): Promise<void>
}

export function createWithdrawLinks(d: VoucherDeps) {
  const nowSec = (accountId: string) => d.serviceTime?.nowSec(accountId) ?? Math.floor(d.now() / 1000)

  /** One link: reserved, minted and watched (a failed save of it is a notice, not a failure). */
  function one(input: WithdrawLinkInput): Promise<WithdrawLinkView> {
    const { walletId, amountSat, memo, requestId, confirmToken } = input
    const spend = { requestId, walletId, count: 1, amountSat, confirmToken, what: 'link' as const, memo }
    return d.payments.mintLinks(spend, async (mint, accountId) => {
      const view = withdrawLinkView(await mint(), { walletId, amountSat, memo: memo ?? '', nowSec: nowSec(accountId) })
      await d.trackWithdraw(view, accountId)
      return view
    })
  }

  async function create(input: VoucherSheetRequest) {
    const { walletId, count, amountSat, note, requestId, confirmToken } = input
    const saveFile = d.saveFile
    if (!saveFile) throw new AppError('internal', mt('vouchers.noSaving'), { retryable: false })
    // refused before the wallet's balance is read: a backend without vouchers is asked nothing
    d.payments.mayMint('vouchers')
    const wallet = walletView(await d.clientFor(undefined, 'once').getWallet(walletId))
    checkVoucherFunds({ count, amountSat, balanceMsat: wallet.balanceMsat, walletName: wallet.label })
    const what = 'vouchers' as const
    const spend = { requestId, walletId, count, amountSat, confirmToken, what, memo: note || undefined }
    // what was made stays counted against the daily limit, and a link that may exist unseen too
    const { links, problem } = await d.payments.mintLinks(spend, (mint, accountId) =>
      mintVouchers(count, {
        mint: async () =>
          withdrawLinkView(await mint(), { walletId, amountSat, memo: note, nowSec: nowSec(accountId) }),
        keep: async (link) => {
          await d.trackWithdraw(link, accountId)
          // the renderer's list of links grows as the sheet is made
          d.emit('withdraw.updated', link)
        },
        progress: (made) => d.emit('vouchers.progress', { requestId, made, count }),
      }),
    )
    const sheet = await saveVoucherSheet(saveFile, { links, amountSat, note, createdAt: d.now() }, d.log)
    return { links, requested: count, problem, sheet }
  }

  async function save({ otts, note }: { otts: string[]; note: string }) {
    if (!d.saveFile) throw new AppError('internal', mt('errors.noSaving'), { retryable: false })
    const known = new Map(d.sync.listWithdraws().map((l) => [l.ott, l]))
    // one card per voucher: a link printed twice could be claimed only once
    const links = [...new Set(otts)].map((ott) => known.get(ott))
    if (links.some((l) => !l)) throw new AppError('not_found', mt('vouchers.gone'))
    const all = links as WithdrawLinkView[]
    const first = all[0] as WithdrawLinkView
    if (all.some((l) => l.walletId !== first.walletId || l.amountSat !== first.amountSat))
      throw new AppError('invalid_input', mt('vouchers.oneKind'))
    const waiting = all.filter((l) => l.status === 'waiting')
    if (waiting.length === 0) throw new AppError('invalid_input', mt('vouchers.allClaimed'))
    const sheet = await saveVoucherSheet(
      d.saveFile,
      { links: waiting, amountSat: first.amountSat, note, createdAt: d.now() },
      d.log,
    )
    return { count: waiting.length, sheet }
  }

  return { one, sheet: create, saveSheet: save }
}
