import type { AppErrorShape } from '@shared/errors'
import { nextStep } from '../lib/errorWords'

/** Every failed wait ends here: what happened, and a way forward. */
export function ErrorMessage(props: { error: AppErrorShape; onRetry?: () => void; retryLabel?: string }) {
  const { error, onRetry, retryLabel = 'Try again' } = props
  const next = nextStep(error)
  return (
    <div className="error" role="alert" data-code={error.code}>
      <p>{error.message}</p>
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
  if (!props.children) return null
  return (
    <p className="error" role="alert">
      {props.children}
    </p>
  )
}
