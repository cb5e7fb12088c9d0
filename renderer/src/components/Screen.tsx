import { type ReactNode, useEffect, useRef } from 'react'
import { useUi } from '../stores/ui'

/** A screen's frame: its heading takes focus so screen readers announce the change. */
export function Screen(props: { title: string; children: ReactNode; back?: boolean }) {
  const h = useRef<HTMLHeadingElement>(null)
  useEffect(() => h.current?.focus(), [])
  return (
    <section className="screen" aria-labelledby="screen-title">
      <div className="screen-head">
        {props.back !== false && (
          <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'home' })}>
            ← Home
          </button>
        )}
        <h1 id="screen-title" ref={h} tabIndex={-1}>
          {props.title}
        </h1>
      </div>
      {props.children}
    </section>
  )
}
