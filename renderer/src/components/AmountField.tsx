// An amount typed in sats or in the person's currency. The form always gets sats: typed in fiat,
// the amount is converted with the price main last gave (rounded down to whole sats, so it never
// asks for more than was typed) and the sats it comes to are shown under the field. Without a
// believable price (off, none, too old, or 0/negative/absurd) only sats can be typed.
import type { RatesView } from '@shared/contract'
import { believablePrice, fiatToMsat, satsToFiat } from '@shared/fiat'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { useState } from 'react'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { type Money, moneyNow, useHidden } from '../lib/money'
import { useRates } from '../stores/rates'

/** The price an amount may be typed with, or null: checked here again, whatever main said. */
export function fieldPrice(view: RatesView | null): { currency: string; satPrice: number } | null {
  if (!view || view.satPrice === null) return null
  if (view.status !== 'fresh' && view.status !== 'stale') return null
  if (!believablePrice(view.currency, view.satPrice)) return null
  return { currency: view.currency, satPrice: view.satPrice }
}

export type FiatEntry = { sats: string; shown: string } | { sats: null; problem: string }

/**
 * What a fiat amount as typed comes to: the whole sats to hand the form and the words to show, or
 * what to fix. An empty field stays empty (a form may read that as "any amount").
 */
export function fiatEntry(
  text: string,
  price: { currency: string; satPrice: number },
  money: Money = moneyNow(),
): FiatEntry {
  if (text.trim() === '') return { sats: '', shown: '' }
  const r = fiatToMsat(text, price.satPrice, formatLocale())
  if (!r.ok) return { sats: null, problem: r.error }
  const sats = Math.floor(r.msat / MSAT_PER_SAT)
  if (sats < 1) return { sats: null, problem: t('amountField.thatIsLessThanOne') }
  return { sats: String(sats), shown: `= ${money.msat(sats * MSAT_PER_SAT)}` }
}

interface Props {
  id: string
  /** "Amount": the unit is added, "Amount (sats)" or "Amount (USD)" */
  label: string
  /** more words in the label after the unit, e.g. "at most 5,000 sats" */
  note?: string
  /** the amount in sats as text, what the form reads */
  value: string
  onValue: (sats: string) => void
  hint?: string
  required?: boolean
  /** while a form is being sent */
  disabled?: boolean
}

export function AmountField(props: Props) {
  const price = fieldPrice(useRates((s) => s.view))
  // hidden balances: no currency either, so nothing is converted beside what is typed
  return <AmountInput {...props} price={useHidden() ? null : price} />
}

/** The field with the price already checked (null: sats only). */
export function AmountInput(props: Props & { price: { currency: string; satPrice: number } | null }) {
  const { price } = props
  const [inFiat, setInFiat] = useState(false)
  const [fiatText, setFiatText] = useState('')
  const fiat = inFiat && price !== null
  const unit = fiat ? price.currency : 'sats'
  const entry = fiat ? fiatEntry(fiatText, price) : null
  const beside = besideWords(entry, price, props.value)
  const hintId = `${props.id}-hint`
  const convId = `${props.id}-converted`

  function typed(text: string) {
    if (!fiat) return props.onValue(text)
    setFiatText(text)
    const e = fiatEntry(text, price)
    // an amount that cannot be converted reaches the form as text no sats parser accepts
    props.onValue(e.sats ?? `${text} ${price.currency}`)
  }

  return (
    <div className="amount-field">
      <label className="field" htmlFor={props.id}>
        <span>{`${props.label} (${unit}${props.note ? `, ${props.note}` : ''})`}</span>
        <input
          id={props.id}
          inputMode="decimal"
          value={fiat ? fiatText : props.value}
          required={props.required}
          disabled={props.disabled}
          aria-describedby={`${convId}${props.hint ? ` ${hintId}` : ''}`}
          aria-invalid={entry?.sats === null || undefined}
          onChange={(e) => typed(e.target.value)}
        />
      </label>
      {price && (
        <UnitSwitch
          currency={price.currency}
          fiat={fiat}
          disabled={props.disabled}
          onSats={() => setInFiat(false)}
          onFiat={() => {
            setInFiat(true)
            setFiatText('')
            props.onValue('')
          }}
        />
      )}
      <p id={convId} className="converted muted" aria-live="polite">
        {beside}
      </p>
      {props.hint && (
        <p id={hintId} className="muted">
          {props.hint}
        </p>
      )}
    </div>
  )
}

/** What shows under the field: the sats a fiat amount comes to (or what to fix), else sats in fiat. */
function besideWords(entry: FiatEntry | null, price: { currency: string; satPrice: number } | null, sats: string) {
  if (entry !== null) return entry.sats === null ? entry.problem : entry.shown
  const satMsat = parseSatInput(sats, formatLocale())
  if (!price || satMsat === null || satMsat <= 0) return ''
  return `≈ ${satsToFiat(satMsat, price.satPrice, price.currency, formatLocale()) ?? ''}`
}

/** Sats or the currency: which unit the field is typed in. */
function UnitSwitch(p: {
  currency: string
  fiat: boolean
  disabled?: boolean
  onSats: () => void
  onFiat: () => void
}) {
  return (
    <fieldset className="unit-switch" disabled={p.disabled}>
      <legend className="sr-only">
        <FormattedMessage id="amountField.typeTheAmountIn" />
      </legend>
      <button type="button" aria-pressed={!p.fiat} onClick={p.onSats}>
        <FormattedMessage id="amountField.sats" />
      </button>
      <button type="button" aria-pressed={p.fiat} onClick={p.onFiat}>
        {p.currency}
      </button>
    </fieldset>
  )
}
