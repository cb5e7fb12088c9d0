// Connect an account: its kind, that kind's fields (lib/connectForms.ts: an address and a masked
// key with the auth method under "Advanced", or a connection string), test, then save. The
// explanation is folded under "What is this?" so the fields come first on a small window.
import type { AccountKind } from '@shared/contract'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { code } from '../i18n/rich'
import {
  ACCOUNT_KIND_ORDER,
  CONNECT_FORMS,
  type FieldValues,
  type FormField,
  initialValues,
  testInput,
  withoutSecrets,
} from '../lib/connectForms'
import { useMoney } from '../lib/money'
import { useAccounts } from '../stores/accounts'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { RestoreBackup } from './SettingsBackup'

export default function Onboarding({ adding }: { adding: boolean }) {
  const [label, setLabel] = useState('')
  // an API key at a service, or a Nostr Wallet Connect string another wallet gave (docs/nwc.md)
  const [kind, setKind] = useState<AccountKind>('service')
  // each kind's values, kept while another kind is looked at
  const [values, setValues] = useState(() => Object.fromEntries(ACCOUNT_KIND_ORDER.map((k) => [k, initialValues(k)])))
  const form = CONNECT_FORMS[kind]
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

  const setField = (name: string) =>
    edited((v: string) => setValues((all) => ({ ...all, [kind]: { ...all[kind], [name]: v } })))

  function validate(): boolean {
    const problem = form.problem(values[kind] ?? {})
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
          {ACCOUNT_KIND_ORDER.map((k) => (
            <label key={k} className="check">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => edited(setKind)(k)} />
              {t(CONNECT_FORMS[k].choice)}
            </label>
          ))}
        </fieldset>
        {form.fields
          .filter((f) => !f.advanced)
          .map((f) => (
            <Field key={`${kind}.${f.name}`} field={f} values={values[kind] ?? {}} onValue={setField(f.name)} />
          ))}
        {form.help && (
          <p className="muted small">
            <FormattedMessage id={form.help} />
          </p>
        )}
        <TextField
          id="label"
          label={t('onboarding.nameForThisAccountOptional')}
          value={label}
          maxLength={80}
          onValue={setLabel}
        />
        {form.fields.some((f) => f.advanced) && (
          <details>
            <summary>
              <FormattedMessage id="onboarding.advanced" />
            </summary>
            {form.fields
              .filter((f) => f.advanced)
              .map((f) => (
                <Field key={`${kind}.${f.name}`} field={f} values={values[kind] ?? {}} onValue={setField(f.name)} />
              ))}
          </details>
        )}
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

/** One field of a kind's form (lib/connectForms.ts), labelled from the catalogs. */
function Field({ field: f, values, onValue }: { field: FormField; values: FieldValues; onValue: (v: string) => void }) {
  const value = values[f.name] ?? ''
  if (f.kind === 'select')
    return (
      <SelectField id={f.id} label={t(f.label)} value={value} onValue={onValue}>
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </SelectField>
    )
  const label = t(f.label)
  const placeholder = f.placeholder && t(f.placeholder)
  if (f.kind === 'secret')
    return (
      <PassphraseField
        id={f.id}
        label={label}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onValue={onValue}
        required
      />
    )
  return (
    <TextField
      id={f.id}
      label={label}
      type="url"
      inputMode="url"
      autoComplete="url"
      placeholder={f.placeholder && t(f.placeholder)}
      value={value}
      onValue={onValue}
      required
    />
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
