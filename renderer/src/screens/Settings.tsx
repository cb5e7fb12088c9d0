import type { AccountView, AuthMethod, OpOutput, Settings as SettingsT } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { FIAT_CURRENCIES } from '@shared/fiat'
import { type FormEvent, useEffect, useState } from 'react'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { LanguagePref } from '../components/LanguagePref'
import { PricesThenPref } from '../components/PricesThenPref'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { Skeleton } from '../components/Skeleton'
import { TextField } from '../components/TextField'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useSavedSign } from '../lib/flash'
import { keyPlace, removeQuestion } from '../lib/keyStorage'
import { clockWarning } from '../lib/serviceClock'
import { useAccounts } from '../stores/accounts'
import { useRates } from '../stores/rates'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { ConnectedApps } from './SettingsApps'
import { DesktopPrefs, SettingCheck } from './SettingsDesktop'
import { LockPrefs } from './SettingsLock'
import { type SettingsPart, SettingsSections } from './SettingsMenu'
import { BackupSection, SpendingLimits } from './SettingsSafety'
import { WalletAdmin } from './WalletAdmin'

export default function Settings() {
  const settings = useSettings((s) => s.settings)
  const info = useSettings((s) => s.info)
  const status = useSettings((s) => s.status)
  const error = useSettings((s) => s.error)
  const load = useSettings((s) => s.load)
  const loadInfo = useSettings((s) => s.loadInfo)
  const accounts = useAccounts((s) => s.accounts)
  const active = useAccounts((s) => s.accounts.find((a) => a.id === s.activeId))
  useEffect(() => {
    if (!useSettings.getState().settings) void load()
    void loadInfo()
  }, [load, loadInfo])
  const any = accounts.length > 0
  const parts: (SettingsPart | false)[] = [
    { id: 'settings-accounts', label: 'settings.accounts', body: <Accounts /> },
    any && { id: 'settings-wallets', label: 'walletAdmin.wallets', body: <WalletAdmin /> },
    {
      id: 'settings-safety',
      label: 'settings.safetyMenu',
      heading: 'settings.safety',
      body: (
        <>
          {settings && <LockPrefs settings={settings} mac={info?.platform === 'darwin'} />}
          {active && <SpendingLimits account={active} />}
          <BackupSection />
        </>
      ),
    },
    any && { id: 'settings-apps', label: 'apps.title', body: <ConnectedApps /> },
    {
      id: 'settings-preferences',
      label: 'settings.preferences',
      heading: 'settings.preferences',
      body: (
        <>
          {status === 'loading' && !settings && <Skeleton label={t('settings.loadingSettings')} />}
          {error && <ErrorMessage error={error} onRetry={() => void load()} />}
          {settings && <Preferences settings={settings} />}
        </>
      ),
    },
    {
      id: 'settings-desktop',
      label: 'settingsDesktop.desktop',
      heading: 'settingsDesktop.desktop',
      body: settings && <DesktopPrefs settings={settings} />,
    },
    {
      id: 'settings-about',
      label: 'settings.about',
      heading: 'settings.about',
      body: <About info={info} accounts={accounts} />,
    },
  ]
  return (
    <Screen title={t('settings.settings')}>
      <SettingsSections parts={parts.filter((p) => p !== false)} />
    </Screen>
  )
}

function About({ info, accounts }: { info: OpOutput<'app.info'> | null; accounts: AccountView[] }) {
  return info ? (
    <dl className="details">
      <div className="field-row">
        <dt>
          <FormattedMessage id="settings.app" />
        </dt>
        <dd>
          {info.name} {info.version}
        </dd>
      </div>
      <div className="field-row">
        <dt>
          <FormattedMessage id="settings.platform" />
        </dt>
        <dd>
          {info.platform}
          {info.preview ? t('settings.browserPreview') : ''}
        </dd>
      </div>
      {accounts.map((a) => (
        <div className="field-row" key={a.id}>
          <dt>
            <FormattedMessage id="settings.keyOf" values={{ label: a.label }} />
          </dt>
          <dd>{keyPlace(a.storage)}</dd>
        </div>
      ))}
      <div className="field-row">
        <dt>
          <FormattedMessage id="settings.systemKeychain" />
        </dt>
        <dd>{t(KEYCHAIN_WORDS[info.keychain])}</dd>
      </div>
    </dl>
  ) : (
    <Skeleton label={t('settings.loading')} />
  )
}

/** About's line for the system keychain, in the person's language (main says which of the three). */
const KEYCHAIN_WORDS: Record<OpOutput<'app.info'>['keychain'], MessageId> = {
  available: 'settings.keychainAvailable',
  unavailable: 'settings.keychainUnavailable',
  unknown: 'settings.keychainUnknown',
}

function Accounts() {
  const accounts = useAccounts((s) => s.accounts)
  const activeId = useAccounts((s) => s.activeId)
  const busyId = useAccounts((s) => s.busyId)
  const actionError = useAccounts((s) => s.actionError)
  const switchTo = useAccounts((s) => s.switchTo)
  return (
    <>
      <h2>
        <FormattedMessage id="settings.accounts" />
      </h2>
      <ul className="accounts">
        {accounts.map((a) => (
          <AccountRow key={a.id} account={a} active={a.id === activeId} busy={busyId === a.id} onSwitch={switchTo} />
        ))}
      </ul>
      {actionError && <ErrorMessage error={actionError} />}
      <button type="button" onClick={() => useUi.getState().go({ to: 'onboarding', adding: true })}>
        <FormattedMessage id="settings.addAnAccount" />
      </button>
    </>
  )
}

function AccountRow(props: {
  account: AccountView
  active: boolean
  busy: boolean
  onSwitch: (id: string) => Promise<boolean>
}) {
  const { account: a, active, busy } = props
  const [confirmRemove, setConfirmRemove] = useState(false)
  const update = useAccounts((s) => s.update)
  const remove = useAccounts((s) => s.remove)
  const nwc = a.kind === 'nwc'
  return (
    <li className="card">
      <p>
        <strong>{a.label}</strong>{' '}
        {active && (
          <span className="badge">
            <FormattedMessage id="settings.active" />
          </span>
        )}
      </p>
      <p className="muted">
        {/* an NWC account's address is a 64-hex key: its relay says more (docs/nwc.md) */}
        {nwc
          ? t('settings.nwcAccountLine', { relay: a.keyHint, keyPlace: keyPlace(a.storage) })
          : `${a.baseUrl} · ${a.keyHint} · ${t('settings.key', { keyPlace: keyPlace(a.storage) })}`}
      </p>
      {clockWarning(a.clockOffsetSec) && <p className="warning-text">{clockWarning(a.clockOffsetSec)}</p>}
      <RenameAccount account={a} busy={busy} />
      {/* a connection string is not replaced: the account is removed and the new one added */}
      {!nwc && <ReplaceKey account={a} busy={busy} />}
      {/* rarely changed, and the query choice puts the key in the address: kept out of plain view */}
      <details className="advanced" hidden={nwc}>
        <summary>
          <FormattedMessage id="settings.advanced" />
        </summary>
        <SelectField
          id={`auth-${a.id}`}
          label={t('settings.howTheKeyIsSent')}
          value={a.authMethod}
          disabled={busy}
          onValue={(v) => void update(a.id, { authMethod: v as AuthMethod })}
        >
          <option value="header">
            <FormattedMessage id="settings.xApiKeyHeader" />
          </option>
          <option value="basic">
            <FormattedMessage id="settings.httpBasic" />
          </option>
          <option value="query">
            <FormattedMessage id="settings.accessTokenInTheAddress" />
          </option>
        </SelectField>
      </details>
      <div className="actions">
        {!active && (
          <button
            type="button"
            disabled={busy}
            aria-label={t('settings.switchToThisAccount', { label: a.label })}
            onClick={async () => {
              if (await props.onSwitch(a.id)) void useWallets.getState().load()
            }}
          >
            <FormattedMessage id="settings.switchToThisAccount2" />
          </button>
        )}
        {!confirmRemove ? (
          <button
            type="button"
            disabled={busy}
            aria-label={t('settings.remove', { label: a.label })}
            onClick={() => setConfirmRemove(true)}
          >
            <FormattedMessage id="settings.remove3" />
          </button>
        ) : (
          <span role="alert">
            {removeQuestion(a)}{' '}
            <button
              type="button"
              className="danger"
              disabled={busy}
              aria-label={t('settings.remove2', { label: a.label })}
              onClick={async () => {
                if (await remove(a.id)) {
                  // main chose what is active now: first run only when no account is left
                  if (useAccounts.getState().activeId === null) {
                    useWallets.getState().clear()
                    useUi.getState().go({ to: 'onboarding' })
                  } else if (active) {
                    void useWallets.getState().load()
                    useUi.getState().go({ to: 'home' })
                  }
                } else setConfirmRemove(false)
              }}
            >
              <FormattedMessage id="settings.remove4" />
            </button>{' '}
            <button
              type="button"
              aria-label={t('settings.keep', { label: a.label })}
              onClick={() => setConfirmRemove(false)}
            >
              <FormattedMessage id="settings.keep2" />
            </button>
          </span>
        )}
      </div>
    </li>
  )
}

/** Inline rename: the name shown in Settings and on Home. A failure shows under the accounts. */
function RenameAccount({ account: a, busy }: { account: AccountView; busy: boolean }) {
  const [label, setLabel] = useState(a.label)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // renamed elsewhere (another window, an event): show the new name
  useEffect(() => setLabel(a.label), [a.label])
  async function save(e: FormEvent) {
    e.preventDefault()
    const next = label.trim()
    setSaved(false)
    setProblem(next ? null : t('settings.enterANameForThis'))
    if (!next || next === a.label) return
    setSaved(await useAccounts.getState().update(a.id, { label: next }))
  }
  return (
    <>
      <form onSubmit={save} noValidate className="inline">
        <TextField
          id={`label-${a.id}`}
          label={t('settings.accountName')}
          value={label}
          maxLength={80}
          onValue={(v) => {
            setLabel(v)
            setSaved(false)
          }}
        />
        <button type="submit" disabled={busy}>
          <FormattedMessage id="settings.saveName" />
        </button>
        <span className="muted" role="status">
          {saved ? t('settings.saved') : ''}
        </span>
      </form>
      <Problem>{problem}</Problem>
    </>
  )
}

/**
 * A new key for this account, after the service revoked the old one (or it went missing from the
 * keychain): kept where the old one was, with the history, labels and invoices the account has.
 */
function ReplaceKey({ account: a, busy }: { account: AccountView; busy: boolean }) {
  const [open, setOpen] = useState(false)
  const [apiKey, setApiKey] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [done, setDone] = useState(false)
  const replace = useAccounts((s) => s.replaceKey)
  async function submit(e: FormEvent) {
    e.preventDefault()
    const key = apiKey.trim()
    setProblem(key.length < 8 ? t('settings.pasteTheNewApiKey') : null)
    if (key.length < 8) return
    setError(null)
    const res = await replace(a.id, key)
    if (res.ok) {
      close() // the key leaves the page as soon as main has it
      setDone(true)
    } else if (res.error) setError(res.error)
  }
  function close() {
    setOpen(false)
    setApiKey('')
    setProblem(null)
    setError(null)
  }
  if (!open)
    return (
      <p className="inline">
        <button
          type="button"
          disabled={busy}
          aria-label={t('settings.replaceKeyFor', { label: a.label })}
          onClick={() => {
            setOpen(true)
            setDone(false)
          }}
        >
          <FormattedMessage id="settings.replaceKey2" />
        </button>{' '}
        <span className="muted" role="status">
          {done ? t('settings.keyReplaced', { keyHint: a.keyHint }) : ''}
        </span>
      </p>
    )
  return (
    <form onSubmit={submit} noValidate className="replace-key">
      <p className="muted">
        <FormattedMessage id="settings.makeANewKeyOn" values={{ keyPlace: keyPlace(a.storage) }} />
      </p>
      <TextField
        id={`new-key-${a.id}`}
        label={t('settings.newApiKey')}
        type="password"
        value={apiKey}
        autoComplete="off"
        spellCheck={false}
        onValue={(v) => {
          setApiKey(v)
          setProblem(null)
        }}
      />
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('settings.checkingTheKey') : t('settings.replaceKey')}
        </button>
        <button type="button" onClick={close}>
          <FormattedMessage id="settings.cancel" />
        </button>
      </div>
    </form>
  )
}

function Preferences({ settings }: { settings: SettingsT }) {
  const update = useSettings((s) => s.update)
  const saving = useSettings((s) => s.saving)
  const saveError = useSettings((s) => s.saveError)
  const said = useSavedSign(saving, saveError !== null)
  const [poll, setPoll] = useState(String(settings.pollIntervalSec))
  const [pollProblem, setPollProblem] = useState<string | null>(null)
  function savePoll(e: FormEvent) {
    e.preventDefault()
    const n = Number(poll)
    if (!Number.isInteger(n) || n < 5 || n > 3600) return setPollProblem(t('settings.enterWholeSecondsFrom5'))
    setPollProblem(null)
    void update({ pollIntervalSec: n })
  }
  return (
    <>
      <form onSubmit={savePoll} noValidate className="inline">
        <TextField
          id="poll"
          label={t('settings.checkForPaymentsEverySeconds')}
          inputMode="numeric"
          value={poll}
          onValue={setPoll}
        />
        <button type="submit" disabled={saving}>
          <FormattedMessage id="settings.save" />
        </button>
      </form>
      <Problem>{pollProblem}</Problem>
      <SettingCheck id="notifications" name="notifications" settings={settings}>
        <FormattedMessage id="settings.notifyMeWhenAPayment" />
      </SettingCheck>
      <SettingCheck id="hide-balances" name="hideBalances" settings={settings}>
        <FormattedMessage id="settings.hideBalancesEveryAmountShows" />
      </SettingCheck>
      <fieldset>
        <legend>
          <FormattedMessage id="settings.theme" />
        </legend>
        {(['system', 'light', 'dark'] as const).map((theme) => (
          <label key={theme} className="check">
            <input
              type="radio"
              name="theme"
              value={theme}
              checked={settings.theme === theme}
              onChange={() => void update({ theme })}
            />
            {theme === 'system'
              ? t('settings.sameAsTheSystem')
              : theme === 'light'
                ? t('settings.light')
                : t('settings.dark')}
          </label>
        ))}
      </fieldset>
      <LanguagePref settings={settings} />
      <FiatPrefs settings={settings} />
      {saveError && <ErrorMessage error={saveError} />}
      {said && (
        <p className="toast" role="status">
          {said}
        </p>
      )}
    </>
  )
}

/** Prices beside amounts: on or off, and in which currency; says which host is asked. */
function FiatPrefs({ settings }: { settings: SettingsT }) {
  const update = useSettings((s) => s.update)
  const host = useRates((s) => s.view?.host)
  const { fiat } = settings
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="settings.prices" />
      </legend>
      <label className="check" htmlFor="fiat-enabled">
        <input
          id="fiat-enabled"
          type="checkbox"
          checked={fiat.enabled}
          onChange={(e) => void update({ fiat: { ...fiat, enabled: e.target.checked } })}
        />
        <FormattedMessage id="settings.showAmountsInACurrency" />
      </label>
      <SelectField
        id="fiat-currency"
        label={t('settings.currency')}
        value={fiat.currency}
        disabled={!fiat.enabled}
        onValue={(v) => void update({ fiat: { ...fiat, currency: v as SettingsT['fiat']['currency'] } })}
      >
        {FIAT_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <p className="muted small" data-testid="fiat-host">
        {host ? t('settings.theBitcoinPriceIsAsked', { host }) : t('settings.noPriceSourceIsSet')}
      </p>
      <PricesThenPref settings={settings} />
    </fieldset>
  )
}
