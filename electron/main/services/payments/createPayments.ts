// The payments module: everything money does, behind one object. Money leaves the app by one
// function only, the journaled send (`bindSend`, journaled.ts): it takes the request id, writes
// the journal, enters the in-flight set, calls the service and settles the entry. Paying an
// invoice or an address and moving sats between one's own wallets are sent by it; withdraw links
// (vouchers too) are reserved in the same journal before they are minted (links.ts). Checking
// unfinished payments ("Check again", at start-up, after a sync) runs in one queue (follow.ts) and
// leaves the in-flight set alone. See docs/money.md, "Money rules".
import type { Emit, InvoiceView, JournalView, PaymentView, RecipientView } from '@shared/contract'
import type { TransferView } from '@shared/history'
import type { CallPolicy } from '../accounts'
import { type CapabilitiesOf, mustAllow } from '../accounts/capabilities'
import type { BackendClient } from '../backends'
import type { Ledger } from '../ledger'
import type { Notifier } from '../notify'
import type { ServiceTime } from '../serviceTime'
import type { Spending } from '../spending'
import { recipientView } from '../views'
import { type CheckResult, followPayments } from './follow'
import type { Journal } from './journal'
import { bindSend, type PaymentStep } from './journaled'
import { type LinkSpend, type MintedLink, mintLinks } from './links'
import {
  decodeInvoice,
  type EarlierPayment,
  type PayAddressInput,
  type PayInvoiceInput,
  payAddress,
  payInvoice,
} from './pay'
import { type TransferInput, transferBetweenWallets } from './transfer'

export interface PaymentsDeps {
  journal: () => Journal
  /** an account's client: `once` for calls that move money (never retried), `retry` for reads */
  clientFor: (accountId: string | undefined, policy: CallPolicy) => BackendClient
  /** the account a payment without one on its confirmation goes out from */
  activeAccountId: () => string
  /** what each account's backend can do: a transfer or a link it cannot make is refused before it is written */
  capabilities: CapabilitiesOf
  /** where recent recipients, found payments and a transfer's rows are kept (docs/ledger.md) */
  ledger: () => Pick<Ledger, 'recordRecipient' | 'recentRecipients' | 'insertBatch' | 'byRequestId'>
  emit: Emit
  now: () => number
  /** each account's service clock (services/serviceTime) */
  serviceTime: Pick<ServiceTime, 'nowSec' | 'offsetMs' | 'created'>
  /** the spending rules, checked as a payment's journal entry is written */
  spending: Pick<Spending, 'admit' | 'dayNowSec'>
  notifier?: Notifier
  notificationsOn?: () => boolean
  /** work nobody waits for (checks after a sync) */
  background: (task: Promise<unknown>) => void
  /** money left an account: its balances (and, after a transfer, its history) are read again */
  moved: (accountId: string, walletIds: string[], kind: 'payment' | 'transfer') => void
  /** the crash tests stop the process at a step of a payment */
  at?: (step: PaymentStep, requestId: string) => void
}

export interface Payments {
  decode(invoice: string): Promise<InvoiceView & { earlier: EarlierPayment }>
  /** what a lightning address or LNURL-pay link asks for, as its server says (a read) */
  lookUp(address: string): Promise<RecipientView>
  /** named apart from the client's paying calls, which nothing outside this folder makes */
  sendToInvoice(input: PayInvoiceInput): Promise<PaymentView>
  sendToAddress(input: PayAddressInput): Promise<PaymentView>
  moveBetweenWallets(input: TransferInput): Promise<TransferView>
  /** refuses links the active account's backend cannot make, before anything is read or sent */
  mayMint(what: 'link' | 'vouchers'): void
  /** withdraw links minted under one reservation of the spending rules (links.ts) */
  mintLinks<T>(
    spend: Omit<LinkSpend, 'accountId'> & { memo?: string },
    run: (mint: () => Promise<MintedLink>, accountId: string) => Promise<T>,
  ): Promise<T>
  unfinished(): { payments: JournalView[] }
  /** "Check again": every unfinished payment reconciled now, in the one queue of checks */
  check(): Promise<CheckResult>
  recipients(): { recipients: string[] }
  /** the reconciling at start-up */
  start(): void
  /** a sync of the account ended (it may have stored a payment's row) */
  afterSync(accountId: string): void
}

export function createPayments(d: PaymentsDeps): Payments {
  const nowSec = () => Math.floor(d.now() / 1000)
  // request ids this process is sending now: the reconciling never touches them
  const inFlight = new Set<string>()
  const unfinished = () => ({ payments: d.journal().unfinished() })
  const changed = () => d.emit('payments.updated', unfinished())
  const send = bindSend({ journal: d.journal, inFlight, changed, spending: d.spending, at: d.at })
  const money = { clientFor: (id: string) => d.clientFor(id, 'once'), serviceTime: d.serviceTime, send }
  const follow = followPayments({ ...d, serviceNowSec: d.serviceTime.nowSec, inFlight })
  const accountOf = (input: { accountId?: string }) => input.accountId ?? d.activeAccountId()

  /** A paid recipient is offered next time; a ledger that fails must not fail a payment made. */
  function remember(accountId: string, address: string) {
    try {
      d.ledger().recordRecipient(accountId, address, nowSec())
    } catch {
      // the payment stands; only the suggestion is lost
    }
  }

  return {
    decode(invoice) {
      const accountId = d.activeAccountId()
      const client = d.clientFor(accountId, 'retry')
      return decodeInvoice({ client, journal: d.journal(), nowSec: () => d.serviceTime.nowSec(accountId) }, invoice)
    },
    lookUp: async (address) => recipientView(address, await d.clientFor(d.activeAccountId(), 'retry').probe(address)),
    async sendToInvoice(input) {
      const accountId = accountOf(input)
      const paid = await payInvoice(money, input, accountId)
      d.moved(accountId, [input.walletId], 'payment')
      return paid
    },
    async sendToAddress(input) {
      const accountId = accountOf(input)
      const paid = await payAddress(money, input, accountId)
      d.moved(accountId, [input.walletId], 'payment')
      remember(accountId, input.address)
      return paid
    },
    async moveBetweenWallets(input) {
      const accountId = d.activeAccountId()
      mustAllow(d.capabilities(accountId), 'transfers')
      // the journal first: if it cannot be opened, nothing is sent
      d.journal()
      const ledger = d.ledger()
      const view = await transferBetweenWallets(input, { client: money.clientFor(accountId), send, ledger, accountId })
      d.moved(accountId, [input.fromWalletId, input.toWalletId], 'transfer')
      return view
    },
    mayMint(what) {
      mustAllow(d.capabilities(d.activeAccountId()), what === 'vouchers' ? 'vouchers' : 'withdrawLinks')
    },
    mintLinks(spend, run) {
      const accountId = d.activeAccountId()
      mustAllow(d.capabilities(accountId), spend.what === 'vouchers' ? 'vouchers' : 'withdrawLinks')
      const links = { journal: d.journal(), spending: d.spending, client: money.clientFor(accountId) }
      return mintLinks(links, { ...spend, accountId }, (mint) => run(mint, accountId))
    },
    unfinished,
    check: follow.check,
    recipients: () => ({
      recipients: d
        .ledger()
        .recentRecipients(d.activeAccountId())
        .map((r) => r.address),
    }),
    start: follow.start,
    afterSync: follow.afterSync,
  }
}
