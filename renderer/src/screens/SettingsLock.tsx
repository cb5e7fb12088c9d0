// Settings of the app lock (docs/security.md): set, change or remove the passphrase, lock now,
// and when it locks by itself. Main checks and keeps everything; this page only asks.
import type { Settings as SettingsT } from '@shared/contract'
import type { LockSettings } from '@shared/lock'
import { IDLE_MINUTES, PASSPHRASE_MIN } from '@shared/lockRules'
import { type FormEvent, type ReactNode, useState } from 'react'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { SelectField } from '../components/SelectField'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useLock } from '../stores/lock'
import { useSettings } from '../stores/settings'
import { ShortcutForm } from './SettingsDesktop'

export function LockPrefs({ settings, mac }: { settings: SettingsT; mac: boolean }) {
  const set = useLock((s) => s.status?.set === true)
  const error = useLock((s) => s.error)
  return (
    <section aria-labelledby="lock-prefs">
      <h2 id="lock-prefs">
        <FormattedMessage id="settingsLock.appLock" />
      </h2>
      <p className="muted small">
        <FormattedMessage id="settingsLock.withAPassphraseTheApp" />
      </p>
      <p role="status" data-testid="lock-state">
        {set ? t('settingsLock.aPassphraseIsSetThe') : t('settingsLock.noPassphraseIsSetThe')}
      </p>
      {set ? (
        <>
          <button type="button" onClick={() => void useLock.getState().lockNow()}>
            <FormattedMessage id="settingsLock.lockNow" />
          </button>
          <LockOptions lock={settings.lock} mac={mac} />
          <PassphraseForm mode="change" />
          <PassphraseForm mode="remove" />
        </>
      ) : (
        <PassphraseForm mode="set" />
      )}
      {error && <ErrorMessage error={error} />}
    </section>
  )
}

type Mode = 'set' | 'change' | 'remove'
const TITLES: Record<Mode, MessageId> = {
  set: 'settingsLock.setAPassphrase',
  change: 'settingsLock.changeThePassphrase',
  remove: 'settingsLock.removeTheLock',
}

/** What is wrong with the lock form's fields, in words; null when it can be sent. */
function lockFormProblem(mode: Mode, current: string, next: string, again: string): string | null {
  if (mode !== 'set' && current === '') return t('settingsLock.enterTheCurrentPassphrase')
  if (mode === 'remove') return null
  if (next.length < PASSPHRASE_MIN) return t('settingsLock.useAtLeastCharacters', { PASSPHRASE_MIN })
  return next !== again ? t('settingsLock.theTwoPassphrasesAreNot') : null
}

/** One form for the three: the current passphrase when there is one, the new one twice when one is made. */
function PassphraseForm({ mode }: { mode: Mode }) {
  const busy = useLock((s) => s.busy)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  // once a press found a problem, the message follows what is typed: gone when the fields are fine
  const [tried, setTried] = useState(false)
  const problem = tried ? lockFormProblem(mode, current, next, again) : null
  const [done, setDone] = useState<string | null>(null)
  async function submit(e: FormEvent) {
    e.preventDefault()
    setDone(null)
    const p = lockFormProblem(mode, current, next, again)
    setTried(p !== null)
    if (p) return
    const lock = useLock.getState()
    const ok =
      mode === 'remove' ? await lock.remove(current) : await lock.set(next, mode === 'set' ? undefined : current)
    setCurrent('')
    if (!ok) return
    setNext('')
    setAgain('')
    // setting or removing changes the section itself (lock-state above); a change leaves this form
    if (mode === 'change') setDone(t('settingsLock.thePassphraseIsChanged'))
  }
  const id = (f: string) => `${mode}-${f}`
  const form = (
    <form onSubmit={submit} noValidate className="passphrase-form">
      {mode !== 'set' && (
        <Secret
          id={id('current')}
          label={t('settingsLock.currentPassphrase')}
          value={current}
          onValue={setCurrent}
          current
        />
      )}
      {mode !== 'remove' && (
        <>
          <Secret id={id('new')} label={t('settingsLock.newPassphrase')} value={next} onValue={setNext} />
          <Secret id={id('again')} label={t('settingsLock.theNewPassphraseAgain')} value={again} onValue={setAgain} />
        </>
      )}
      <button type="submit" className={mode === 'remove' ? 'danger' : 'primary'} disabled={busy}>
        {mode === 'set'
          ? t('settingsLock.setLock')
          : mode === 'change'
            ? t('settingsLock.changePassphrase')
            : t('settingsLock.removeLock')}
      </button>
      <Problem>{problem}</Problem>
      {done && <p role="status">{done}</p>}
    </form>
  )
  if (mode === 'set') return form
  return (
    <details>
      <summary>{t(TITLES[mode])}</summary>
      {form}
    </details>
  )
}

function Secret(props: { id: string; label: string; value: string; onValue: (v: string) => void; current?: boolean }) {
  return (
    <PassphraseField
      id={props.id}
      label={props.label}
      autoComplete={props.current ? 'current-password' : 'new-password'}
      maxLength={1024}
      value={props.value}
      onValue={props.onValue}
    />
  )
}

/** When it locks by itself, its shortcut, and what shows meanwhile. */
function LockOptions({ lock, mac }: { lock: LockSettings; mac: boolean }) {
  const update = useSettings((s) => s.update)
  const save = (patch: Partial<LockSettings>) => void update({ lock: { ...lock, ...patch } })
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="settingsLock.whenItLocks" />
      </legend>
      <p className="muted small">
        <FormattedMessage id="settingsLock.itAlwaysLocksWhenThe" />
      </p>
      <SelectField
        id="lock-idle"
        label={t('settingsLock.lockWhenTheComputerIs')}
        value={String(lock.idleMinutes)}
        onValue={(v) => save({ idleMinutes: Number(v) })}
      >
        {IDLE_MINUTES.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t('settingsLock.never') : m === 1 ? t('settingsLock.1Minute') : t('settingsLock.minutes', { m })}
          </option>
        ))}
      </SelectField>
      <ShortcutForm
        id="lock-shortcut"
        label={t('settingsLock.shortcutToLockFromAnywhere')}
        placeholder={t('settingsLock.commandorcontrolShiftK')}
        saved={lock.shortcut}
        onSave={(shortcut) => save({ shortcut })}
        saveLabel={t('settingsLock.saveLockShortcut')}
      />
      <LockCheck id="lock-notify-amounts" on={lock.notifyAmounts} set={(v) => save({ notifyAmounts: v })}>
        <FormattedMessage id="settingsLock.whileLockedNotificationsSayHow" />
      </LockCheck>
      <LockCheck id="lock-connected-apps" on={lock.connectedApps} set={(v) => save({ connectedApps: v })}>
        <FormattedMessage id="settingsLock.connectedAppsNostrWalletConnect" />
      </LockCheck>
      {mac && (
        <LockCheck id="lock-os-check" on={lock.osCheck} set={(v) => save({ osCheck: v })}>
          <FormattedMessage id="settingsLock.unlockWithTouchIdToo" />
        </LockCheck>
      )}
    </fieldset>
  )
}

function LockCheck(props: { id: string; on: boolean; set: (on: boolean) => void; children: ReactNode }) {
  return (
    <label className="check" htmlFor={props.id}>
      <input id={props.id} type="checkbox" checked={props.on} onChange={(e) => props.set(e.target.checked)} />
      {props.children}
    </label>
  )
}
