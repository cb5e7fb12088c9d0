// The whole page while the app is locked (docs/security.md): nothing else is rendered, and main
// answers nothing about the wallets until the passphrase (or Touch ID) is given. After wrong
// passphrases the button waits out main's back-off, counting down.
import type { LockStatus } from '@shared/contract'
import { waitWords } from '@shared/lockRules'
import { type FormEvent, useEffect, useState } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { visibleInterval } from '../lib/visibleTimers'
import { useLock } from '../stores/lock'

export function LockScreen() {
  const status = useLock((s) => s.status)
  const busy = useLock((s) => s.busy)
  const outcome = useLock((s) => s.outcome)
  const error = useLock((s) => s.error)
  const [passphrase, setPassphrase] = useState('')
  const wait = useWait(status)
  useEffect(() => document.getElementById('unlock-passphrase')?.focus(), [])
  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy || wait > 0 || passphrase === '') return
    const unlocked = await useLock.getState().unlock(passphrase)
    if (!unlocked) setPassphrase('')
  }
  return (
    <main className="lock-screen" aria-labelledby="lock-title">
      {/* the name written out: a value from the contract would bring its schemas into the first screen */}
      <h1 id="lock-title">
        <FormattedMessage id="lockScreen.lightningTrayIsLocked" />
      </h1>
      <form onSubmit={submit} noValidate>
        <PassphraseField
          id="unlock-passphrase"
          label={t('lockScreen.passphrase')}
          autoComplete="current-password"
          maxLength={1024}
          value={passphrase}
          onValue={setPassphrase}
        />
        <button type="submit" className="primary" disabled={busy || wait > 0 || passphrase === ''}>
          {busy ? t('lockScreen.checking') : t('lockScreen.unlock')}
        </button>
      </form>
      <Said outcome={outcome} wait={wait} failures={status?.failures ?? 0} />
      {error && <ErrorMessage error={error} />}
      {status?.osCheck && (
        <button type="button" disabled={busy} onClick={() => void useLock.getState().osUnlock()}>
          <FormattedMessage id="lockScreen.unlockWithTouchId" />
        </button>
      )}
    </main>
  )
}

/** What the last try came to, and how long before the next may be checked. */
function Said(props: { outcome: string | null; wait: number; failures: number }) {
  const { outcome, wait, failures } = props
  if (wait > 0)
    return (
      <p className="error" role="alert" data-testid="lock-wait">
        <FormattedMessage
          id="lockScreen.tryAgainIn"
          values={{ wrong: outcome === 'wrong' ? 'yes' : 'no', failures, waitWords: waitWords(wait) }}
        />
      </p>
    )
  if (outcome === 'wrong' || outcome === 'wait')
    return (
      <p className="error" role="alert">
        <FormattedMessage id="lockScreen.thatPassphraseIsNotRight2" />
      </p>
    )
  return null
}

/** Whole seconds left of main's back-off, counted down while the page is seen. */
function useWait(status: LockStatus | null): number {
  const retryAt = status?.retryAt ?? null
  const [wait, setWait] = useState(() => secondsUntil(retryAt))
  useEffect(() => {
    setWait(secondsUntil(retryAt))
    if (retryAt === null) return
    return visibleInterval(() => setWait(secondsUntil(retryAt)), 250)
  }, [retryAt])
  return wait
}

const secondsUntil = (at: number | null) => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)))
