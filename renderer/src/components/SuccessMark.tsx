// The moment money is through: "Paid" on an invoice, "Sent" on a receipt, with a check that pops
// in once (still for those who ask for less motion). `focus`: it takes the focus when it shows,
// so a keyboard or screen reader user lands on the outcome (N14).
import CircleCheck from 'lucide-react/icons/circle-check'
import { type ReactNode, useEffect, useRef } from 'react'

export function SuccessMark({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  return (
    <p className="status paid success-mark" ref={ref} tabIndex={focus ? -1 : undefined}>
      <CircleCheck size={28} aria-hidden className="success-check" />
      {children}
    </p>
  )
}

/** A heading that takes the focus when it shows: a step within a screen (Send's confirmation). */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h2 ref={ref} tabIndex={-1}>
      {children}
    </h2>
  )
}
