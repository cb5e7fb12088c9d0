// Connect an account: address, key (masked), auth method under "Advanced", test, then save.
import type { AuthMethod } from '@shared/contract'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { useMoney } from '../lib/money'
import { checkBaseUrl } from '../lib/validate'
import { useAccounts } from '../stores/accounts'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { RestoreBackup } from './SettingsSafety'

export default function Onboarding({ adding }: { adding: boolean }) {
  const [baseUrl, setBaseUrl] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [label, setLabel] = useState('')
  const [authMethod, setAuthMethod] = useState<AuthMethod>('header')
  const [formError, setFormError] = useState<string | null>(null)
  const test = useAccounts((s) => s.test)
  const connecting = useAccounts((s) => s.connecting)
  const connectError = useAccounts((s) => s.connectError)
  const testConnection = useAccounts((s) => s.testConnection)
  const connect = useAccounts((s) => s.connect)
  const resetForm = useAccounts((s) => s.resetForm)
  const clearTest = useAccounts((s) => s.clearTest)
  const info = useSettings((s) => s.info)
  const money = useMoney()
  const saveFailed = connectError?.code === 'keychain_unavailable'
  const keychainDown = info?.keychain === 'unavailable' || saveFailed
  const memoryOffer = useRef<HTMLButtonElement>(null)

  // A Save the keychain refused changes nothing else on screen: take the person to the way on.
  useEffect(() => {
    if (saveFailed) memoryOffer.current?.focus()
  }, [saveFailed])

  useEffect(() => {
    resetForm()
    void useSettings.getState().loadInfo()
  }, [resetForm])

  /** a change to what "Test connection" tested: its result (shown or on its way) no longer applies */
  function edited<T>(setter: (v: T) => void) {
    return (v: T) => {
      setter(v)
      clearTest()
    }
  }

  function validate(): boolean {
    const urlProblem = checkBaseUrl(baseUrl)
    const keyProblem = apiKey.trim().length < 8 ? 'Paste the API key (it starts with sak_).' : null
    setFormError(urlProblem ?? keyProblem)
    return !urlProblem && !keyProblem
  }

  async function onTest(e?: FormEvent) {
    e?.preventDefault()
    if (!validate()) return
    await testConnection({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), authMethod })
  }

  async function onSave(storage: 'keychain' | 'memory') {
    if (!validate()) return
    const acc = await connect({
      baseUrl: baseUrl.trim(),
      apiKey: apiKey.trim(),
      authMethod,
      storage,
      ...(label.trim() ? { label: label.trim() } : {}),
    })
    if (acc) {
      setApiKey('')
      useUi.getState().go({ to: 'home' })
      void useWallets.getState().load()
    }
  }

  return (
    <Screen title={adding ? 'Add an account' : 'Connect your wallet service'} back={adding}>
      {!adding && (
        <p>
          Lightning Tray shows and moves the money in your Lightning wallets, which live on a hosted wallet service: the
          service holds the funds and runs the Lightning node; this app is a window onto your account there.
        </p>
      )}
      <details className="card" open={!adding}>
        <summary>Where the key comes from, and what the app does with it</summary>
        <ul>
          <li>
            Sign in to your wallet service’s website, open its API keys page and make a key. It starts with{' '}
            <code>sak_</code>. The service address is on the same page, e.g. https://api.example.com.
          </li>
          <li>
            The key lets this app see your wallets and transactions, make invoices and withdraw links, and send payments
            you confirm. It never sends a payment you did not confirm, and never sends one twice.
          </li>
          <li>
            {keychainDown
              ? 'The system keychain is not available on this computer, so the key can only be kept in memory until the app quits.'
              : 'The key is kept in your system keychain, not in a file.'}{' '}
            It is sent only to the service address you enter, never shown again, never written to a log, and removed
            when you remove the account.
          </li>
        </ul>
      </details>
      <form onSubmit={onTest} noValidate>
        <TextField
          id="base-url"
          label="Service address"
          type="url"
          inputMode="url"
          placeholder="https://api.example.com"
          value={baseUrl}
          onValue={edited(setBaseUrl)}
          autoComplete="url"
          required
        />
        <TextField
          id="api-key"
          label="API key"
          type="password"
          placeholder="sak_…"
          value={apiKey}
          onValue={edited(setApiKey)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <TextField
          id="label"
          label="Name for this account (optional)"
          value={label}
          maxLength={80}
          onValue={setLabel}
        />
        <details>
          <summary>Advanced</summary>
          <SelectField
            id="auth-method"
            label="How the key is sent"
            value={authMethod}
            onValue={(v) => edited(setAuthMethod)(v as AuthMethod)}
          >
            <option value="header">X-Api-Key header (recommended)</option>
            <option value="basic">HTTP Basic</option>
            <option value="query">access-token in the address (may end up in server logs)</option>
          </SelectField>
        </details>
        <Problem>{formError}</Problem>
        <div className="actions">
          <button type="submit" disabled={test.status === 'loading'}>
            Test connection
          </button>
          <button type="button" className="primary" disabled={connecting} onClick={() => void onSave('keychain')}>
            {connecting ? 'Saving…' : 'Save and connect'}
          </button>
        </div>
      </form>
      {test.status === 'loading' && <Pending>Testing the connection…</Pending>}
      {test.error && <ErrorMessage error={test.error} onRetry={() => void onTest()} />}
      {test.status === 'ready' && (
        <div className="card" role="status">
          <p>
            Connected. {test.wallets.length} {test.wallets.length === 1 ? 'wallet' : 'wallets'} found:
          </p>
          <ul>
            {test.wallets.map((w) => (
              <li key={w.id}>
                {w.label}: {money.msat(w.balanceMsat)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {connectError && connectError.code !== 'keychain_unavailable' && <ErrorMessage error={connectError} />}
      {keychainDown && (
        <div className="card warning" role="alert">
          {saveFailed ? (
            <p>{connectError.message}</p>
          ) : (
            <p>
              The system keychain is not available, so the key cannot be stored safely. You can keep it in memory for
              this session only: you will paste it again after the app restarts.
            </p>
          )}
          <button ref={memoryOffer} type="button" disabled={connecting} onClick={() => void onSave('memory')}>
            Keep the key in memory for this session
          </button>
        </div>
      )}
      {!adding && (
        <details className="card">
          <summary>Restore a backup</summary>
          <RestoreBackup />
        </details>
      )}
    </Screen>
  )
}
