import type { AccountView, OpOutput, Settings as SettingsT } from '@shared/contract'
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
import { keyPlace } from '../lib/keyStorage'
import { useAccounts } from '../stores/accounts'
import { useRates } from '../stores/rates'
import { useSettings } from '../stores/settings'
import { Accounts } from './SettingsAccounts'
import { ConnectedApps } from './SettingsApps'
import { BackupSection } from './SettingsBackup'
import { DesktopPrefs, SettingCheck } from './SettingsDesktop'
import { LockPrefs } from './SettingsLock'
import { type SettingsPart, SettingsSections } from './SettingsMenu'
import { SpendingLimits } from './SettingsSafety'
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
