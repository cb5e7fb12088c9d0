// Sending: to a lightning address or LNURL-pay (looked up), or a BOLT 11 invoice (read by main).
// Money moves at most once per confirmation: the request id is made when the person reaches the
// confirmation step, and `send` refuses to run again for the same confirmation, whatever the
// outcome or however often it is called. The form lives here, so Back finds it as it was; one
// error slot, so a new error replaces the old; a look-up answer for input changed since is dropped.

import { accountCapabilities } from '@shared/capabilities'
import type { InvoiceView, PaymentView, RecipientView, SpendingView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { feeCapMsat, fundsProblem } from '@shared/payment/fees'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { type LinkSummary, routePayInput, summarize } from '@shared/payment/route'
import { MSAT_PER_SAT } from '@shared/units'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { currentLocale, t, tw } from '../i18n'
import { overDailyLimit } from '../lib/dailyLimit'
import { createLatest } from '../lib/latest'
import { type Money, moneyNow } from '../lib/money'
import { useAccounts } from './accounts'
import { useClaim } from './claim'
import { useUi } from './ui'
import type { LoadStatus } from './wallets'
import { useWallets } from './wallets'

export interface Confirmation {
  kind: 'address' | 'invoice'
  /** the account the payment goes out from, whichever becomes active meanwhile */
  accountId: string | null
  walletId: string
  /** the lightning address or LNURL, or the invoice */
  address: string
  amountMsat: number
  /** the most the routing fee can be */
  feeLimitMsat: number
  /** `server`: that most is the LNbits server's own reserve, not a limit the app sends */
  feeSetBy: 'app' | 'server'
  comment: string
  /** what the invoice says it is for, and whom it pays */
  description: string | null
  payee: string | null
  /** the journal paid this invoice before, or tried to with an outcome not known (main says) */
  earlier: InvoiceView['earlier'] | null
  requestId: string
}

/** What the person has typed, kept across the confirmation and Back. */
export interface SendForm {
  input: string
  walletId: string
  amount: string
  comment: string
}

interface SendState {
  form: SendForm
  /** an address or link from outside, shown as what it is until the person presses Look up */
  arrived: LinkSummary | null
  probeStatus: LoadStatus
  recipient: RecipientView | null
  invoice: InvoiceView | null
  /** the one error of the form (look-up or check): a new one replaces it */
  formError: AppErrorShape | null
  confirmation: Confirmation | null
  sending: boolean
  result: PaymentView | null
  /** when the result came (ms), for the receipt */
  paidAt: number | null
  error: AppErrorShape | null
  /** lightning addresses paid lately, offered as the person types */
  recents: string[]
  loadRecents(): Promise<void>
  setForm(patch: Partial<SendForm>): void
  /** Looks up a lightning address or LNURL, or reads an invoice. */
  probe(text: string): Promise<void>
  /**
   * Text from outside (a link, a scan, the clipboard): an invoice is read by the account's own
   * service, which asks nobody else; an address or LNURL names a server elsewhere, so it is only
   * shown until the person presses Look up (or `lookUp`: a press that named it already).
   */
  arrive(text: string, lookUp?: boolean): Promise<void>
  /**
   * Checks the form; on success moves to the confirmation step. Returns the problem, or null.
   * `spending`: what main reported of the account's rules; a payment over what is left today
   * stops here, as one over the balance does.
   */
  review(input: {
    walletId: string
    amountMsat: number | null
    comment: string
    spending?: SpendingView | null
  }): string | null
  back(): void
  /** `confirmToken`: from spending.confirm, when the amount is over the confirm limit */
  send(confirmToken?: string): Promise<void>
  reset(): void
}

const emptyForm: SendForm = { input: '', walletId: '', amount: '', comment: '' }
const initial = {
  form: emptyForm,
  arrived: null,
  probeStatus: 'idle' as LoadStatus,
  recipient: null,
  invoice: null,
  formError: null,
  confirmation: null,
  sending: false,
  result: null,
  paidAt: null,
  error: null,
}

/** a newer look-up, an edit of the input or a reset supersedes a look-up on its way */
const probes = createLatest()
const problemOf = (message: string, code: AppErrorShape['code'] = 'invalid_input'): AppErrorShape => ({
  code,
  message,
  retryable: false,
})

export const useSend = create<SendState>()((set, get) => ({
  ...initial,
  recents: [],
  async loadRecents() {
    const res = await invoke('payments.recipients', {})
    if (res.ok) set({ recents: res.value.recipients })
  },
  setForm(patch) {
    const form = { ...get().form, ...patch }
    if (patch.input !== undefined && patch.input !== get().form.input) {
      // what was looked up is no longer what the field says
      probes.drop()
      set({ form, arrived: null, probeStatus: 'idle', recipient: null, invoice: null, formError: null })
    } else set({ form })
  },
  async probe(text) {
    // a payment in flight, or one whose outcome is unknown, stays on screen until the person acts
    // on it: a scan or a lightning: link arriving meanwhile must not hide it (or invite a resend)
    const s = get()
    if (s.sending || s.error?.code === 'unknown_outcome') return
    const form = { ...s.form, input: text }
    const route = routePayInput(text)
    if ('problem' in route) {
      probes.drop()
      set({ ...initial, form, probeStatus: 'error', formError: problemOf(tw(route.problem)) })
      return
    }
    if (route.to === 'claim' || route.to === 'pair') {
      // a withdraw link offers sats, a pairing link asks for a connection: each on its own screen
      probes.drop()
      set({ ...initial, form })
      return useUi.getState().go(route)
    }
    set({ ...initial, form, probeStatus: 'loading' })
    if (route.to === 'invoice') {
      const { value: res, stale } = await probes.run(() => invoke('pay.decode', { invoice: route.invoice }))
      if (stale) return
      if (res.ok) set({ probeStatus: 'ready', invoice: res.value })
      else set({ probeStatus: 'error', formError: res.error })
      return
    }
    const address = route.address.trim()
    const { value: res, stale } = await probes.run(() => invoke('lnurl.probe', { address }))
    if (stale) return
    if (res.ok) return set({ probeStatus: 'ready', recipient: res.value })
    // most withdraw links (vouchers, faucets) do not say what they are, and the service looks
    // up pay links only: such a link is asked itself, and claimed if it offers sats
    if (lnurlOfUnknownKind(address)) {
      const offer = await useClaim.getState().open(address)
      if (get().form.input !== text) return // edited meanwhile
      const linkSaid = useClaim.getState().readError
      // an offer, or a private host to warn about first: the Claim screen shows it
      if (offer || linkSaid?.code === 'private_host') {
        set({ probeStatus: 'idle' })
        return useUi.getState().go({ to: 'claim', lnurl: address })
      }
      // the link's own answer ("expired", "already claimed", unreachable) says more than the
      // service's failed look-up; one that is a pay link leaves the service's words
      if (linkSaid && linkSaid.code !== 'invalid_input') return set({ probeStatus: 'error', formError: linkSaid })
    }
    set({ probeStatus: 'error', formError: res.error })
  },
  async arrive(text, lookUp = false) {
    const s = get()
    if (s.sending || s.error?.code === 'unknown_outcome') return
    const arrived = summarize(text)
    if (lookUp || !arrived || arrived.kind === 'invoice' || arrived.kind === 'withdraw') return get().probe(text)
    probes.drop()
    set({ ...initial, form: { ...s.form, input: text }, arrived })
  },
  review({ walletId, amountMsat, comment, spending }) {
    const { recipient: r, invoice: inv } = get()
    const problem = reviewProblem(r, inv, walletId, amountMsat, comment) ?? limitProblem(inv, amountMsat, spending)
    if (problem) {
      set({ formError: problem })
      return problem.message
    }
    const amount = (inv ? inv.amountMsat : amountMsat) as number
    set({
      formError: null,
      confirmation: {
        kind: inv ? 'invoice' : 'address',
        accountId: useAccounts.getState().activeId,
        walletId,
        address: inv ? inv.invoice : (r as RecipientView).address,
        amountMsat: amount,
        feeLimitMsat: feeOf(inv, amount),
        feeSetBy: activeCaps().serverFeeReserve ? 'server' : 'app',
        comment: inv ? '' : comment,
        description: inv ? inv.description : (r as RecipientView).description,
        payee: inv ? inv.payee : (r as RecipientView).address,
        earlier: inv?.earlier ?? null,
        requestId: newRequestId(),
      },
      result: null,
      error: null,
    })
    return null
  },
  back() {
    if (get().sending) return
    // the form stays as it was; only the confirmation goes
    set({ confirmation: null, error: null, result: null })
  },
  async send(confirmToken) {
    const s = get()
    const c = s.confirmation
    if (!c || s.sending || s.result || s.error) return
    set({ sending: true })
    const account = { ...(c.accountId ? { accountId: c.accountId } : {}), ...(confirmToken ? { confirmToken } : {}) }
    const res =
      c.kind === 'invoice'
        ? await invoke('pay.invoice', {
            ...account,
            walletId: c.walletId,
            invoice: c.address,
            requestId: c.requestId,
          })
        : await invoke('pay.lightningAddress', {
            ...account,
            walletId: c.walletId,
            address: c.address,
            amountMsat: c.amountMsat,
            ...(c.comment ? { comment: c.comment } : {}),
            requestId: c.requestId,
          })
    set(res.ok ? { sending: false, result: res.value, paidAt: Date.now() } : { sending: false, error: res.error })
  },
  reset() {
    probes.drop()
    set({ ...initial })
  },
}))

function reviewProblem(
  r: RecipientView | null,
  inv: InvoiceView | null,
  walletId: string,
  amountMsat: number | null,
  comment: string,
): AppErrorShape | null {
  if (!r && !inv) return problemOf(t('send.lookUpTheRecipientFirst'))
  if (r) {
    const problem = checkSend(r, amountMsat, comment)
    if (problem) return problemOf(problem)
  }
  if (!walletId) return problemOf(t('send.chooseTheWalletToPay'))
  const amount = inv ? inv.amountMsat : amountMsat
  if (amount === null) return problemOf(t('send.thisInvoiceHasNoAmount'))
  const wallet = useWallets.getState().wallets.find((w) => w.id === walletId)
  const short = wallet
    ? fundsProblem(wallet.label, wallet.balanceMsat, amount, currentLocale(), feeOf(inv, amount))
    : null
  // a balance problem, whose next step is a smaller amount or another wallet (errorWords)
  return short ? problemOf(tw(short), 'insufficient_funds') : null
}

/** The payment with the most its fee can be over what is left to spend today (main's figure), or null. */
function limitProblem(inv: InvoiceView | null, amountMsat: number | null, spending: SpendingView | null | undefined) {
  const amount = (inv ? inv.amountMsat : amountMsat) as number
  return overDailyLimit(spending, amount + feeOf(inv, amount))
}

/** the active account's flags (an LNbits server keeps its own fee reserve) */
function activeCaps() {
  const s = useAccounts.getState()
  return accountCapabilities(s.accounts.find((a) => a.id === s.activeId) ?? {})
}

/** the most the fee can be: main's figure for an invoice (the server's reserve where it keeps one) */
function feeOf(inv: InvoiceView | null, amountMsat: number): number {
  return inv?.feeLimitMsat ?? feeCapMsat(activeCaps(), amountMsat)
}

/** Why this amount and comment cannot go to this recipient, or null when they can. */
export function checkSend(
  r: RecipientView,
  amountMsat: number | null,
  comment: string,
  money: Money = moneyNow(),
): string | null {
  if (amountMsat === null) return t('send.enterAnAmountInSats')
  if (amountMsat <= 0) return t('send.enterAnAmountAboveZero')
  if (amountMsat < r.minSendableMsat)
    return t('send.theRecipientAcceptsAtLeast', { amount: money.msat(r.minSendableMsat) })
  if (amountMsat > r.maxSendableMsat)
    return t('send.theRecipientAcceptsAtMost', { amount: money.msat(r.maxSendableMsat) })
  if (r.wholeSats && amountMsat % MSAT_PER_SAT !== 0) {
    const down = Math.max(Math.floor(amountMsat / MSAT_PER_SAT) * MSAT_PER_SAT, r.minSendableMsat)
    const up = Math.min(Math.ceil(amountMsat / MSAT_PER_SAT) * MSAT_PER_SAT, r.maxSendableMsat)
    const choice =
      down === up
        ? money.msat(down)
        : t('send.or', { amount: money.msat(down, { unit: false }), amount2: money.msat(up) })
    return t('send.thisLinkMakesInvoicesIn', { amount: money.msat(amountMsat), choice })
  }
  if (comment && r.commentAllowed === 0) return t('send.thisRecipientDoesNotAccept')
  if (comment.length > r.commentAllowed) return t('send.theCommentIsTooLong', { commentAllowed: r.commentAllowed })
  return null
}

/** A bech32 LNURL that does not say whether it pays or withdraws. */
function lnurlOfUnknownKind(text: string): boolean {
  const t = lightningTargetOf(parsePaymentInput(text))
  return t?.kind === 'lnurl' && t.tag === 'unknown'
}
