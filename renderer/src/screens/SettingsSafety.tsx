// Safe at the desk, in Settings (docs/security.md): the active account's spending limits. Main
// checks and enforces them; this form only asks and says what happened. The backup is in
// SettingsBackup.tsx.
import type { AccountView, SpendingView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useEffect, useState } from 'react'
import { spending } from '../api'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'

/** '' is "no limit"; otherwise whole sats */
function satsOrNull(text: string): number | null | undefined {
  const t = text.replace(/[\s,]/g, '')
  if (t === '') return null
  return /^\d{1,15}$/.test(t) ? Number(t) : undefined
}

/** The account's rules as main has them, and the fields' text, set again from them after each read or save. */
function useLimitsForm(accountId: string) {
  const [view, setView] = useState<SpendingView | null>(null)
  const [daily, setDaily] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [saved, setSaved] = useState(false)
  // the fields show the rules main has, after each read or save
  useEffect(() => {
    setDaily(view?.dailyLimitSat == null ? '' : String(view.dailyLimitSat))
    setConfirm(view?.confirmAboveSat == null ? '' : String(view.confirmAboveSat))
  }, [view])
  useEffect(() => {
    setSaved(false)
    void spending.get({ accountId }).then((r) => (r.ok ? setView(r.value) : setError(r.error)))
  }, [accountId])
  return { view, setView, daily, setDaily, confirm, setConfirm, error, setError, saved, setSaved }
}

export function SpendingLimits({ account }: { account: AccountView }) {
  const f = useLimitsForm(account.id)
  const { view } = f
  const [passphrase, setPassphrase] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  async function save(e: FormEvent) {
    e.preventDefault()
    const dailyLimitSat = satsOrNull(f.daily)
    const confirmAboveSat = satsOrNull(f.confirm)
    f.setSaved(false)
    f.setError(null)
    if (dailyLimitSat === undefined || confirmAboveSat === undefined)
      return setProblem(t('settingsSafety.enterWholeSatsOrLeave'))
    setProblem(null)
    const r = await spending.set({
      accountId: account.id,
      dailyLimitSat,
      confirmAboveSat,
      ...(passphrase ? { passphrase } : {}),
    })
    setPassphrase('')
    if (!r.ok) return f.setError(r.error)
    f.setView(r.value)
    f.setSaved(true)
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
          value={f.daily}
          onValue={f.setDaily}
        />
        <TextField
          id="limit-confirm"
          label={t('settingsSafety.askForThePassphraseAbove')}
          inputMode="numeric"
          value={f.confirm}
          disabled={view !== null && !view.passphraseSet && view.confirmAboveSat === null}
          onValue={f.setConfirm}
        />
        <LimitsNotes view={view} passphrase={passphrase} onPassphrase={setPassphrase} />
        <Problem>{problem}</Problem>
        {f.error && <ErrorMessage error={f.error} />}
        <div className="actions">
          <button type="submit">
            <FormattedMessage id="settingsSafety.saveLimits" />
          </button>
          <span className="muted" role="status">
            {f.saved ? t('settingsSafety.limitsSaved') : ''}
          </span>
        </div>
      </form>
    </section>
  )
}

/** Under the limits: why the confirm limit waits for a passphrase, the passphrase to loosen them, what is left today. */
function LimitsNotes(p: { view: SpendingView | null; passphrase: string; onPassphrase: (v: string) => void }) {
  const { view } = p
  const money = useMoney()
  return (
    <>
      {view && !view.passphraseSet && (
        <p className="muted small">
          <FormattedMessage id="settingsSafety.setAPassphraseForThe" />
        </p>
      )}
      {view?.passphraseSet && (
        <PassphraseField
          id="limit-passphrase"
          label={t('settingsSafety.passphraseToRaiseOrRemove')}
          autoComplete="off"
          value={p.passphrase}
          onValue={p.onPassphrase}
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
    </>
  )
}
