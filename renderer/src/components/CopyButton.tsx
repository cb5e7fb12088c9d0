import { currentLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useFlash } from '../lib/flash'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * Copies `text`; says whether it worked, since clipboard access can be refused. "Copied" goes
 * away after a moment; a refusal stays, as it says what to do instead.
 */
export function CopyButton(props: { text: string; label: string }) {
  const [message, flash] = useFlash()
  return (
    <span className="copy">
      <button
        type="button"
        onClick={async () => {
          if (await copyText(props.text)) flash.show(t('copyButton.copied'))
          else flash.show(t('copyButton.refused'), { stay: true })
        }}
        aria-label={props.label}
      >
        <FormattedMessage id="copyButton.copy2" />
      </button>
      <span role="status" aria-live="polite" className="muted">
        {message}
      </span>
    </span>
  )
}

/** A field's label inside a sentence: lower case, except in German, whose nouns keep their capital. */
const inSentence = (label: string) => (currentLocale() === 'de' ? label : label.toLowerCase())

/** A labelled value (hash, preimage, request) shown as text with a copy button. */
export function CopyField(props: { label: string; value: string | null; empty?: string }) {
  return (
    <div className="field-row">
      <dt>{props.label}</dt>
      <dd>
        {props.value ? (
          <>
            <code className="long">{props.value}</code>
            <CopyButton text={props.value} label={t('copyButton.copy', { what: inSentence(props.label) })} />
          </>
        ) : (
          <span className="muted">{props.empty ?? t('copyButton.none')}</span>
        )}
      </dd>
    </div>
  )
}
