// The app's passphrase, asked when main refused a change without it (docs/security.md, "What
// needs the passphrase"): showing amounts, or loosening the lock, from any screen or the tray's
// menu. Main's words say why; main checks the passphrase, with the lock's back-off.
import { type FormEvent, useEffect, useState } from 'react'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useSettings } from '../stores/settings'

type Asking = ReturnType<typeof useSettings.getState>['asking']

import { ErrorMessage } from './ErrorMessage'
import { PassphraseField } from './PassphraseField'

/** The field every question for the app's passphrase uses. */
export function AppPassphraseField(props: { id: string; value: string; onValue: (v: string) => void }) {
  return (
    <PassphraseField
      id={props.id}
      label={t('passphraseAsk.appPassphrase')}
      autoComplete="off"
      maxLength={1024}
      value={props.value}
      onValue={props.onValue}
    />
  )
}

export function PassphraseAsk() {
  const asking = useSettings((s) => s.asking)
  const saving = useSettings((s) => s.saving)
  return asking ? <PassphraseQuestion asking={asking} saving={saving} /> : null
}

/** The question itself, for the change `asking` names. */
export function PassphraseQuestion(props: { asking: NonNullable<Asking>; saving: boolean }) {
  const { asking, saving } = props
  const [passphrase, setPassphrase] = useState('')
  useEffect(() => document.getElementById('ask-passphrase')?.focus(), [])
  async function submit(e: FormEvent) {
    e.preventDefault()
    if (passphrase === '') return
    const sent = passphrase
    setPassphrase('')
    await useSettings.getState().answer(sent)
  }
  return (
    <section className="banner info" aria-label={t('passphraseAsk.title')}>
      <p>{asking.why}</p>
      <form onSubmit={submit} noValidate>
        <AppPassphraseField id="ask-passphrase" value={passphrase} onValue={setPassphrase} />
        {asking.error && <ErrorMessage error={asking.error} />}
        <span className="actions">
          <button type="submit" className="primary" disabled={saving || passphrase === ''}>
            <FormattedMessage id="passphraseAsk.confirm" />
          </button>
          <button type="button" className="link" onClick={() => useSettings.getState().dismissAsk()}>
            <FormattedMessage id="passphraseAsk.cancel" />
          </button>
        </span>
      </form>
    </section>
  )
}
