// The encrypted backup, in Settings (docs/security.md): one to save (components/BackupSaveForm.tsx,
// the move's backup step shows it too), and one to restore (also offered on a fresh profile's
// first screen). Main checks everything, the file's whole content before it writes anything;
// these forms only ask and say what happened.
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useState } from 'react'
import { backup } from '../api'
import { BackupSaveForm, Outcome } from '../components/BackupSaveForm'
import { PassphraseField } from '../components/PassphraseField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { keptSentence } from '../lib/keptSettings'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

export function BackupSection() {
  return (
    <section aria-labelledby="backup-title">
      <h2 id="backup-title">
        <FormattedMessage id="settingsSafety.backup" />
      </h2>
      <BackupSaveForm idPrefix="backup" />
      <RestoreBackup />
    </section>
  )
}

/** Restore: the open dialog, then main checks the whole file before it writes anything. */
export function RestoreBackup() {
  const [pass, setPass] = useState('')
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  async function restore(e: FormEvent) {
    e.preventDefault()
    setDone(null)
    setError(null)
    if (!pass)
      return setError({
        code: 'invalid_input',
        message: t('settingsSafety.enterTheBackupSPassphrase'),
        retryable: false,
      })
    setBusy(true)
    const r = await backup.restore({ passphrase: pass })
    setBusy(false)
    if (!r.ok) return setError(r.error)
    setPass('')
    if (r.value.status === 'cancelled') return setDone(t('settingsSafety.noFileWasChosen'))
    const { accounts, keys, keptStricter } = r.value
    const restored = t('settingsSafety.restoredFrom', { accounts, fileName: r.value.fileName })
    void useWallets.getState().load()
    await useSettings.getState().load()
    const kept = keptSentence(keptStricter, useSettings.getState().settings)
    setDone(kept ? `${restored} ${kept}` : restored)
    // a notice too: it stays on the screen the restore leads to, until dismissed
    if (kept) useUi.getState().notify('info', kept)
    if (accounts > 0) useUi.getState().go({ to: keys === accounts ? 'home' : 'settings' })
  }
  return (
    <form onSubmit={restore} noValidate className="card" aria-label={t('settingsSafety.restoreABackup')}>
      <p className="muted small">
        <FormattedMessage id="settingsSafety.restoreBringsABackupInto" />
      </p>
      <PassphraseField
        id="restore-pass"
        label={t('settingsSafety.passphraseOfTheBackup')}
        autoComplete="off"
        value={pass}
        onValue={setPass}
      />
      <Outcome
        error={error}
        busy={busy && t('settingsSafety.checkingTheBackup')}
        submit={t('settingsSafety.chooseABackupAndRestore')}
        done={done}
      />
    </form>
  )
}
