// Two or more views of one screen, one pressed at a time (Receive: invoice or permanent QR;
// Withdraw: one link or a voucher sheet).
export function Choice<T extends string>(props: {
  legend: string
  options: ReadonlyArray<readonly [T, string]>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="actions choice">
      <legend className="sr-only">{props.legend}</legend>
      {props.options.map(([value, label]) => (
        <button key={value} type="button" aria-pressed={props.value === value} onClick={() => props.onChange(value)}>
          {label}
        </button>
      ))}
    </fieldset>
  )
}
