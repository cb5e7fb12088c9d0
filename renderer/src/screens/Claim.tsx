// Claiming a withdraw link someone handed over (a voucher, a refund, a faucet): who offers how
// much, the amount and the wallet, then the invoice followed until the other side pays it.
import type { ClaimOffer, PendingInvoice } from '@shared/contract'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { type FormEvent, useEffect, useState } from 'react'
import { invoke } from '../api'
import { Amount, Fiat, FiatBeside } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { Screen } from '../components/Screen'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { type Money, useMoney } from '../lib/money'
import { useClaim } from '../stores/claim'
import { invoiceStatus, useInvoices } from '../stores/invoices'
import { fiatBeside, useRates } from '../stores/rates'
import { useUi } from '../stores/ui'

export default function Claim(props: { lnurl: string }) {
  const readStatus = useClaim((s) => s.readStatus)
  const offer = useClaim((s) => s.offer)
  const readError = useClaim((s) => s.readError)
  const result = useClaim((s) => s.result)
  useEffect(() => {
    const s = useClaim.getState()
    // arriving from Send with the offer read already: not read twice
    if (s.lnurl !== props.lnurl || s.readStatus === 'idle' || s.readStatus === 'error') void s.open(props.lnurl)
  }, [props.lnurl])
  return (
    <Screen title="Claim sats">
      {readStatus === 'loading' && <Pending>Asking the link what it offers…</Pending>}
      {readError && <ErrorMessage error={readError} onRetry={() => void useClaim.getState().open(props.lnurl)} />}
      {offer && <OfferText offer={offer} />}
      {offer && !result && <ClaimForm offer={offer} />}
      {result && <Following invoiceId={result.invoice.id} message={result.message} host={result.offer.host} />}
    </Screen>
  )
}

function range(o: ClaimOffer, money: Money): string {
  return o.minSat === o.maxSat ? money.sat(o.maxSat) : `${money.sat(o.minSat, { unit: false })}–${money.sat(o.maxSat)}`
}

/** The offer's range, in the same figures as every other amount. */
function Range({ offer }: { offer: ClaimOffer }) {
  const money = useMoney()
  if (offer.minSat === offer.maxSat) return <Amount msat={offer.maxSat * MSAT_PER_SAT} />
  return <span className="amount-value">{range(offer, money)}</span>
}

/** The offer in the person's currency: one amount, or the range's two ends at one price. */
function OfferFiat({ offer }: { offer: ClaimOffer }) {
  const view = useRates((s) => s.view)
  const now = Date.now()
  const high = fiatBeside(offer.maxSat * MSAT_PER_SAT, view, now)
  const low = fiatBeside(offer.minSat * MSAT_PER_SAT, view, now)
  if (!high || !low) return null
  const shown = offer.minSat === offer.maxSat ? high : { ...high, text: `${low.text}–${high.text.replace(/^≈ /, '')}` }
  return <FiatBeside shown={shown} testId="claim-offer-fiat" />
}

function OfferText({ offer }: { offer: ClaimOffer }) {
  return (
    <div className="claim-offer">
      <p>
        <strong>{offer.host}</strong> offers{' '}
        <strong data-testid="claim-range">
          <Range offer={offer} />
        </strong>
        . <OfferFiat offer={offer} />
      </p>
      {/* the other side's words, shown as text */}
      {offer.description && <LongText className="muted" text={offer.description} quoted />}
    </div>
  )
}

function ClaimForm({ offer }: { offer: ClaimOffer }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(undefined))
  const [amount, setAmount] = useState(String(offer.maxSat))
  const [problem, setProblem] = useState<string | null>(null)
  const claiming = useClaim((s) => s.claiming)
  const error = useClaim((s) => s.error)
  const money = useMoney()

  function submit(e: FormEvent) {
    e.preventDefault()
    const msat = parseSatInput(amount)
    const sat = msat !== null && msat % 1000 === 0 ? msat / 1000 : null
    if (sat === null || sat < offer.minSat || sat > offer.maxSat)
      return setProblem(`Choose a whole number of sats from ${range(offer, money)}.`)
    if (!walletId) return setProblem('Choose a wallet.')
    setProblem(null)
    void useClaim.getState().claim({ walletId, amountSat: sat })
  }
  return (
    <form onSubmit={submit} noValidate>
      <AmountField
        id="claim-amount"
        label="Amount"
        value={amount}
        onValue={setAmount}
        hint={`From ${range(offer, money)}.`}
        disabled={claiming}
      />
      <WalletSelect value={walletId} onChange={setWalletId} />
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={claiming}>
        {claiming ? 'Claiming…' : 'Claim'}
      </button>
    </form>
  )
}

function Following(props: { invoiceId: string; message: string | null; host: string }) {
  const inv = useInvoices((s) => s.byId[props.invoiceId])
  const checking = useInvoices((s) => Boolean(s.checking[props.invoiceId]))
  // watched faster while shown
  useEffect(() => {
    void invoke('invoices.focus', { id: props.invoiceId })
    return () => void invoke('invoices.focus', { id: null })
  }, [props.invoiceId])
  if (!inv) return null
  const status = invoiceStatus(inv, Math.floor(Date.now() / 1000))
  return (
    <div className="claim-result" role="status" aria-live="polite">
      {props.message && <p className="warning-text">{props.message}</p>}
      <p data-testid="claim-status">
        <StatusText status={status} inv={inv} host={props.host} />{' '}
        <Fiat msat={inv.amountSat * MSAT_PER_SAT} testId="claim-fiat" />
      </p>
      {status === 'pending' && (
        <button type="button" disabled={checking} onClick={() => void useInvoices.getState().check(inv.id)}>
          {checking ? 'Checking…' : 'Check now'}
        </button>
      )}
      <button
        type="button"
        className="link"
        onClick={() => {
          useClaim.getState().reset()
          useUi.getState().go({ to: 'home' })
        }}
      >
        Done
      </button>
    </div>
  )
}

function StatusText({ status, inv, host }: { status: PendingInvoice['status']; inv: PendingInvoice; host: string }) {
  const amount = <Amount msat={inv.amountSat * MSAT_PER_SAT} />
  if (status === 'paid') return <>Received {amount}.</>
  if (status === 'expired')
    return (
      <>
        {host} did not pay {amount} before the invoice expired.
      </>
    )
  return (
    <>
      Waiting for {host} to pay {amount}…
    </>
  )
}
