import { useState } from 'react'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** Copies `text`; says whether it worked, since clipboard access can be refused. */
export function CopyButton(props: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <span className="copy">
      <button
        type="button"
        onClick={async () => setState((await copyText(props.text)) ? 'copied' : 'failed')}
        aria-label={props.label}
      >
        Copy
      </button>
      <span role="status" className="muted">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copying was refused; select the text instead.' : ''}
      </span>
    </span>
  )
}

/** A labelled value (hash, preimage, request) shown as text with a copy button. */
export function CopyField(props: { label: string; value: string | null; empty?: string }) {
  return (
    <div className="field-row">
      <dt>{props.label}</dt>
      <dd>
        {props.value ? (
          <>
            <code className="long">{props.value}</code>
            <CopyButton text={props.value} label={`Copy ${props.label.toLowerCase()}`} />
          </>
        ) : (
          <span className="muted">{props.empty ?? 'none'}</span>
        )}
      </dd>
    </div>
  )
}
