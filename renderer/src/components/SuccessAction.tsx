// What a lightning address's server asked to show after paying (LUD-09), already checked by main:
// every text as plain text (React escapes it; never HTML), a link opened only on "Open link",
// which main checks again (https only).
import type { SuccessActionView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { useState } from 'react'
import { openLink } from '../api'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { ErrorMessage } from './ErrorMessage'
import { LongText } from './LongText'

export function SuccessAction(props: { action: SuccessActionView }) {
  const a = props.action
  const [error, setError] = useState<AppErrorShape | null>(null)
  if (a.kind === 'message')
    return (
      <div className="field-row success-action">
        <dt>
          <FormattedMessage id="successAction.fromTheRecipient" />
        </dt>
        <dd>{a.message}</dd>
      </div>
    )
  if (a.kind === 'aes')
    return (
      <div className="field-row success-action">
        <dt>{a.description || t('successAction.fromTheRecipient')}</dt>
        <dd>{a.text === null ? t('successAction.theRecipientSentASecret') : <LongText text={a.text} />}</dd>
      </div>
    )
  const open = () => {
    setError(null)
    void openLink(a.url).then((r) => {
      if (!r.ok) setError(r.error)
    })
  }
  return (
    <div className="field-row success-action">
      <dt>{a.description || t('successAction.fromTheRecipient')}</dt>
      <dd>
        <span className="mono">{a.url}</span>
        <button type="button" onClick={open}>
          <FormattedMessage id="successAction.openLink" />
        </button>
        {error && <ErrorMessage error={error} />}
      </dd>
    </div>
  )
}
