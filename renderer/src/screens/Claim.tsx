// Claiming a withdraw link someone handed over (a voucher, a refund, a faucet): what it is and
// whose, asked only at the person's press; who offers how much, the amount and the wallet, then
// the invoice followed until the other side pays it.
import type { ClaimOffer, PendingInvoice } from '@shared/contract'
import { privateRangeOfHostname } from '@shared/netAddress'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { summarize } from '@shared/payment/route'
import { onServiceServer } from '@shared/serviceOrigin'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { type FormEvent, useEffect, useState } from 'react'
import { onScreen } from '../api'
import { Amount, Fiat, FiatBeside } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { LongText } from '../components/LongText'
import { PrivateHostWarning } from '../components/PrivateHost'
import { Screen } from '../components/Screen'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { strong } from '../i18n/rich'
import { type Money, useMoney } from '../lib/money'
import { useClockOffset } from '../lib/serviceClock'
import { useAccounts } from '../stores/accounts'
import { useClaim } from '../stores/claim'
import { invoiceStatus, useInvoices } from '../stores/invoices'
import { fiatBeside, useRates } from '../stores/rates'
import { useUi } from '../stores/ui'

export default function Claim(props: { lnurl: string }) {
  const readStatus = useClaim((s) => s.readStatus)
  const offer = useClaim((s) => s.offer)
  const readError = useClaim((s) => s.readError)
  const result = useClaim((s) => s.result)
  // a link from outside is shown, never read on arrival (what Send read already stays)
  useEffect(() => useClaim.getState().show(props.lnurl), [props.lnurl])
  const host = summarize(props.lnurl)?.host ?? null
  const own = useOwnServer(props.lnurl)
  const open = (confirm?: string) => void useClaim.getState().open(props.lnurl, confirm)
  return (
    <Screen title={t('claim.claimSats')}>
      {readStatus === 'idle' && <Arrived host={host} own={own} onAsk={open} />}
      {readStatus === 'loading' && <Pending>{t('claim.askingTheLinkWhatIt')}</Pending>}
      {readError?.code === 'private_host' && host ? (
        <PrivateHostWarning host={host} message={readError.message} onConfirm={() => open(host)} />
      ) : (
        // a link that is used up or expired stays so: "Try again" only where trying again can help
        readError && <ErrorMessage error={readError} onRetry={readError.retryable ? () => open() : undefined} />
      )}
      {offer && <OfferText offer={offer} />}
      {offer && !result && <ClaimForm offer={offer} />}
      {result && <Following invoiceId={result.invoice.id} message={result.message} host={result.offer.host} />}
    </Screen>
  )
}

/**
 * The link is on the active account's own server (the demo's voucher, on the simulator): the app
 * talks to it already, so a private address there needs no warning. Main decides the same way.
 */
function useOwnServer(lnurl: string): boolean {
  const baseUrl = useAccounts((s) => s.accounts.find((a) => a.id === s.activeId)?.baseUrl)
  const target = lightningTargetOf(parsePaymentInput(lnurl))
  return target?.kind === 'lnurl' && onServiceServer(target.url, baseUrl)
}

/** What arrived, and whose it is, before anybody is asked: one press asks (after a warning if private). */
function Arrived(props: { host: string | null; own: boolean; onAsk: (confirm?: string) => void }) {
  const { host, onAsk } = props
  if (!host) return <Problem>{t('claim.thisIsNotAnLnurl')}</Problem>
  const range = props.own ? null : privateRangeOfHostname(new URL(`http://${host}`).hostname)
  return (
    <div className="claim-arrived" data-testid="claim-arrived">
      <p>
        <FormattedMessage id="claim.linkFromNothingAsked" values={{ host, b: strong }} />
      </p>
      {range ? (
        <PrivateHostWarning host={host} range={range} onConfirm={() => onAsk(host)} />
      ) : (
        <button type="button" className="primary" onClick={() => onAsk()}>
          <FormattedMessage id="claim.askWhatItOffers" values={{ host }} />
        </button>
      )}
    </div>
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
        <FormattedMessage
          id="claim.offers"
          values={{
            host: <strong>{offer.host}</strong>,
            range: (
              <strong data-testid="claim-range">
                <Range offer={offer} />
              </strong>
            ),
          }}
        />{' '}
        <OfferFiat offer={offer} />
      </p>
      {offer.callbackHost !== offer.host && (
        <p className="warning-text" data-testid="claim-hosts">
          <FormattedMessage
            id="claim.linkFromRequestTo"
            values={{ host: offer.host, callbackHost: offer.callbackHost, b: strong }}
          />
        </p>
      )}
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
  const confirmed = useClaim((s) => s.confirmed)
  // the invoice would go to a private address: said, and confirmed, before the Claim press
  const unconfirmed = [offer.host, offer.callbackHost].find((h) => !confirmed.includes(h))
  const warnFor =
    (offer.callbackRange && !confirmed.includes(offer.callbackHost) && offer.callbackHost) ||
    (error?.code === 'private_host' && unconfirmed) ||
    null
  const money = useMoney()

  function submit(e: FormEvent) {
    e.preventDefault()
    const msat = parseSatInput(amount, formatLocale())
    const sat = msat !== null && msat % 1000 === 0 ? msat / 1000 : null
    if (sat === null || sat < offer.minSat || sat > offer.maxSat)
      return setProblem(t('claim.chooseAWholeNumberOf', { range: range(offer, money) }))
    if (!walletId) return setProblem(t('claim.chooseAWallet'))
    setProblem(null)
    void useClaim.getState().claim({ walletId, amountSat: sat })
  }
  return (
    <form onSubmit={submit} noValidate>
      <AmountField
        id="claim-amount"
        label={t('claim.amount')}
        value={amount}
        onValue={setAmount}
        hint={t('claim.from', { range: range(offer, money) })}
        disabled={claiming}
      />
      <WalletSelect value={walletId} onChange={setWalletId} />
      <Problem>{problem}</Problem>
      {warnFor && (
        <PrivateHostWarning
          host={warnFor}
          range={warnFor === offer.callbackHost ? (offer.callbackRange ?? undefined) : undefined}
          message={error?.code === 'private_host' ? error.message : undefined}
          onConfirm={() => useClaim.getState().confirm(warnFor)}
        />
      )}
      {error && error.code !== 'private_host' && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={claiming || warnFor !== null}>
        {claiming ? t('claim.claiming') : t('claim.claim')}
      </button>
    </form>
  )
}

function Following(props: { invoiceId: string; message: string | null; host: string }) {
  const inv = useInvoices((s) => s.byId[props.invoiceId])
  const checking = useInvoices((s) => Boolean(s.checking[props.invoiceId]))
  // watched faster while shown
  useEffect(() => {
    void onScreen.invoice(props.invoiceId)
    return () => void onScreen.invoice(null)
  }, [props.invoiceId])
  const offset = useClockOffset(inv?.accountId)
  if (!inv) return null
  // the service's clock decides expiry, not the computer's
  const status = invoiceStatus(inv, Math.floor(Date.now() / 1000) + offset)
  return (
    <div className="claim-result" role="status" aria-live="polite">
      {props.message && <p className="warning-text">{props.message}</p>}
      <p data-testid="claim-status">
        <StatusText status={status} inv={inv} host={props.host} />{' '}
        <Fiat msat={inv.amountSat * MSAT_PER_SAT} testId="claim-fiat" />
      </p>
      {status === 'pending' && (
        <button type="button" disabled={checking} onClick={() => void useInvoices.getState().check(inv.id)}>
          {checking ? t('claim.checking') : t('claim.checkNow')}
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
        <FormattedMessage id="claim.done" />
      </button>
    </div>
  )
}

function StatusText({ status, inv, host }: { status: PendingInvoice['status']; inv: PendingInvoice; host: string }) {
  const amount = <Amount msat={inv.amountSat * MSAT_PER_SAT} />
  if (status === 'paid') return <FormattedMessage id="claim.received" values={{ amount }} />
  if (status === 'expired') return <FormattedMessage id="claim.didNotPayBeforeThe" values={{ host, amount }} />
  return <FormattedMessage id="claim.waitingForToPay" values={{ host, amount }} />
}
