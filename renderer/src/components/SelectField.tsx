import type { ReactNode, SelectHTMLAttributes } from 'react'

type Props = { id: string; label: ReactNode; onValue: (value: string) => void; children: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'onChange'
>

/** A labelled drop-down, laid out and named like a TextField; its `<option>`s are the children. */
export function SelectField({ id, label, onValue, children, ...select }: Props) {
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <select id={id} {...select} onChange={(e) => onValue(e.target.value)}>
        {children}
      </select>
    </label>
  )
}
