// Connect an account: address, key (masked), auth method under "Advanced", test, then save. The
// explanation is folded under "What is this?" so the fields come first on a small window.
import type { AuthMethod } from '@shared/contract'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { code } from '../i18n/rich'
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
  // an API key at a service, or a Nostr Wallet Connect string another wallet gave (docs/nwc.md)
  const [mode, setMode] = useState<'key' | 'nwc'>('key')
  const [uri, setUri] = useState('')
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
    if (mode === 'nwc') {
      const problem = /^nostr\+walletconnect:/i.test(uri.trim()) ? null : t('onboarding.pasteTheNwcString')
      setFormError(problem)
      return !problem
    }
    const urlProblem = checkBaseUrl(baseUrl)
    const keyProblem = apiKey.trim().length < 8 ? t('onboarding.pasteTheApiKeyIt') : null
    setFormError(urlProblem ?? keyProblem)
    return !urlProblem && !keyProblem
  }

  async function onTest(e?: FormEvent) {
    e?.preventDefault()
    if (!validate()) return
    await testConnection(
      mode === 'nwc' ? { uri: uri.trim() } : { baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), authMethod },
    )
  }

  async function onSave(storage: 'keychain' | 'memory') {
    if (!validate()) return
    const named = label.trim() ? { label: label.trim() } : {}
    const acc = await connect(
      mode === 'nwc'
        ? { uri: uri.trim(), storage, ...named }
        : { baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), authMethod, storage, ...named },
    )
    if (acc) {
      setApiKey('')
      setUri('')
      useUi.getState().go({ to: 'home' })
      void useWallets.getState().load()
    }
  }

  return (
    <Screen title={adding ? t('onboarding.addAnAccount') : t('onboarding.connectYourWalletService')} back={adding}>
      {/*
        Folded, one line each, so the address and key fields are on the first screen of a 360×600
        popover (field report N21); the words are all still there, a click away.
      */}
      {adding ? (
        <details className="card">
          <summary>
            <FormattedMessage id="onboarding.whereTheKeyComesFrom" />
          </summary>
          <KeyHelp keychainDown={keychainDown} />
        </details>
      ) : (
        <details className="card" data-testid="onboarding-about">
          <summary>
            <FormattedMessage id="onboarding.whatIsThis" />
          </summary>
          <p>
            <FormattedMessage id="onboarding.lightningTrayShowsAndMoves" />
          </p>
          <p>
            <strong>
              <FormattedMessage id="onboarding.whereTheKeyComesFrom" />
            </strong>
          </p>
          <KeyHelp keychainDown={keychainDown} />
        </details>
      )}
      <form onSubmit={onTest} noValidate>
        <fieldset>
          <legend>
            <FormattedMessage id="onboarding.howItConnects" />
          </legend>
          {(['key', 'nwc'] as const).map((m) => (
            <label key={m} className="check">
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => edited(setMode)(m)} />
              {m === 'key' ? t('onboarding.withAnApiKey') : t('onboarding.withAnNwcString')}
            </label>
          ))}
        </fieldset>
        {mode === 'nwc' ? (
          <>
            <TextField
              id="nwc-uri"
              label={t('onboarding.connectionString')}
              type="password"
              placeholder={t('onboarding.nwcPlaceholder')}
              value={uri}
              onValue={edited(setUri)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <p className="muted small">
              <FormattedMessage id="onboarding.nwcHelp" />
            </p>
          </>
        ) : (
          <>
            <TextField
              id="base-url"
              label={t('onboarding.serviceAddress')}
              type="url"
              inputMode="url"
              placeholder={t('onboarding.httpsApiExampleCom')}
              value={baseUrl}
              onValue={edited(setBaseUrl)}
              autoComplete="url"
              required
            />
            <TextField
              id="api-key"
              label={t('onboarding.apiKey')}
              type="password"
              placeholder={t('onboarding.sak')}
              value={apiKey}
              onValue={edited(setApiKey)}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </>
        )}
        <TextField
          id="label"
          label={t('onboarding.nameForThisAccountOptional')}
          value={label}
          maxLength={80}
          onValue={setLabel}
        />
        <details hidden={mode === 'nwc'}>
          <summary>
            <FormattedMessage id="onboarding.advanced" />
          </summary>
          <SelectField
            id="auth-method"
            label={t('onboarding.howTheKeyIsSent')}
            value={authMethod}
            onValue={(v) => edited(setAuthMethod)(v as AuthMethod)}
          >
            <option value="header">
              <FormattedMessage id="onboarding.xApiKeyHeaderRecommended" />
            </option>
            <option value="basic">
              <FormattedMessage id="onboarding.httpBasic" />
            </option>
            <option value="query">
              <FormattedMessage id="onboarding.accessTokenInTheAddress" />
            </option>
          </SelectField>
        </details>
        <Problem>{formError}</Problem>
        <div className="actions">
          <button type="submit" disabled={test.status === 'loading'}>
            <FormattedMessage id="onboarding.testConnection" />
          </button>
          <button type="button" className="primary" disabled={connecting} onClick={() => void onSave('keychain')}>
            {connecting ? t('onboarding.saving') : t('onboarding.saveAndConnect')}
          </button>
        </div>
      </form>
      {test.status === 'loading' && <Pending>{t('onboarding.testingTheConnection')}</Pending>}
      {test.error && <ErrorMessage error={test.error} onRetry={() => void onTest()} />}
      {test.status === 'ready' && (
        <div className="card" role="status">
          <p>
            <FormattedMessage id="onboarding.connectedFound" values={{ count: test.wallets.length }} />
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
              <FormattedMessage id="onboarding.theSystemKeychainIsNot2" />
            </p>
          )}
          <button ref={memoryOffer} type="button" disabled={connecting} onClick={() => void onSave('memory')}>
            <FormattedMessage id="onboarding.keepTheKeyInMemory" />
          </button>
        </div>
      )}
      {!adding && (
        <details className="card">
          <summary>
            <FormattedMessage id="onboarding.restoreABackup" />
          </summary>
          <RestoreBackup />
        </details>
      )}
    </Screen>
  )
}

/** Where the key comes from, what it allows, and where it is kept. */
function KeyHelp({ keychainDown }: { keychainDown: boolean }) {
  return (
    <ul>
      <li>
        <FormattedMessage id="onboarding.signInToYourWallet" values={{ prefix: 'sak_', code }} />
      </li>
      <li>
        <FormattedMessage id="onboarding.theKeyLetsThisApp" />
      </li>
      <li>
        <FormattedMessage
          id="onboarding.itIsSentOnlyTo"
          values={{
            kept: keychainDown ? t('onboarding.theSystemKeychainIsNot') : t('onboarding.theKeyIsKeptIn'),
          }}
        />
      </li>
    </ul>
  )
}
