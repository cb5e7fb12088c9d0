// Send to a lightning address: look up → amount and comment → confirm → result.
import { formatMsat, parseSatInput } from '@shared/units'
import { type FormEvent, useEffect, useState } from 'react'
import { CopyField } from '../components/CopyButton'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { routePayInput } from '../lib/payInput'
import { useSend } from '../stores/send'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

export default function Send(props: { address?: string; walletId?: string }) {
  const confirmation = useSend((s) => s.confirmation)
  useEffect(() => {
    const s = useSend.getState()
    // arriving with an address (scan, lightning: link) starts a fresh send
    if (props.address) void s.probe(props.address)
    // a finished send is not shown again; an unknown outcome stays until the person acts on it
    else if (s.result || (s.error && s.error.code !== 'unknown_outcome')) s.reset()
  }, [props.address])
  return (
    <Screen title="Send">
      {confirmation ? <Confirm /> : <SendForm address={props.address ?? ''} walletId={props.walletId} />}
    </Screen>
  )
}

function SendForm(props: { address: string; walletId?: string }) {
  const [address, setAddress] = useState(props.address || useSend.getState().recipient?.address || '')
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [amount, setAmount] = useState('')
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // what was given is not something Send pays (an invoice, an on-chain address…): said instead of
  // a recipient, so an earlier recipient is not left on screen under the new text
  const [unusable, setUnusable] = useState<string | null>(null)
  const probeStatus = useSend((s) => s.probeStatus)
  const recipient = useSend((s) => s.recipient)
  const probeError = useSend((s) => s.probeError)
  const probe = useSend((s) => s.probe)
  const review = useSend((s) => s.review)
  // a scan or a lightning: link arriving meanwhile brings its own recipient
  useEffect(() => {
    if (props.address) setUnusable(null)
  }, [props.address])

  async function lookUpText(text: string) {
    const route = routePayInput(text)
    if ('problem' in route) return setUnusable(route.problem)
    if (route.to === 'claim') return useUi.getState().go(route)
    setUnusable(null)
    setProblem(null)
    await probe(route.address)
  }
  async function lookUp(e?: FormEvent) {
    e?.preventDefault()
    if (!address.trim()) {
      setUnusable(null)
      return setProblem('Enter a lightning address such as name@example.com.')
    }
    await lookUpText(address)
  }
  async function paste() {
    let t: string
    try {
      t = (await navigator.clipboard.readText()).trim()
    } catch {
      return setProblem('Reading the clipboard was refused. Paste into the field instead.')
    }
    if (t) {
      setAddress(t)
      await lookUpText(t)
    }
  }
  function onReview(e: FormEvent) {
    e.preventDefault()
    setProblem(review({ walletId, amountMsat: parseSatInput(amount), comment }))
  }

  return (
    <>
      <form onSubmit={lookUp} noValidate>
        <TextField
          id="address"
          label="Lightning address"
          value={address}
          placeholder="name@example.com"
          autoComplete="off"
          spellCheck={false}
          onValue={setAddress}
        />
        <div className="actions">
          <button type="submit" disabled={probeStatus === 'loading'}>
            Look up
          </button>
          <button type="button" onClick={() => void paste()}>
            Paste
          </button>
          <button type="button" onClick={() => useUi.getState().go({ to: 'scan' })}>
            Scan a QR code
          </button>
        </div>
      </form>
      {probeStatus === 'loading' && <Pending>Looking up the recipient…</Pending>}
      {probeError && !unusable && <ErrorMessage error={probeError} onRetry={() => void lookUp()} />}
      {unusable && <Problem>{unusable}</Problem>}
      {recipient && !unusable && (
        <form onSubmit={onReview} noValidate>
          <section className="card recipient" aria-label="Recipient">
            <p>
              <strong>{recipient.address}</strong>
            </p>
            <p className="description">{recipient.description}</p>
            {recipient.longDescription && <p className="muted description">{recipient.longDescription}</p>}
            <p>
              Accepts {formatMsat(recipient.minSendableMsat)} to {formatMsat(recipient.maxSendableMsat)}.{' '}
              {recipient.commentAllowed > 0
                ? `A comment of up to ${recipient.commentAllowed} characters is allowed.`
                : 'No comment allowed.'}
            </p>
          </section>
          <WalletSelect value={walletId} onChange={setWalletId} />
          <TextField
            id="send-amount"
            label="Amount (sats)"
            inputMode="decimal"
            value={amount}
            onValue={setAmount}
            required
          />
          {recipient.commentAllowed > 0 && (
            <label className="field" htmlFor="comment">
              <span>
                Comment ({comment.length}/{recipient.commentAllowed})
              </span>
              <textarea
                id="comment"
                value={comment}
                maxLength={recipient.commentAllowed}
                onChange={(e) => setComment(e.target.value)}
              />
            </label>
          )}
          <Problem>{problem}</Problem>
          <button type="submit" className="primary">
            Review
          </button>
        </form>
      )}
      {!recipient && !unusable && <Problem>{problem}</Problem>}
    </>
  )
}

function Confirm() {
  const c = useSend((s) => s.confirmation)
  const sending = useSend((s) => s.sending)
  const result = useSend((s) => s.result)
  const error = useSend((s) => s.error)
  const send = useSend((s) => s.send)
  const back = useSend((s) => s.back)
  const reset = useSend((s) => s.reset)
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === c?.walletId))
  if (!c) return null
  const done = () => {
    reset()
    void useWallets.getState().load()
    useUi.getState().go({ to: 'home' })
  }
  if (result)
    return (
      <div className="card" role="status">
        <p className="status paid">Sent</p>
        <dl className="details">
          <div className="field-row">
            <dt>Amount</dt>
            <dd>{formatMsat(result.amountMsat)}</dd>
          </div>
          <div className="field-row">
            <dt>Fee</dt>
            <dd>{formatMsat(result.feeMsat)}</dd>
          </div>
          <CopyField label="Preimage (proof of payment)" value={result.preimage} empty="not reported" />
        </dl>
        <button type="button" className="primary" onClick={done}>
          Done
        </button>
      </div>
    )
  if (error?.code === 'unknown_outcome')
    return (
      <div className="card warning" role="alert">
        <p>
          <strong>The outcome of this payment is unknown.</strong> It may or may not have been sent. It was not sent
          again. Check the wallet's transactions before trying again.
        </p>
        <p className="muted">{error.message}</p>
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              reset()
              useUi.getState().go({ to: 'transactions', walletId: c.walletId })
            }}
          >
            Check transactions
          </button>
          <button type="button" onClick={reset}>
            Start over
          </button>
        </div>
      </div>
    )
  return (
    <div className="card confirm">
      <h2>Confirm payment</h2>
      <dl className="details">
        <div className="field-row">
          <dt>To</dt>
          <dd>{c.address}</dd>
        </div>
        <div className="field-row">
          <dt>Amount</dt>
          <dd>{formatMsat(c.amountMsat)}</dd>
        </div>
        <div className="field-row">
          <dt>From</dt>
          <dd>{wallet ? `${wallet.label} (${formatMsat(wallet.balanceMsat)})` : c.walletId}</dd>
        </div>
        {c.comment && (
          <div className="field-row">
            <dt>Comment</dt>
            <dd>{c.comment}</dd>
          </div>
        )}
      </dl>
      {sending && <Pending>Sending…</Pending>}
      {error && <ErrorMessage error={error} />}
      <div className="actions">
        {!error && (
          <button type="button" className="primary" disabled={sending} onClick={() => void send()}>
            {sending ? 'Sending…' : 'Send now'}
          </button>
        )}
        <button type="button" disabled={sending} onClick={back}>
          {error ? 'Back to edit' : 'Back'}
        </button>
      </div>
    </div>
  )
}
