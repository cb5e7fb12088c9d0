import type { AppErrorShape } from '@shared/errors'
import { t } from '../i18n'
import { nextStep } from '../lib/errorWords'
import { maskAmounts, useHidden } from '../lib/money'

/** Every failed wait ends here: what happened, and a way forward. */
export function ErrorMessage(props: { error: AppErrorShape; onRetry?: () => void; retryLabel?: string }) {
  const { error, onRetry, retryLabel = t('errorMessage.tryAgain') } = props
  const next = nextStep(error)
  // main's words may name an amount ("… holds 1,000 sats"): masked while balances are hidden
  const hidden = useHidden()
  return (
    <div className="error" role="alert" data-code={error.code}>
      <p>{maskAmounts(error.message, hidden)}</p>
      {next && <p className="next-step">{next}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  )
}

export function Pending(props: { children: string }) {
  return (
    <p className="pending" role="status" aria-live="polite">
      {props.children}
    </p>
  )
}

/** A form's own check failed (before anything was sent): say what to change. */
export function Problem(props: { children: string | null }) {
  const hidden = useHidden()
  if (!props.children) return null
  return (
    <p className="error" role="alert">
      {maskAmounts(props.children, hidden)}
    </p>
  )
}
