// Receive: an invoice as a QR code. The watcher in main keeps polling after this screen closes;
// while it shows, it asks main to poll faster (invoices.focus).
import { lightningUri } from '@shared/lnurl'
import { formatSat, parseSatInput } from '@shared/units'
import { type FormEvent, useEffect, useState } from 'react'
import { invoke } from '../api'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { Qr } from '../components/Qr'
import { Screen } from '../components/Screen'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatCountdown } from '../lib/format'
import { useInvoices } from '../stores/invoices'
import { useUi } from '../stores/ui'

export default function Receive(props: { walletId?: string }) {
  const currentId = useInvoices((s) => s.currentId)
  const invoice = useInvoices((s) => (s.currentId ? s.byId[s.currentId] : undefined))
  return (
    <Screen title="Receive">
      {invoice && currentId ? <ShowInvoice id={currentId} /> : <InvoiceForm {...props} />}
    </Screen>
  )
}

function InvoiceForm(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [expiryMin, setExpiryMin] = useState('1440')
  const [problem, setProblem] = useState<string | null>(null)
  const { creating, error, create } = useInvoices()

  async function submit(e: FormEvent) {
    e.preventDefault()
    const msat = parseSatInput(amount)
    const minutes = Number(expiryMin)
    let p: string | null = null
    if (!walletId) p = 'Choose a wallet.'
    else if (msat === null || msat <= 0) p = 'Enter an amount in whole sats, such as 1,000.'
    else if (msat % 1000 !== 0) p = 'Invoices are for whole sats.'
    else if (!Number.isInteger(minutes) || minutes < 1 || minutes > 525_600)
      p = 'Expiry is a whole number of minutes between 1 and 525,600.'
    setProblem(p)
    if (p || msat === null) return
    await create({ walletId, amountSat: msat / 1000, memo, expirySec: minutes * 60 })
  }

  return (
    <form onSubmit={submit} noValidate>
      <WalletSelect value={walletId} onChange={setWalletId} />
      <TextField id="amount" label="Amount (sats)" inputMode="numeric" value={amount} onValue={setAmount} required />
      <TextField id="memo" label="Memo (shown to the payer)" value={memo} maxLength={639} onValue={setMemo} />
      <details>
        <summary>Advanced</summary>
        <TextField
          id="expiry"
          label="Expires after (minutes)"
          inputMode="numeric"
          value={expiryMin}
          onValue={setExpiryMin}
        />
      </details>
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={creating}>
        {creating ? 'Creating…' : 'Create invoice'}
      </button>
    </form>
  )
}

function ShowInvoice({ id }: { id: string }) {
  const inv = useInvoices((s) => s.byId[id])!
  const { check, checking, checkError, startOver } = useInvoices()
  const now = useNow()
  const left = inv.expiresAt - now
  const status = inv.status === 'pending' && left <= 0 ? 'expired' : inv.status

  useEffect(() => {
    if (inv.status !== 'pending') return
    void invoke('invoices.focus', { id })
    return () => void invoke('invoices.focus', { id: null })
  }, [id, inv.status])

  return (
    <div className="invoice">
      <p className={`status ${status}`} role="status" aria-live="polite">
        {status === 'paid' ? 'Paid' : status === 'expired' ? 'Expired' : 'Waiting for payment'}
      </p>
      <p className="amount">
        {formatSat(inv.amountSat)}
        {inv.memo && <span className="muted"> · {inv.memo}</span>}
      </p>
      {status === 'pending' && <Qr text={lightningUri(inv.paymentRequest)} label="QR code of the invoice" />}
      {status === 'pending' && <p>Expires in {formatCountdown(left)}</p>}
      <div className="field-row">
        <code className="long">{inv.paymentRequest}</code>
        <CopyButton text={inv.paymentRequest} label="Copy the payment request" />
      </div>
      {checkError && <ErrorMessage error={checkError} />}
      <div className="actions">
        {status === 'pending' && (
          <button type="button" onClick={() => void check(id)} disabled={checking}>
            {checking ? 'Checking…' : 'Check now'}
          </button>
        )}
        <button type="button" onClick={startOver}>
          New invoice
        </button>
        {status === 'paid' && (
          <button type="button" onClick={() => useUi.getState().go({ to: 'transactions', walletId: inv.walletId })}>
            See transactions
          </button>
        )}
      </div>
    </div>
  )
}

/** Unix seconds, ticking once a second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000))
  useEffect(() => {
    const t = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000)
    return () => clearInterval(t)
  }, [])
  return now
}
