// Amounts, shown one way everywhere: digits of equal width (so columns line up), a sign only
// where money moves (+ in, − out), and the person's currency beside when there is a price. While
// balances are hidden an amount is a mask and no currency shows (lib/money.ts).
import { useHidden, useMoney } from '../lib/money'
import { type FiatShown, fiatBeside, useRates } from '../stores/rates'

export function Amount(props: { msat: number; signed?: boolean; testId?: string }) {
  const { msat, signed = false } = props
  const money = useMoney()
  const direction = signed ? (msat < 0 ? ' out' : msat > 0 ? ' in' : '') : ''
  return (
    <span className={`amount-value${direction}`} data-testid={props.testId} data-hidden={money.hidden || undefined}>
      {money.msat(msat, { signed })}
    </span>
  )
}

/** The fiat value beside an amount, with the price's age; nothing when prices are off or unknown. */
export function FiatBeside({ shown, testId }: { shown: FiatShown | null; testId?: string }) {
  const hidden = useHidden()
  if (!shown || hidden) return null
  return (
    <span className="fiat muted" data-testid={testId} title={shown.title}>
      {shown.text} <small>· {shown.age}</small>
    </span>
  )
}

/** The fiat value of `msat` at the price main last gave, beside an amount already shown. */
export function Fiat({ msat, testId }: { msat: number; testId?: string }) {
  const view = useRates((s) => s.view)
  return <FiatBeside shown={fiatBeside(Math.abs(msat), view, Date.now())} testId={testId} />
}
