import type { InputHTMLAttributes, ReactNode } from 'react'

type Props = { id: string; label: ReactNode; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange'
>

/** A labelled text input: the label names it for screen readers and takes clicks. */
export function TextField({ id, label, onValue, ...input }: Props) {
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <input id={id} {...input} onChange={(e) => onValue(e.target.value)} />
    </label>
  )
}
