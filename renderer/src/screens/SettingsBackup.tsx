// The encrypted backup, in Settings (docs/security.md): one to save, and one to restore (also
// offered on a fresh profile's first screen). Main checks everything, the file's whole content
// before it writes anything; these forms only ask and say what happened.
import { BACKUP_PASSPHRASE_MIN } from '@shared/backupRules'
import type { BackupStatus, OpOutput } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useEffect, useState } from 'react'
import { backup } from '../api'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { keptSentence } from '../lib/keptSettings'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

type BackupExport = OpOutput<'backup.export'>

/** What is wrong with a new backup's passphrase typed twice, or null. */
function backupPassProblem(pass: string, again: string): string | null {
  if (pass.length < BACKUP_PASSPHRASE_MIN) return t('settingsSafety.chooseAPassphraseOfAt', { BACKUP_PASSPHRASE_MIN })
  return pass !== again ? t('settingsSafety.theTwoPassphrasesDifferType') : null
}

/** What a save came to, in words: the file and what it holds, or why nothing was saved. */
function savedWords(out: BackupExport): string {
  const { file, accounts, keys } = out
  if (file.status === 'saved') {
    const what = t('settingsSafety.backupWhat', { accounts, keys: keys ? 'yes' : 'no' })
    return t('settingsSafety.backupSavedAsKeepThe', { fileName: file.fileName, what })
  }
  return file.status === 'cancelled' ? t('settingsSafety.noBackupWasSaved') : file.message
}

export function BackupSection() {
  const [status, setStatus] = useState<BackupStatus | null>(null)
  const [pass, setPass] = useState('')
  const [again, setAgain] = useState('')
  const [withKeys, setWithKeys] = useState(false)
  const [appPass, setAppPass] = useState('')
  // once Save found a problem, the message follows what is typed: gone when the passphrases are fine
  const [tried, setTried] = useState(false)
  const problem = tried ? backupPassProblem(pass, again) : null
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const readStatus = () => void backup.status({}).then((r) => r.ok && setStatus(r.value))
  useEffect(readStatus, [])
  async function save(e: FormEvent) {
    e.preventDefault()
    setDone(null)
    setError(null)
    const p = backupPassProblem(pass, again)
    setTried(p !== null)
    if (p) return
    setBusy(true)
    const r = await backup.save({
      passphrase: pass,
      includeKeys: withKeys,
      ...(withKeys && appPass ? { appPassphrase: appPass } : {}),
    })
    setBusy(false)
    setAppPass('')
    if (!r.ok) return setError(r.error)
    if (r.value.file.status === 'saved') {
      setPass('')
      setAgain('')
    }
    setDone(savedWords(r.value))
    readStatus()
  }
  return (
    <section aria-labelledby="backup-title">
      <h2 id="backup-title">
        <FormattedMessage id="settingsSafety.backup" />
      </h2>
      <form onSubmit={save} noValidate className="card" aria-label={t('settingsSafety.saveABackup')}>
        <BackupIntro status={status} />
        <PassphraseField
          id="backup-pass"
          label={t('settingsSafety.backupPassphrase')}
          autoComplete="new-password"
          value={pass}
          onValue={setPass}
        />
        <PassphraseField
          id="backup-pass-again"
          label={t('settingsSafety.theSamePassphraseAgain')}
          autoComplete="new-password"
          value={again}
          onValue={setAgain}
        />
        <KeysChoice
          withKeys={withKeys}
          onWithKeys={setWithKeys}
          askAppPass={status?.passphraseSet === true}
          appPass={appPass}
          onAppPass={setAppPass}
        />
        <Problem>{problem}</Problem>
        <Outcome
          error={error}
          busy={busy && t('settingsSafety.encrypting')}
          submit={t('settingsSafety.saveBackup')}
          done={done}
        />
      </form>
      <RestoreBackup />
    </section>
  )
}

/** What a backup is, and when the last one was saved. */
function BackupIntro({ status }: { status: BackupStatus | null }) {
  const lastSaved = status?.lastBackupAt
    ? t('settingsSafety.lastSaved', { date: new Date(status.lastBackupAt * 1000) })
    : ''
  return (
    <p className="muted small">
      <FormattedMessage id="settingsSafety.oneFileEncryptedWithA" values={{ lastSaved }} />
    </p>
  )
}

/** The API keys in the backup too, or not; with them, the app's passphrase when one is set. */
function KeysChoice(p: {
  withKeys: boolean
  onWithKeys: (v: boolean) => void
  askAppPass: boolean
  appPass: string
  onAppPass: (v: string) => void
}) {
  return (
    <>
      <label className="check" htmlFor="backup-keys">
        <input id="backup-keys" type="checkbox" checked={p.withKeys} onChange={(e) => p.onWithKeys(e.target.checked)} />
        <FormattedMessage id="settingsSafety.includeTheApiKeysWhoever" />
      </label>
      {p.withKeys && p.askAppPass && (
        <PassphraseField
          id="backup-app-pass"
          label={t('settingsSafety.theAppSPassphrase')}
          autoComplete="off"
          value={p.appPass}
          onValue={p.onAppPass}
        />
      )}
    </>
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

/** A backup form's foot: its error, its progress, its button and what came of it. */
function Outcome(p: { error: AppErrorShape | null; busy: string | false; submit: string; done: string | null }) {
  return (
    <>
      {p.error && <ErrorMessage error={p.error} />}
      {p.busy && <Pending>{p.busy}</Pending>}
      <div className="actions">
        <button type="submit" disabled={p.busy !== false}>
          {p.submit}
        </button>
      </div>
      <p role="status" className="muted">
        {p.done ?? ''}
      </p>
    </>
  )
}
