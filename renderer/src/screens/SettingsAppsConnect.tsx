// Settings → Connected apps → "Connect an app" (docs/nwc.md): the app's name, wallet, budget and
// what it may do; then its connection string, shown once, as text and QR.
import type { NwcConnectionView } from '@shared/contract/nwc'
import type { AppErrorShape } from '@shared/errors'
import { NWC_METHODS } from '@shared/nwcMethods'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { type FormEvent, useState } from 'react'
import { connectedApps } from '../api'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { AppPassphraseField } from '../components/PassphraseAsk'
import { Qr } from '../components/Qr'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { strong } from '../i18n/rich'
import { BudgetFields, MethodBoxes } from './appsFields'

export function ConnectionString(props: { name: string; uri: string; onDone: () => void }) {
  return (
    <section className="card" aria-label={t('apps.stringFor', { name: props.name })}>
      <p>
        <FormattedMessage id="apps.pasteThis" values={{ name: props.name, b: strong }} />
      </p>
      <textarea id="apps-uri" readOnly value={props.uri} rows={4} aria-label={t('apps.string')} />
      <CopyButton text={props.uri} label={t('apps.copyString')} />
      <Qr text={props.uri} label={t('apps.qrOfString')} />
      <button type="button" onClick={props.onDone}>
        <FormattedMessage id="apps.done" />
      </button>
    </section>
  )
}

export function ConnectForm(props: { onCancel: () => void; onMade: (m: { name: string; uri: string }) => void }) {
  const [name, setName] = useState('')
  const [walletId, setWalletId] = useState(() => initialWalletId(undefined))
  const [budget, setBudget] = useState('1000')
  const [period, setPeriod] = useState<NwcConnectionView['period']>('daily')
  const [methods, setMethods] = useState<NwcConnectionView['methods']>([...NWC_METHODS])
  const [expiry, setExpiry] = useState('')
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  // asked for once main says this connection needs the app's passphrase (it can pay over the confirm limit)
  const [asked, setAsked] = useState(false)
  const [passphrase, setPassphrase] = useState('')
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const expiresAt = expiry ? Math.floor(new Date(`${expiry}T23:59:59`).getTime() / 1000) : undefined
    const r = await connectedApps.create({
      ...{
        name: name.trim(),
        walletId,
        // a fraction of a sat stays a fraction, so the contract refuses it rather than cutting it
        budgetSat: (parseSatInput(budget, formatLocale()) ?? 0) / MSAT_PER_SAT,
        period,
      },
      methods,
      ...(expiresAt ? { expiresAt } : {}),
      ...(passphrase ? { passphrase } : {}),
    })
    setBusy(false)
    setPassphrase('')
    if (r.ok) return props.onMade({ name: r.value.connection.name, uri: r.value.uri ?? '' })
    if (r.error.code === 'needs_passphrase') setAsked(true)
    setError(r.error)
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('apps.connectAnApp')}>
      <TextField id="app-name" label={t('apps.appName')} value={name} onValue={setName} maxLength={60} />
      <WalletSelect id="app-wallet" value={walletId} onChange={setWalletId} />
      <BudgetFields prefix="app" budget={budget} setBudget={setBudget} period={period} setPeriod={setPeriod} />
      <MethodBoxes prefix="app" offered={NWC_METHODS} methods={methods} setMethods={setMethods} />
      <TextField id="app-expiry" label={t('apps.expires')} type="date" value={expiry} onValue={setExpiry} />
      {asked && <AppPassphraseField id="app-passphrase" value={passphrase} onValue={setPassphrase} />}
      {error && <ErrorMessage error={error} />}
      <button type="submit" disabled={busy}>
        <FormattedMessage id="apps.connect" />
      </button>
      <button type="button" onClick={props.onCancel}>
        <FormattedMessage id="apps.cancel" />
      </button>
    </form>
  )
}
