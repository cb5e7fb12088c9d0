// The shape of what is loading, in place of "Loading…" text: grey lines or cards where the content
// will be. Screen readers hear the label once (role=status); the shapes are hidden from them.
import type { ReactNode } from 'react'

export function Skeleton(props: { label: string; shape?: 'lines' | 'cards' }) {
  const shape = props.shape ?? 'lines'
  return (
    <div className="skeleton" role="status" aria-live="polite" data-testid="skeleton">
      <span className="sr-only">{props.label}</span>
      {shape === 'cards' ? (
        <>
          <div className="skeleton-block" aria-hidden="true" />
          <div className="skeleton-block" aria-hidden="true" />
        </>
      ) : (
        <>
          <div className="skeleton-line" aria-hidden="true" />
          <div className="skeleton-line" aria-hidden="true" />
          <div className="skeleton-line" aria-hidden="true" />
        </>
      )}
    </div>
  )
}

/** Nothing to show yet: what that means and, when there is one, the next step. */
export function Empty(props: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <p>{props.children}</p>
      {props.action}
    </div>
  )
}
