// Paying: a BOLT 11 request (read first, paid with a fee limit) and a lightning address, both sent
// under the journal from the account and wallet named on the confirmation, with the balance
// checked against the amount plus the most the fee can be; and the journal's unfinished payments,
// listed and reconciled on demand ("Check again"). See docs/architecture.md, "Money rules".
import type { Emit, JournalView, WalletView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { feeLimitMsat, fundsProblem } from '@shared/payment/fees'
import type { AccountsService, CallPolicy } from '../services/accounts'
import type { ServiceClient } from '../services/client'
import type { Ledger } from '../services/ledger'
import type { Journal, JournalEntryInput } from '../services/payments'
import { type CheckResult, type PaymentStep, paymentError, readInvoice, sendJournaled } from '../services/payments'
import type { ServiceTime } from '../services/serviceTime'
import type { Spending } from '../services/spending'
import { paymentView, walletView } from '../services/views'
import type { OpIn, OpOut } from './router'

export interface PayDeps {
  accounts: Pick<AccountsService, 'active'>
  clientFor: (accountId: string | undefined, policy: CallPolicy) => ServiceClient
  journal: () => Journal
  /** where recent recipients are kept (docs/ledger.md); absent, none are remembered */
  ledger?: () => Pick<Ledger, 'recordRecipient' | 'recentRecipients'>
  emit: Emit
  now: () => number
  /** each account's service clock: an invoice's expiry and a journal entry's time are on it */
  serviceTime: Pick<ServiceTime, 'nowSec' | 'offsetMs'>
  /** "Check again" (services/payments/follow.ts): reconciles, tells, and says what it found */
  checkPayments: () => Promise<CheckResult>
  /** the balance refresh after a payment */
  refreshWallets: () => void
  /** the crash tests stop the process at a step of a payment */
  at?: (step: PaymentStep, requestId: string) => void
  /** request ids this process is sending now, shared with followPayments (services/payments/follow.ts): never reconciled */
  paying?: Set<string>
  /** the spending rules, checked as the journal entry is written (absent: none) */
  spending?: Pick<Spending, 'admit'>
}

interface Context {
  client(accountId?: string): ServiceClient
}

export function payHandlers(d: PayDeps) {
  const nowSec = () => Math.floor(d.now() / 1000)
  const inFlight = d.paying ?? new Set<string>()
  const list = (): { payments: JournalView[] } => ({ payments: d.journal().unfinished() })
  const changed = () => d.emit('payments.updated', list())

  /**
   * Sends under the journal, the balance checked against amount plus the most the fee can be
   * first (its request leaves before the entry is written, so the two overlap); refusals come back
   * in plain words.
   */
  async function pay(
    asked: Promise<WalletView>,
    entry: JournalEntryInput,
    confirmToken: string | undefined,
    send: (passThru: Record<string, string>) => Promise<Parameters<typeof paymentView>[0]>,
  ) {
    let wallet: { label: string; balanceMsat: number } | null = null
    const rules = d.spending
    const admit =
      rules &&
      ((e: JournalEntryInput) =>
        rules.admit({
          accountId: e.accountId,
          what: 'This payment',
          amountMsat: e.amountMsat,
          feeLimitMsat: e.feeLimitMsat ?? 0,
          confirmToken,
        }))
    try {
      const deps = { journal: d.journal(), at: d.at, changed, inFlight, admit }
      const wtx = await sendJournaled(deps, entry, send, async () => {
        wallet = await asked
        const problem = fundsProblem(wallet.label, wallet.balanceMsat, entry.amountMsat)
        if (problem) throw new AppError('insufficient_funds', problem)
      })
      d.refreshWallets()
      return paymentView(wtx, entry.amountMsat)
    } catch (err) {
      const w = wallet ?? { label: 'this wallet', balanceMsat: 0 }
      throw paymentError(err, { name: w.label, balanceMsat: w.balanceMsat, amountMsat: entry.amountMsat })
    }
  }

  /** A paid recipient is offered next time; a ledger that fails must not fail a payment made. */
  function remember(accountId: string, address: string) {
    try {
      d.ledger?.().recordRecipient(accountId, address, nowSec())
    } catch {
      // the payment stands; only the suggestion is lost
    }
  }

  return {
    'pay.decode': async ({ invoice }: OpIn<'pay.decode'>, op: Context): Promise<OpOut<'pay.decode'>> => {
      const accountId = d.accounts.active().id
      const view = await readInvoice(op.client(accountId), invoice, { nowSec: () => d.serviceTime.nowSec(accountId) })
      return { ...view, earlier: earlierPayment(d.journal(), view.invoice) }
    },

    'pay.invoice': async (input: OpIn<'pay.invoice'>, op: Context): Promise<OpOut<'pay.invoice'>> => {
      const { walletId, requestId } = input
      const accountId = input.accountId ?? d.accounts.active().id
      // the account on the confirmation, whichever is active now
      const client = op.client(accountId)
      const asked = balanceOf(client, walletId)
      // the service's clock not known yet (nothing asked since start): the balance's answer tells it
      if (d.serviceTime.offsetMs(accountId) === null) await asked.catch(() => {})
      // Read again here (the renderer's word is not taken), by the app's own decoder: the service's
      // node checks it once more when it pays, and a second round trip would only slow the payment.
      const inv = await readInvoice(null, input.invoice, { nowSec: () => d.serviceTime.nowSec(accountId) })
      const amountMsat = inv.amountMsat as number
      const fee = feeLimitMsat(amountMsat)
      const createdAt = d.serviceTime.nowSec(accountId)
      const entry = {
        requestId,
        accountId,
        walletId,
        kind: 'invoice' as const,
        amountMsat,
        feeLimitMsat: fee,
        createdAt,
      }
      return pay(asked, { ...entry, target: inv.invoice }, input.confirmToken, (passThru) =>
        client.payInvoice(walletId, { payment_request: inv.invoice, fee_limit_msat: fee, passThru }),
      )
    },

    'pay.lightningAddress': async (
      input: OpIn<'pay.lightningAddress'>,
      op: Context,
    ): Promise<OpOut<'pay.lightningAddress'>> => {
      const { walletId, address, amountMsat, comment, requestId } = input
      const accountId = input.accountId ?? d.accounts.active().id
      const client = op.client(accountId)
      // the service takes no fee limit here: the journal keeps the app's figure, shown before confirming
      const entry = { requestId, accountId, walletId, kind: 'address' as const, amountMsat }
      const createdAt = d.serviceTime.nowSec(accountId)
      const paid = await pay(
        balanceOf(client, walletId),
        { ...entry, feeLimitMsat: feeLimitMsat(amountMsat), target: address, createdAt },
        input.confirmToken,
        (passThru) =>
          client.payLightningAddress(walletId, {
            ln_address: address,
            amt_msat: amountMsat,
            ...(comment ? { comment } : {}),
            passThru,
          }),
      )
      remember(accountId, address)
      return paid
    },

    'payments.unfinished': async () => list(),
    'payments.recipients': async (): Promise<OpOut<'payments.recipients'>> => {
      const ledger = d.ledger?.()
      if (!ledger) return { recipients: [] }
      return { recipients: ledger.recentRecipients(d.accounts.active().id).map((r) => r.address) }
    },
    'payments.check': () => d.checkPayments(),
  }
}

/** The wallet's balance, asked at once; its answer is awaited only when the payment needs it. */
function balanceOf(client: ServiceClient, walletId: string): Promise<WalletView> {
  const asked = client.getWallet(walletId).then(walletView)
  // a refused read must not be reported unhandled while other work goes on
  asked.catch(() => {})
  return asked
}

/** What the journal knows of paying this invoice before: paid, or tried with an outcome not known (N8). */
function earlierPayment(journal: Journal, invoice: string): OpOut<'pay.decode'>['earlier'] {
  const tried = journal.byTarget(invoice).filter((e) => e.state !== 'failed')
  const paid = tried.find((e) => e.state === 'paid')
  const e = paid ?? tried[0]
  return e ? { state: paid ? 'paid' : 'unknown', at: e.createdAt } : null
}
