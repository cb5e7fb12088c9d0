// Send to a lightning address, an LNURL-pay or a Lightning invoice: look up or read → amount and
// comment (an invoice names its own amount) → confirm with the fee and total → receipt.
import type { InvoiceView, RecipientView } from '@shared/contract'
import { feeCapMsat, sendAllMsat } from '@shared/payment/fees'
import { parseSatInput } from '@shared/units'
import { type FormEvent, useEffect, useState } from 'react'
import { Fiat } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { ErrorMessage, Pending } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { Screen } from '../components/Screen'
import { ShortId } from '../components/ShortId'
import { useSpendingView } from '../components/SpendCheck'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t, tw } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useCapabilities } from '../lib/capabilities'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { useAccounts } from '../stores/accounts'
import { useSend } from '../stores/send'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { Confirm } from './SendConfirm'
import { Unfinished } from './SendUnfinished'

export default function Send(props: { address?: string; walletId?: string; lookUp?: boolean }) {
  const confirmation = useSend((s) => s.confirmation)
  useEffect(() => {
    const s = useSend.getState()
    // arriving with an address or invoice (scan, link, clipboard) starts a fresh send; an
    // address or link is looked up only at the person's press
    if (props.address) void s.arrive(props.address, props.lookUp)
    // a finished send is not shown again; an unknown outcome stays until the person acts on it
    else if (s.result || (s.error && s.error.code !== 'unknown_outcome')) s.reset()
    const form = useSend.getState().form
    if (!form.walletId) useSend.getState().setForm({ walletId: initialWalletId(props.walletId) })
  }, [props.address, props.walletId, props.lookUp])
  return (
    <Screen title={t('send.send')}>
      <Unfinished />
      {confirmation ? <Confirm /> : <SendForm />}
    </Screen>
  )
}

/** Tells the person what is missing, or looks up what the field holds. */
function lookUp(e?: FormEvent) {
  e?.preventDefault()
  const s = useSend.getState()
  if (!s.form.input.trim()) {
    useSend.setState({
      formError: {
        code: 'invalid_input',
        message: t('send.enterALightningAddressSuch'),
        retryable: false,
      },
    })
    return
  }
  void s.probe(s.form.input)
}

/** Looks up what the clipboard holds (nothing when it is empty). */
async function paste() {
  let text: string
  try {
    text = (await navigator.clipboard.readText()).trim()
  } catch {
    useSend.setState({
      formError: {
        code: 'invalid_input',
        message: t('send.readingTheClipboardWasRefused'),
        retryable: false,
      },
    })
    return
  }
  if (text) await useSend.getState().probe(text)
}

function SendForm() {
  const probeStatus = useSend((s) => s.probeStatus)
  const recipient = useSend((s) => s.recipient)
  const invoice = useSend((s) => s.invoice)
  const formError = useSend((s) => s.formError)
  // the active account's rules, read as the form opens: Review stops a payment over what is left today
  const spending = useSpendingView(useAccounts((s) => s.activeId))
  useEffect(() => {
    void useSend.getState().loadRecents()
  }, [])
  return (
    <>
      <LookUpForm />
      {probeStatus === 'loading' && <Pending>{t('send.lookingItUp')}</Pending>}
      {(recipient || invoice) && <ReviewForm spending={spending} />}
      {!recipient && !invoice && formError && (
        <ErrorMessage error={formError} onRetry={formError.retryable ? () => lookUp() : undefined} />
      )}
    </>
  )
}

/** Where to: an address, link or invoice typed, pasted or scanned, and what arrived from outside. */
function LookUpForm() {
  const input = useSend((s) => s.form.input)
  const setForm = useSend((s) => s.setForm)
  const probeStatus = useSend((s) => s.probeStatus)
  const arrived = useSend((s) => s.arrived)
  const recents = useSend((s) => s.recents)
  return (
    <form onSubmit={lookUp} noValidate>
      <TextField
        id="address"
        label={t('send.lightningAddressOrInvoice')}
        value={input}
        placeholder={t('send.nameExampleComOrLnbc')}
        autoComplete="off"
        spellCheck={false}
        list="recent-recipients"
        onValue={(input) => setForm({ input })}
      />
      <datalist id="recent-recipients">
        {recents.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      {arrived && (
        <section className="card" aria-label={t('send.whatArrived')} data-testid="send-arrived">
          <p>
            <FormattedMessage
              id="send.thisIsNothingHasBeen"
              values={{ words: tw(arrived.words), host: arrived.host ?? t('send.anybody') }}
            />
          </p>
        </section>
      )}
      <div className="actions">
        <button type="submit" disabled={probeStatus === 'loading'}>
          <FormattedMessage id="send.lookUp" />
        </button>
        <button type="button" onClick={() => void paste()}>
          <FormattedMessage id="send.paste" />
        </button>
        <button type="button" onClick={() => useUi.getState().go({ to: 'scan' })}>
          <FormattedMessage id="send.scanAQrCode" />
        </button>
      </div>
    </form>
  )
}

/** Who or what is paid, from which wallet, how much: then Review. */
function ReviewForm({ spending }: { spending: ReturnType<typeof useSpendingView> }) {
  const form = useSend((s) => s.form)
  const setForm = useSend((s) => s.setForm)
  const recipient = useSend((s) => s.recipient)
  const invoice = useSend((s) => s.invoice)
  const formError = useSend((s) => s.formError)
  function onReview(e: FormEvent) {
    e.preventDefault()
    useSend.getState().review({
      walletId: form.walletId,
      amountMsat: invoice ? invoice.amountMsat : parseSatInput(form.amount, formatLocale()),
      comment: form.comment,
      spending,
    })
  }
  return (
    <form onSubmit={onReview} noValidate>
      {recipient && <RecipientCard recipient={recipient} />}
      {invoice && <InvoiceCard invoice={invoice} />}
      <WalletSelect value={form.walletId} onChange={(walletId) => setForm({ walletId })} />
      {recipient && <AmountFields recipient={recipient} />}
      {formError && <ErrorMessage error={formError} />}
      <button type="submit" className="primary">
        <FormattedMessage id="send.review" />
      </button>
    </form>
  )
}

function RecipientCard({ recipient }: { recipient: RecipientView }) {
  const money = useMoney()
  return (
    <section className="card recipient" aria-label={t('send.recipient')}>
      <p>
        <strong>{recipient.address}</strong>
      </p>
      <LongText className="description" text={recipient.description} />
      {recipient.longDescription && <LongText className="muted description" text={recipient.longDescription} />}
      <p>
        <FormattedMessage
          id="send.acceptsTo"
          values={{
            amount: money.msat(recipient.minSendableMsat),
            amount2: money.msat(recipient.maxSendableMsat),
            comment:
              recipient.commentAllowed > 0
                ? t('send.aCommentOfUpTo', { commentAllowed: recipient.commentAllowed })
                : t('send.noCommentAllowed'),
          }}
        />
      </p>
    </section>
  )
}

export function InvoiceCard({ invoice }: { invoice: InvoiceView }) {
  const money = useMoney()
  return (
    <section className="card recipient" aria-label={t('send.invoice')}>
      <p>
        <strong>{invoice.amountMsat === null ? t('send.noAmount') : money.msat(invoice.amountMsat)}</strong>
        {invoice.amountMsat !== null && <Fiat msat={invoice.amountMsat} />}
      </p>
      <LongText className="description" text={invoice.description ?? t('send.noDescription')} />
      <dl className="details">
        <div className="field-row">
          <dt>
            <FormattedMessage id="send.payee" />
          </dt>
          {/* a node id by its ends, as on the confirmation, with a way to see it whole */}
          <dd>{invoice.payee ? <ShortId text={invoice.payee} /> : t('send.notNamedInTheInvoice')}</dd>
        </div>
        <div className="field-row">
          <dt>
            <FormattedMessage id="send.expires" />
          </dt>
          <dd>{formatDate(invoice.expiresAt)}</dd>
        </div>
      </dl>
    </section>
  )
}

function AmountFields({ recipient }: { recipient: RecipientView }) {
  const form = useSend((s) => s.form)
  const setForm = useSend((s) => s.setForm)
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === form.walletId))
  const money = useMoney()
  const caps = useCapabilities()
  // "send all": the most this wallet can pay with the fee's room left (an LNbits server's reserve
  // where it keeps one), within the recipient's limit
  const fee = (amountMsat: number) => feeCapMsat(caps, amountMsat)
  const all = wallet ? Math.min(sendAllMsat(wallet.balanceMsat, fee), recipient.maxSendableMsat) : 0
  const canSendAll = all >= recipient.minSendableMsat && all > 0
  const [allPressed, setAllPressed] = useState(0)
  return (
    <>
      {/* sats or the person's currency, as on Receive and Withdraw; "Send all" puts the field back in sats */}
      <AmountField
        key={allPressed}
        id="send-amount"
        label={t('send.amount')}
        value={form.amount}
        onValue={(amount) => setForm({ amount })}
        required
      />
      {canSendAll && (
        <button
          type="button"
          onClick={() => {
            setAllPressed((n) => n + 1)
            setForm({ amount: String(Math.floor(all / 1000)) })
          }}
        >
          <FormattedMessage id="send.sendAll" values={{ amount: money.msat(all) }} />
        </button>
      )}
      {recipient.commentAllowed > 0 && (
        <label className="field" htmlFor="comment">
          <span>
            <FormattedMessage
              id="send.comment"
              values={{ length: form.comment.length, commentAllowed: recipient.commentAllowed }}
            />
          </span>
          <textarea
            id="comment"
            value={form.comment}
            maxLength={recipient.commentAllowed}
            onChange={(e) => setForm({ comment: e.target.value })}
          />
        </label>
      )}
    </>
  )
}
