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
      return setProblem('Enter whole sats, or leave the field empty for no limit.')
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
      <h2 id="limits-title">Spending limits</h2>
      <form onSubmit={save} noValidate className="card">
        <p className="muted small">
          For {account.label}. Payments, withdraw links and vouchers count; moving sats between your own wallets does
          not. Leave a field empty for no limit.
        </p>
        <TextField
          id="limit-daily"
          label="Daily limit (sats, fees included, any 24 hours)"
          inputMode="numeric"
          value={daily}
          onValue={setDaily}
        />
        <TextField
          id="limit-confirm"
          label="Ask for the passphrase above (sats)"
          inputMode="numeric"
          value={confirm}
          disabled={view !== null && !view.passphraseSet && view.confirmAboveSat === null}
          onValue={setConfirm}
        />
        {view && !view.passphraseSet && (
          <p className="muted small">Set a passphrase for the app to have it asked for above an amount.</p>
        )}
        {view?.passphraseSet && (
          <TextField
            id="limit-passphrase"
            label="Passphrase (to raise or remove a limit)"
            type="password"
            autoComplete="off"
            value={passphrase}
            onValue={setPassphrase}
          />
        )}
        {view && view.leftMsat !== null && (
          <p className="muted small" data-testid="limit-left">
            Left today: {money.msat(view.leftMsat)} ({money.msat(view.spentMsat)} went out in the last 24 hours).
          </p>
        )}
        <Problem>{problem}</Problem>
        {error && <ErrorMessage error={error} />}
        <div className="actions">
          <button type="submit">Save limits</button>
          <span className="muted" role="status">
            {saved ? 'Limits saved.' : ''}
          </span>
        </div>
      </form>
    </section>
  )
}

export function BackupSection() {
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
        ? `Choose a passphrase of at least ${BACKUP_PASSPHRASE_MIN} characters.`
        : pass !== again
          ? 'The two passphrases differ. Type the same one twice.'
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
      const what = `${accounts} ${accounts === 1 ? 'account' : 'accounts'}, ${keys ? 'API keys included' : 'no API keys'}`
      setDone(`Backup saved as ${file.fileName} (${what}). Keep the passphrase: without it the file cannot be opened.`)
    } else setDone(file.status === 'cancelled' ? 'No backup was saved.' : file.message)
    void invoke('backup.status', {}).then((s) => s.ok && setStatus(s.value))
  }
  return (
    <section aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <form onSubmit={save} noValidate className="card" aria-label="Save a backup">
        <p className="muted small">
          One file, encrypted with a passphrase you choose: accounts, labels, recent recipients, settings, spending
          limits, withdraw links and pending invoices.
          {status?.lastBackupAt ? ` Last saved ${new Date(status.lastBackupAt * 1000).toLocaleDateString()}.` : ''}
        </p>
        <TextField
          id="backup-pass"
          label="Backup passphrase"
          type="password"
          autoComplete="new-password"
          value={pass}
          onValue={setPass}
        />
        <TextField
          id="backup-pass-again"
          label="The same passphrase again"
          type="password"
          autoComplete="new-password"
          value={again}
          onValue={setAgain}
        />
        <label className="check" htmlFor="backup-keys">
          <input id="backup-keys" type="checkbox" checked={withKeys} onChange={(e) => setWithKeys(e.target.checked)} />
          Include the API keys (whoever has the file and its passphrase can spend)
        </label>
        {withKeys && status?.passphraseSet && (
          <TextField
            id="backup-app-pass"
            label="The app's passphrase"
            type="password"
            autoComplete="off"
            value={appPass}
            onValue={setAppPass}
          />
        )}
        <Problem>{problem}</Problem>
        <Outcome error={error} busy={busy && 'Encrypting…'} submit="Save backup…" done={done} />
      </form>
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
    if (!pass) return setError({ code: 'invalid_input', message: 'Enter the backup’s passphrase.', retryable: false })
    setBusy(true)
    const r = await invoke('backup.restore', { passphrase: pass })
    setBusy(false)
    if (!r.ok) return setError(r.error)
    setPass('')
    if (r.value.status === 'cancelled') return setDone('No file was chosen.')
    const { accounts, keys } = r.value
    setDone(`Restored ${accounts} ${accounts === 1 ? 'account' : 'accounts'} from ${r.value.fileName}.`)
    void useSettings.getState().load()
    void useWallets.getState().load()
    if (accounts > 0) useUi.getState().go({ to: keys === accounts ? 'home' : 'settings' })
  }
  return (
    <form onSubmit={restore} noValidate className="card" aria-label="Restore a backup">
      <p className="muted small">
        Restore brings a backup into an app with no accounts yet. The history then loads again from the service.
      </p>
      <TextField
        id="restore-pass"
        label="Passphrase of the backup"
        type="password"
        autoComplete="off"
        value={pass}
        onValue={setPass}
      />
      <Outcome error={error} busy={busy && 'Checking the backup…'} submit="Choose a backup and restore…" done={done} />
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

/** On Home, once accounts exist: a backup every 30 days, put off with "Not now". */
export function BackupNudge() {
  const [due, setDue] = useState(false)
  useEffect(() => {
    void invoke('backup.status', {}).then((r) => r.ok && setDue(r.value.due))
  }, [])
  if (!due) return null
  return (
    <section className="card" aria-label="Backup reminder">
      <p>Time for a backup: your accounts, labels and links in one encrypted file, in case this computer is lost.</p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => useUi.getState().go({ to: 'settings' })}>
          Back up now
        </button>
        <button
          type="button"
          onClick={() => {
            setDue(false)
            void invoke('backup.dismissNudge', {})
          }}
        >
          Not now
        </button>
      </div>
    </section>
  )
}
