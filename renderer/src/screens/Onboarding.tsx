// Connect an account: its kind, that kind's fields (lib/connectForms.ts: an address and a masked
// key with the auth method under "Advanced", or a connection string), test, then save. The
// explanation is folded under "What is this?" so the fields come first on a small window.
import type { AccountKind } from '@shared/contract'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { TextField } from '../components/TextField'
import { Welcome } from '../components/Welcome'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { ACCOUNT_KIND_ORDER, CONNECT_FORMS, initialValues, testInput, withoutSecrets } from '../lib/connectForms'
import { useMoney } from '../lib/money'
import { useAccounts } from '../stores/accounts'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { AboutConnecting, ConnectFields, KindChoice } from './ConnectParts'
import { RestoreBackup } from './SettingsBackup'

/** The connect form's state: the kind looked at, each kind's values, its check, Test and Save. */
function useConnectForm() {
  const [label, setLabel] = useState('')
  // an API key at a service, or a Nostr Wallet Connect string another wallet gave (docs/nwc.md)
  const [kind, setKind] = useState<AccountKind>('service')
  // each kind's values, kept while another kind is looked at
  const [values, setValues] = useState(() => Object.fromEntries(ACCOUNT_KIND_ORDER.map((k) => [k, initialValues(k)])))
  const [formError, setFormError] = useState<string | null>(null)
  const { testConnection, connect, clearTest } = useAccounts.getState()

  /** a change to what "Test connection" tested: its result (shown or on its way) no longer applies */
  function edited<T>(setter: (v: T) => void) {
    return (v: T) => {
      setter(v)
      clearTest()
    }
  }
  const setField = (name: string) =>
    edited((v: string) => setValues((all) => ({ ...all, [kind]: { ...all[kind], [name]: v } })))

  function validate(): boolean {
    const problem = CONNECT_FORMS[kind].problem(values[kind] ?? {})
    setFormError(problem)
    return !problem
  }
  async function onTest(e?: FormEvent) {
    e?.preventDefault()
    if (!validate()) return
    await testConnection(testInput(kind, values[kind] ?? {}))
  }
  async function onSave(storage: 'keychain' | 'memory') {
    if (!validate()) return
    const named = label.trim() ? { label: label.trim() } : {}
    const acc = await connect({ ...testInput(kind, values[kind] ?? {}), storage, ...named })
    if (acc) {
      setValues((all) => ({ ...all, [kind]: withoutSecrets(kind, all[kind] ?? {}) }))
      useUi.getState().go({ to: 'home' })
      void useWallets.getState().load()
    }
  }
  return {
    label,
    setLabel,
    kind,
    setKind: edited(setKind),
    values: values[kind] ?? {},
    setField,
    formError,
    onTest,
    onSave,
  }
}

export default function Onboarding({ adding }: { adding: boolean }) {
  const f = useConnectForm()
  const form = CONNECT_FORMS[f.kind]
  const test = useAccounts((s) => s.test)
  const connecting = useAccounts((s) => s.connecting)
  const connectError = useAccounts((s) => s.connectError)
  const resetForm = useAccounts((s) => s.resetForm)
  const info = useSettings((s) => s.info)
  const saveFailed = connectError?.code === 'keychain_unavailable'
  const keychainDown = info?.keychain === 'unavailable' || saveFailed

  useEffect(() => {
    resetForm()
    void useSettings.getState().loadInfo()
  }, [resetForm])

  return (
    <>
      {!adding && <Welcome />}
      <Screen title={adding ? t('onboarding.addAnAccount') : t('onboarding.connectYourWalletService')} back={adding}>
        <AboutConnecting adding={adding} keychainDown={keychainDown} />
        <form onSubmit={f.onTest} noValidate>
          <KindChoice kind={f.kind} onKind={f.setKind} />
          <ConnectFields kind={f.kind} values={f.values} setField={f.setField} />
          {form.help && (
            <p className="muted small">
              <FormattedMessage id={form.help} />
            </p>
          )}
          <TextField
            id="label"
            label={t('onboarding.nameForThisAccountOptional')}
            value={f.label}
            maxLength={80}
            onValue={f.setLabel}
          />
          <ConnectFields kind={f.kind} values={f.values} setField={f.setField} advanced />
          <Problem>{f.formError}</Problem>
          <div className="actions">
            <button type="submit" disabled={test.status === 'loading'}>
              <FormattedMessage id="onboarding.testConnection" />
            </button>
            <button type="button" className="primary" disabled={connecting} onClick={() => void f.onSave('keychain')}>
              {connecting ? t('onboarding.saving') : t('onboarding.saveAndConnect')}
            </button>
          </div>
        </form>
        <TestOutcome onRetry={() => void f.onTest()} />
        {connectError && connectError.code !== 'keychain_unavailable' && <ErrorMessage error={connectError} />}
        {keychainDown && <KeychainDown onKeepInMemory={() => void f.onSave('memory')} />}
        {!adding && (
          <details className="card">
            <summary>
              <FormattedMessage id="onboarding.restoreABackup" />
            </summary>
            <RestoreBackup />
          </details>
        )}
      </Screen>
    </>
  )
}

/** What Test connection found: on its way, the error, or the wallets the key opens. */
function TestOutcome({ onRetry }: { onRetry: () => void }) {
  const test = useAccounts((s) => s.test)
  const money = useMoney()
  return (
    <>
      {test.status === 'loading' && <Pending>{t('onboarding.testingTheConnection')}</Pending>}
      {test.error && <ErrorMessage error={test.error} onRetry={onRetry} />}
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
    </>
  )
}

/** The keychain is down (or refused the save): the key may be kept in memory instead, said plainly. */
function KeychainDown({ onKeepInMemory }: { onKeepInMemory: () => void }) {
  const connecting = useAccounts((s) => s.connecting)
  const connectError = useAccounts((s) => s.connectError)
  const saveFailed = connectError?.code === 'keychain_unavailable'
  const memoryOffer = useRef<HTMLButtonElement>(null)
  // A Save the keychain refused changes nothing else on screen: take the person to the way on.
  useEffect(() => {
    if (saveFailed) memoryOffer.current?.focus()
  }, [saveFailed])
  return (
    <div className="card warning" role="alert">
      {saveFailed ? (
        <p>{connectError.message}</p>
      ) : (
        <p>
          <FormattedMessage id="onboarding.theSystemKeychainIsNot2" />
        </p>
      )}
      <button ref={memoryOffer} type="button" disabled={connecting} onClick={onKeepInMemory}>
        <FormattedMessage id="onboarding.keepTheKeyInMemory" />
      </button>
    </div>
  )
}
