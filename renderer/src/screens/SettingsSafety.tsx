// Safe at the desk, in Settings (docs/security.md): the active account's spending limits, an
// encrypted backup to save, and a backup to restore (also offered on a fresh profile's first
// screen). Main checks and enforces everything; these forms only ask and say what happened.
import { BACKUP_PASSPHRASE_MIN } from '@shared/backupRules'
import type { AccountView, BackupStatus, SpendingView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useEffect, useState } from 'react'
import { invoke } from '../api'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { keptSentence } from '../lib/keptSettings'
import { useMoney } from '../lib/money'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

/** '' is "no limit"; otherwise whole sats */
function satsOrNull(text: string): number | null | undefined {
  const t = text.replace(/[\s,]/g, '')
  if (t === '') return null
  return /^\d{1,15}$/.test(t) ? Number(t) : undefined
}

export function SpendingLimits({ account }: { account: AccountView }) {
  const money = useMoney()
  const [view, setView] = useState<SpendingView | null>(null)
  const [daily, setDaily] = useState('')
  const [confirm, setConfirm] = useState('')
  const [passphrase, setPassphrase] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [saved, setSaved] = useState(false)
  // the fields show the rules main has, after each read or save
  useEffect(() => {
    setDaily(view?.dailyLimitSat == null ? '' : String(view.dailyLimitSat))
    setConfirm(view?.confirmAboveSat == null ? '' : String(view.confirmAboveSat))
  }, [view])
  useEffect(() => {
    setSaved(false)
    void invoke('spending.get', { accountId: account.id }).then((r) => (r.ok ? setView(r.value) : setError(r.error)))
  }, [account.id])
  async function save(e: FormEvent) {
    e.preventDefault()
    const dailyLimitSat = satsOrNull(daily)
    const confirmAboveSat = satsOrNull(confirm)
    setSaved(false)
    setError(null)
    if (dailyLimitSat === undefined || confirmAboveSat === undefined)
      return setProblem(t('settingsSafety.enterWholeSatsOrLeave'))
    setProblem(null)
    const r = await invoke('spending.set', {
      accountId: account.id,
      dailyLimitSat,
      confirmAboveSat,
      ...(passphrase ? { passphrase } : {}),
    })
    setPassphrase('')
    if (!r.ok) return setError(r.error)
    setView(r.value)
    setSaved(true)
  }
  return (
    <section aria-labelledby="limits-title">
      <h2 id="limits-title">
        <FormattedMessage id="settingsSafety.spendingLimits" />
      </h2>
      <form onSubmit={save} noValidate className="card">
        <p className="muted small">
          <FormattedMessage id="settingsSafety.forPaymentsWithdrawLinksAnd" values={{ label: account.label }} />
        </p>
        <TextField
          id="limit-daily"
          label={t('settingsSafety.dailyLimitSatsFeesIncluded')}
          inputMode="numeric"
          value={daily}
          onValue={setDaily}
        />
        <TextField
          id="limit-confirm"
          label={t('settingsSafety.askForThePassphraseAbove')}
          inputMode="numeric"
          value={confirm}
          disabled={view !== null && !view.passphraseSet && view.confirmAboveSat === null}
          onValue={setConfirm}
        />
        {view && !view.passphraseSet && (
          <p className="muted small">
            <FormattedMessage id="settingsSafety.setAPassphraseForThe" />
          </p>
        )}
        {view?.passphraseSet && (
          <TextField
            id="limit-passphrase"
            label={t('settingsSafety.passphraseToRaiseOrRemove')}
            type="password"
            autoComplete="off"
            value={passphrase}
            onValue={setPassphrase}
          />
        )}
        {view && view.leftMsat !== null && (
          <p className="muted small" data-testid="limit-left">
            <FormattedMessage
              id="settingsSafety.leftTodayWentOutIn"
              values={{ amount: money.msat(view.leftMsat), amount2: money.msat(view.spentMsat) }}
            />
          </p>
        )}
        <Problem>{problem}</Problem>
        {error && <ErrorMessage error={error} />}
        <div className="actions">
          <button type="submit">
            <FormattedMessage id="settingsSafety.saveLimits" />
          </button>
          <span className="muted" role="status">
            {saved ? t('settingsSafety.limitsSaved') : ''}
          </span>
        </div>
      </form>
    </section>
  )
}

export function BackupSection(props: { saveOnly?: boolean } = {}) {
  const [status, setStatus] = useState<BackupStatus | null>(null)
  const [pass, setPass] = useState('')
  const [again, setAgain] = useState('')
  const [withKeys, setWithKeys] = useState(false)
  const [appPass, setAppPass] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  useEffect(() => {
    void invoke('backup.status', {}).then((r) => r.ok && setStatus(r.value))
  }, [])
  async function save(e: FormEvent) {
    e.preventDefault()
    setDone(null)
    setError(null)
    const p =
      pass.length < BACKUP_PASSPHRASE_MIN
        ? t('settingsSafety.chooseAPassphraseOfAt', { BACKUP_PASSPHRASE_MIN })
        : pass !== again
          ? t('settingsSafety.theTwoPassphrasesDifferType')
          : null
    setProblem(p)
    if (p) return
    setBusy(true)
    const r = await invoke('backup.export', {
      passphrase: pass,
      includeKeys: withKeys,
      ...(withKeys && appPass ? { appPassphrase: appPass } : {}),
    })
    setBusy(false)
    setAppPass('')
    if (!r.ok) return setError(r.error)
    const { file, accounts, keys } = r.value
    if (file.status === 'saved') {
      setPass('')
      setAgain('')
      const what = t('settingsSafety.backupWhat', { accounts, keys: keys ? 'yes' : 'no' })
      setDone(t('settingsSafety.backupSavedAsKeepThe', { fileName: file.fileName, what }))
    } else setDone(file.status === 'cancelled' ? t('settingsSafety.noBackupWasSaved') : file.message)
    void invoke('backup.status', {}).then((s) => s.ok && setStatus(s.value))
  }
  return (
    <section aria-labelledby="backup-title">
      <h2 id="backup-title">
        <FormattedMessage id="settingsSafety.backup" />
      </h2>
      <form onSubmit={save} noValidate className="card" aria-label={t('settingsSafety.saveABackup')}>
        <p className="muted small">
          <FormattedMessage
            id="settingsSafety.oneFileEncryptedWithA"
            values={{
              lastSaved: status?.lastBackupAt
                ? t('settingsSafety.lastSaved', { date: new Date(status.lastBackupAt * 1000) })
                : '',
            }}
          />
        </p>
        <TextField
          id="backup-pass"
          label={t('settingsSafety.backupPassphrase')}
          type="password"
          autoComplete="new-password"
          value={pass}
          onValue={setPass}
        />
        <TextField
          id="backup-pass-again"
          label={t('settingsSafety.theSamePassphraseAgain')}
          type="password"
          autoComplete="new-password"
          value={again}
          onValue={setAgain}
        />
        <label className="check" htmlFor="backup-keys">
          <input id="backup-keys" type="checkbox" checked={withKeys} onChange={(e) => setWithKeys(e.target.checked)} />
          <FormattedMessage id="settingsSafety.includeTheApiKeysWhoever" />
        </label>
        {withKeys && status?.passphraseSet && (
          <TextField
            id="backup-app-pass"
            label={t('settingsSafety.theAppSPassphrase')}
            type="password"
            autoComplete="off"
            value={appPass}
            onValue={setAppPass}
          />
        )}
        <Problem>{problem}</Problem>
        <Outcome
          error={error}
          busy={busy && t('settingsSafety.encrypting')}
          submit={t('settingsSafety.saveBackup')}
          done={done}
        />
      </form>
      {!props.saveOnly && <RestoreBackup />}
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
    const r = await invoke('backup.restore', { passphrase: pass })
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
      <TextField
        id="restore-pass"
        label={t('settingsSafety.passphraseOfTheBackup')}
        type="password"
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
