// The one form that saves the encrypted backup (docs/security.md): a passphrase typed twice, the
// API keys in it or not (with the app's passphrase when one is set), then main encrypts and asks
// where to save. Settings' Backup section and the move's backup step (MoveAccount.tsx) both show
// this form; `idPrefix` keeps their fields apart when both are on one page.
import { BACKUP_PASSPHRASE_MIN } from '@shared/backupRules'
import type { BackupStatus, OpOutput } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useEffect, useState } from 'react'
import { backup } from '../api'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { ErrorMessage, Pending, Problem } from './ErrorMessage'
import { PassphraseField } from './PassphraseField'

type BackupExport = OpOutput<'backup.export'>

/** What is wrong with a new backup's passphrase typed twice, or null. */
function backupPassProblem(pass: string, again: string): string | null {
  if (pass.length < BACKUP_PASSPHRASE_MIN) return t('settingsSafety.chooseAPassphraseOfAt', { BACKUP_PASSPHRASE_MIN })
  return pass !== again ? t('settingsSafety.theTwoPassphrasesDifferType') : null
}

/** What a save came to, in words: the file and what it holds, or why nothing was saved. */
export function savedWords(out: BackupExport): string {
  const { file, accounts, keys, leftOut } = out
  if (file.status === 'saved') {
    const what = t('settingsSafety.backupWhat', { accounts, keys: keys ? 'yes' : 'no' })
    const saved = t('settingsSafety.backupSavedAsKeepThe', { fileName: file.fileName, what })
    if (leftOut.count === 0) return saved
    return `${saved} ${t('settingsSafety.backupLeavesOut', { count: leftOut.count, kinds: leftOut.kinds.join(', ') })}`
  }
  return file.status === 'cancelled' ? t('settingsSafety.noBackupWasSaved') : file.message
}

/** `onSaved`: a file was written (not on a cancelled dialog or a failure). */
export function BackupSaveForm(p: { idPrefix: string; onSaved?: () => void }) {
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
    // a second press while main encrypts saves nothing twice
    if (busy) return
    setDone(null)
    setError(null)
    const problemNow = backupPassProblem(pass, again)
    setTried(problemNow !== null)
    if (problemNow) return
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
      p.onSaved?.()
    }
    setDone(savedWords(r.value))
    readStatus()
  }
  const id = p.idPrefix
  return (
    <form onSubmit={save} noValidate className="card" aria-label={t('settingsSafety.saveABackup')}>
      <BackupIntro status={status} />
      <PassphraseField
        id={`${id}-pass`}
        label={t('settingsSafety.backupPassphrase')}
        autoComplete="new-password"
        value={pass}
        onValue={setPass}
      />
      <PassphraseField
        id={`${id}-pass-again`}
        label={t('settingsSafety.theSamePassphraseAgain')}
        autoComplete="new-password"
        value={again}
        onValue={setAgain}
      />
      <KeysChoice
        id={id}
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
  id: string
  withKeys: boolean
  onWithKeys: (v: boolean) => void
  askAppPass: boolean
  appPass: string
  onAppPass: (v: string) => void
}) {
  return (
    <>
      <label className="check" htmlFor={`${p.id}-keys`}>
        <input
          id={`${p.id}-keys`}
          type="checkbox"
          checked={p.withKeys}
          onChange={(e) => p.onWithKeys(e.target.checked)}
        />
        <FormattedMessage id="settingsSafety.includeTheApiKeysWhoever" />
      </label>
      {p.withKeys && p.askAppPass && (
        <PassphraseField
          id={`${p.id}-app-pass`}
          label={t('settingsSafety.theAppSPassphrase')}
          autoComplete="off"
          value={p.appPass}
          onValue={p.onAppPass}
        />
      )}
    </>
  )
}

/** A backup form's foot: its error, its progress, its button and what came of it. */
export function Outcome(p: { error: AppErrorShape | null; busy: string | false; submit: string; done: string | null }) {
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
