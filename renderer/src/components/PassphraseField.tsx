// The one field a secret is typed into: the app's passphrase, a backup's, an API key or a
// connection string. Hidden by default with a Show button beside it (outside the label, so the
// field's name stays the label's words alone); what a password manager may do is said per use.
import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import { t } from '../i18n'

type Props = {
  id: string
  label: ReactNode
  value: string
  onValue: (value: string) => void
  /** current-password (unlock), new-password (one being made), off (a check or a key: not remembered) */
  autoComplete: 'current-password' | 'new-password' | 'off'
  /** this field's own problem, said under it and tied to it */
  error?: string | null
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange' | 'autoComplete'>

export function PassphraseField({ id, label, value, onValue, autoComplete, error, ...input }: Props) {
  const [shown, setShown] = useState(false)
  const errorId = `${id}-error`
  return (
    <div className="field passphrase-field">
      <label htmlFor={id}>{label}</label>
      <span className="passphrase-row">
        <input
          id={id}
          {...input}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValue(e.target.value)}
        />
        <button type="button" className="link" aria-controls={id} onClick={() => setShown(!shown)}>
          {shown ? t('passphraseField.hide') : t('passphraseField.show')}
        </button>
      </span>
      {error && (
        <p className="error" role="alert" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
