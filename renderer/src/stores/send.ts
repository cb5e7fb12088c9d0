// Sending to a lightning address. Money moves at most once per confirmation: the request id is
// made when the person reaches the confirmation step, and `send` refuses to run again for the
// same confirmation, whatever the outcome or however often it is called.
import type { PaymentView, RecipientView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { formatMsat } from '@shared/units'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import { createLatest } from '../lib/latest'
import { useClaim } from './claim'
import { useUi } from './ui'
import type { LoadStatus } from './wallets'

interface Confirmation {
  walletId: string
  address: string
  amountMsat: number
  comment: string
  requestId: string
}

interface SendState {
  probeStatus: LoadStatus
  recipient: RecipientView | null
  probeError: AppErrorShape | null
  confirmation: Confirmation | null
  sending: boolean
  result: PaymentView | null
  error: AppErrorShape | null
  probe(address: string): Promise<void>
  /** Checks the form against the recipient's limits; on success moves to the confirmation step. */
  review(input: { walletId: string; amountMsat: number | null; comment: string }): string | null
  back(): void
  send(): Promise<void>
  reset(): void
}

const initial = {
  probeStatus: 'idle' as LoadStatus,
  recipient: null,
  probeError: null,
  confirmation: null,
  sending: false,
  result: null,
  error: null,
}

/** a newer look-up or a reset supersedes a look-up on its way */
const probes = createLatest()

export const useSend = create<SendState>()((set, get) => ({
  ...initial,
  async probe(address) {
    // a payment in flight, or one whose outcome is unknown, stays on screen until the person acts
    // on it: a scan or a lightning: link arriving meanwhile must not hide it (or invite a resend)
    const s = get()
    if (s.sending || s.error?.code === 'unknown_outcome') return
    set({ ...initial, probeStatus: 'loading' })
    const { value: res, stale } = await probes.run(() => invoke('lnurl.probe', { address: address.trim() }))
    if (stale) return
    if (res.ok) return set({ probeStatus: 'ready', recipient: res.value })
    // most withdraw links (vouchers, faucets) do not say what they are, and the service looks
    // up pay links only: such a link is asked itself, and claimed if it offers sats
    if (lnurlOfUnknownKind(address) && (await useClaim.getState().open(address.trim()))) {
      set({ probeStatus: 'idle' })
      return useUi.getState().go({ to: 'claim', lnurl: address.trim() })
    }
    set({ probeStatus: 'error', probeError: res.error })
  },
  review({ walletId, amountMsat, comment }) {
    const r = get().recipient
    if (!r) return 'Look up the recipient first.'
    const problem = checkSend(r, amountMsat, comment)
    if (problem) return problem
    if (!walletId) return 'Choose the wallet to pay from.'
    set({
      confirmation: { walletId, address: r.address, amountMsat: amountMsat!, comment, requestId: newRequestId() },
      result: null,
      error: null,
    })
    return null
  },
  back() {
    if (get().sending) return
    set({ confirmation: null, error: null, result: null })
  },
  async send() {
    const s = get()
    const c = s.confirmation
    if (!c || s.sending || s.result || s.error) return
    set({ sending: true })
    const res = await invoke('pay.lightningAddress', {
      walletId: c.walletId,
      address: c.address,
      amountMsat: c.amountMsat,
      ...(c.comment ? { comment: c.comment } : {}),
      requestId: c.requestId,
    })
    set(res.ok ? { sending: false, result: res.value } : { sending: false, error: res.error })
  },
  reset() {
    probes.drop()
    set({ ...initial })
  },
}))

/** Why this amount and comment cannot go to this recipient, or null when they can. */
export function checkSend(r: RecipientView, amountMsat: number | null, comment: string): string | null {
  if (amountMsat === null) return 'Enter an amount in sats, such as 1,000 or 0.5.'
  if (amountMsat <= 0) return 'Enter an amount above zero.'
  if (amountMsat < r.minSendableMsat) return `The recipient accepts at least ${formatMsat(r.minSendableMsat)}.`
  if (amountMsat > r.maxSendableMsat) return `The recipient accepts at most ${formatMsat(r.maxSendableMsat)}.`
  if (comment && r.commentAllowed === 0) return 'This recipient does not accept a comment.'
  if (comment.length > r.commentAllowed) return `The comment is too long (${r.commentAllowed} characters at most).`
  return null
}

/** A bech32 LNURL that does not say whether it pays or withdraws. */
function lnurlOfUnknownKind(text: string): boolean {
  const t = lightningTargetOf(parsePaymentInput(text))
  return t?.kind === 'lnurl' && t.tag === 'unknown'
}
