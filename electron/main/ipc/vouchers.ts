// The voucher sheet's operations: vouchers.create mints N withdraw links of one amount (each
// tracked by the sync loop as it is made), then offers their sheet as a PDF; vouchers.save offers
// the sheet of vouchers made before again (after a cancelled dialog, say).
import type { Emit, WithdrawLinkView } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { Logger } from '../log'
import type { AccountsService } from '../services/accounts'
import type { ServiceClient } from '../services/client'
import type { ServiceTime } from '../services/serviceTime'
import type { LinkSpend } from '../services/spending/links'
import { mayExist } from '../services/spending/links'
import type { SyncLoop } from '../services/sync'
import { walletView, withdrawLinkView } from '../services/views'
import { checkVoucherFunds, mintVouchers, type SaveFile, saveVoucherSheet } from '../services/vouchers'
import type { OpIn, OpOut } from './router'

export interface VoucherDeps {
  accounts: Pick<AccountsService, 'active'>
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
  /** the spending rules: the whole sheet is admitted and reserved before the first mint */
  reserve(spend: LinkSpend): { settle(made: number): void }
}

interface Context {
  client(accountId?: string): ServiceClient
}

const NO_SAVING = 'Saving files is not available here, so no vouchers were made.'

export function voucherHandlers(d: VoucherDeps) {
  const nowSec = (accountId: string) => d.serviceTime?.nowSec(accountId) ?? Math.floor(d.now() / 1000)

  async function create(input: OpIn<'vouchers.create'>, op: Context): Promise<OpOut<'vouchers.create'>> {
    const { walletId, count, amountSat, note, requestId, confirmToken } = input
    const saveFile = d.saveFile
    if (!saveFile) throw new AppError('internal', NO_SAVING, { retryable: false })
    const account = d.accounts.active()
    const client = op.client(account.id)
    const wallet = walletView(await client.getWallet(walletId))
    checkVoucherFunds({ count, amountSat, balanceMsat: wallet.balanceMsat, walletName: wallet.label })
    const what = 'These vouchers'
    const spend = { requestId, accountId: account.id, walletId, count, amountSat, confirmToken, what, plural: true }
    const reserved = d.reserve(spend)
    let unanswered = 0
    const mint = async () => {
      try {
        return await client.mintWithdrawLink(walletId, { num_satoshis: amountSat, memo: note || undefined })
      } catch (err) {
        if (mayExist(err)) unanswered = 1
        throw err
      }
    }
    const minted = mintVouchers(count, {
      mint: async () => withdrawLinkView(await mint(), { walletId, amountSat, memo: note, nowSec: nowSec(account.id) }),
      keep: async (link) => {
        await d.trackWithdraw(link, account.id)
        // the renderer's list of links grows as the sheet is made
        d.emit('withdraw.updated', link)
      },
      progress: (made) => d.emit('vouchers.progress', { requestId, made, count }),
    })
    // what was made stays counted against the daily limit, and a link that may exist unseen too
    const { links, problem } = await minted.then(
      (out) => {
        reserved.settle(out.links.length + unanswered)
        return out
      },
      (err: unknown) => {
        reserved.settle(unanswered)
        throw err
      },
    )
    const sheet = await saveVoucherSheet(
      saveFile,
      { links, amountSat, note, walletName: wallet.label, createdAt: d.now() },
      d.log,
    )
    return { links, requested: count, problem, sheet }
  }

  async function save({ otts, note }: OpIn<'vouchers.save'>, op: Context): Promise<OpOut<'vouchers.save'>> {
    if (!d.saveFile) throw new AppError('internal', 'Saving files is not available here.', { retryable: false })
    const known = new Map(d.sync.listWithdraws().map((l) => [l.ott, l]))
    // one card per voucher: a link printed twice could be claimed only once
    const links = [...new Set(otts)].map((ott) => known.get(ott))
    if (links.some((l) => !l))
      throw new AppError('not_found', 'Some of these vouchers are no longer in the list of withdraw links.')
    const all = links as WithdrawLinkView[]
    const first = all[0] as WithdrawLinkView
    if (all.some((l) => l.walletId !== first.walletId || l.amountSat !== first.amountSat))
      throw new AppError('invalid_input', 'A sheet holds vouchers of one amount from one wallet.')
    const waiting = all.filter((l) => l.status === 'waiting')
    if (waiting.length === 0) throw new AppError('invalid_input', 'Every one of these vouchers has been claimed.')
    let walletName = first.walletId
    try {
      walletName = walletView(await op.client().getWallet(first.walletId)).label
    } catch {
      // the sheet is still worth having with the wallet's id on it
    }
    const sheet = await saveVoucherSheet(
      d.saveFile,
      { links: waiting, amountSat: first.amountSat, note, walletName, createdAt: d.now() },
      d.log,
    )
    return { count: waiting.length, sheet }
  }

  return { 'vouchers.create': create, 'vouchers.save': save }
}
