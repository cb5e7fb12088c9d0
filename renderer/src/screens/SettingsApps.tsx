// Settings → Connected apps (docs/nwc.md): the relay, pausing, each connection's budget and what
// its app paid, and "Connect an app", whose connection string is shown once, as text and QR.
import type { NwcConnectionView, NwcRelayView, NwcSettings, NwcSpendView } from '@shared/contract/nwc'
import type { AppErrorShape } from '@shared/errors'
import { NWC_METHODS } from '@shared/nwcMethods'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { invoke, on } from '../api'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseAsk'
import { Qr } from '../components/Qr'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { strong } from '../i18n/rich'
import { useCapabilities } from '../lib/capabilities'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { BudgetFields, MethodBoxes } from './appsFields'

type List = { connections: NwcConnectionView[]; settings: NwcSettings; relays: NwcRelayView[] }
const USED_WORDS: Record<NwcConnectionView['period'], MessageId> = {
  daily: 'apps.usedToday',
  weekly: 'apps.usedThisWeek',
  monthly: 'apps.usedThisMonth',
  never: 'apps.usedInTotal',
}

export function ConnectedApps() {
  const [list, setList] = useState<List | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [adding, setAdding] = useState(false)
  const [made, setMade] = useState<{ name: string; uri: string } | null>(null)
  const caps = useCapabilities()
  const load = useCallback(async () => {
    const r = await invoke('nwc.list', {})
    if (r.ok) setList(r.value)
    else setError(r.error)
  }, [])
  useEffect(() => {
    void load()
    return on('nwc.updated', setList)
  }, [load])
  async function saveSettings(patch: Partial<NwcSettings>) {
    const r = await invoke('nwc.settings', patch)
    if (!r.ok) setError(r.error)
    else setError(null)
  }
  return (
    <section aria-labelledby="apps-title">
      <h2 id="apps-title">
        <FormattedMessage id="apps.title" />
      </h2>
      {error && <ErrorMessage error={error} />}
      {made && <ConnectionString {...made} onDone={() => setMade(null)} />}
      {list && (
        <>
          <ul className="accounts">
            {list.connections.map((c) => (
              <ConnectionCard key={c.id} c={c} onError={setError} />
            ))}
          </ul>
          <RelayStates relays={list.relays} />
          {!caps.connectedApps ? (
            // an NWC account serving apps would be one wallet connection relayed through another
            <p className="muted small">
              <FormattedMessage id="apps.notFromNwc" />
            </p>
          ) : adding ? (
            <ConnectForm
              onCancel={() => setAdding(false)}
              onMade={(m) => {
                setAdding(false)
                setMade(m)
              }}
            />
          ) : (
            <button type="button" onClick={() => setAdding(true)}>
              <FormattedMessage id="apps.connectAnApp" />
            </button>
          )}
          <RelayForm saved={list.settings.relay} onSave={(relay) => void saveSettings({ relay })} />
          <AppsCheck id="apps-paused" on={list.settings.paused} set={(paused) => void saveSettings({ paused })}>
            {t('apps.pauseAll')}
          </AppsCheck>
        </>
      )}
    </section>
  )
}

const PROBLEM_WORDS: Record<NonNullable<NwcRelayView['problem']>, MessageId> = {
  refused: 'apps.relayRefused',
  not_found: 'apps.relayNotFound',
  timeout: 'apps.relayTimeout',
  http: 'apps.relayHttp',
  tls: 'apps.relayTls',
  closed: 'apps.relayClosed',
  other: 'apps.relayOther',
}

/** Each relay in use: open, reconnecting since when, or failing and why; and its last request. */
function RelayStates(props: { relays: NwcRelayView[] }) {
  if (props.relays.length === 0) return null
  return (
    <ul className="plain" aria-label={t('apps.relays')} data-testid="relay-states">
      {props.relays.map((r) => (
        <li key={r.url} data-relay-state={r.state}>
          {relayWords(r)}{' '}
          <span className="muted">
            {r.lastRequestAt === null
              ? t('apps.relayNoRequest')
              : t('apps.relayLastRequest', { time: formatDate(r.lastRequestAt) })}
          </span>
        </li>
      ))}
    </ul>
  )
}

function relayWords(r: NwcRelayView): string {
  const since = formatDate(r.since)
  const reason = r.problem ? t(PROBLEM_WORDS[r.problem], { status: r.httpStatus ?? '' }) : ''
  switch (r.state) {
    case 'connected':
      return t('apps.relayConnected', { relay: r.url })
    case 'connecting':
      return t('apps.relayConnecting', { relay: r.url })
    case 'reconnecting':
      return t('apps.relayReconnecting', { relay: r.url, since })
    case 'failing':
      return t('apps.relayFailing', { relay: r.url, since, reason })
  }
}

function AppsCheck(props: { id: string; on: boolean; set: (on: boolean) => void; children: string }) {
  return (
    <label className="check" htmlFor={props.id}>
      <input id={props.id} type="checkbox" checked={props.on} onChange={(e) => props.set(e.target.checked)} />
      {props.children}
    </label>
  )
}

function RelayForm(props: { saved: string; onSave: (relay: string) => void }) {
  const [relay, setRelay] = useState(props.saved)
  useEffect(() => setRelay(props.saved), [props.saved])
  function save(e: FormEvent) {
    e.preventDefault()
    props.onSave(relay.trim())
  }
  return (
    <form onSubmit={save} noValidate className="inline">
      <TextField
        id="apps-relay"
        label={t('apps.relay')}
        value={relay}
        onValue={setRelay}
        spellCheck={false}
        maxLength={512}
      />
      <button type="submit" aria-label={t('apps.saveRelay')}>
        <FormattedMessage id="apps.save" />
      </button>
    </form>
  )
}

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

function ConnectionCard(props: { c: NwcConnectionView; onError: (e: AppErrorShape) => void }) {
  const { c } = props
  const money = useMoney()
  const [payments, setPayments] = useState<NwcSpendView[] | null>(null)
  async function show() {
    const r = await invoke('nwc.get', { id: c.id })
    if (r.ok) setPayments(r.value.payments)
    else props.onError(r.error)
  }
  const [confirming, setConfirming] = useState(false)
  async function revoke() {
    setConfirming(false)
    const r = await invoke('nwc.revoke', { id: c.id })
    if (!r.ok) props.onError(r.error)
  }
  const pays = c.methods.includes('pay_invoice')
  return (
    <li className="card" aria-label={c.name}>
      <strong>{c.name}</strong>{' '}
      <span className="muted">{c.status === 'active' ? '' : t('apps.status', { status: c.status })}</span>
      {pays && (
        <p>
          <FormattedMessage
            id={USED_WORDS[c.period]}
            values={{ used: money.msat(c.usedMsat), budget: money.sat(c.budgetSat) }}
          />
        </p>
      )}
      {c.expiresAt && <p className="muted">{t('apps.until', { date: formatDate(c.expiresAt) })}</p>}
      <button type="button" onClick={() => void show()}>
        <FormattedMessage id="apps.payments" />
      </button>
      {c.status !== 'revoked' && !confirming && (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          <FormattedMessage id="apps.revoke" />
        </button>
      )}
      {confirming && (
        <p>
          {t('apps.revokeQuestion', { name: c.name })}{' '}
          <button type="button" className="danger" onClick={() => void revoke()}>
            {t('apps.revokeName', { name: c.name })}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            <FormattedMessage id="apps.keep" />
          </button>
        </p>
      )}
      {payments && (
        <ul className="plain" aria-label={t('apps.paymentsBy', { name: c.name })}>
          {payments.length === 0 && (
            <li className="muted">
              <FormattedMessage id="apps.noPayments" />
            </li>
          )}
          {payments.map((p) => (
            <li key={`${p.createdAt}-${p.paymentHash}`}>
              {t(p.feeMsat ? 'apps.paymentWithFee' : 'apps.payment', {
                date: formatDate(p.createdAt),
                amount: money.msat(p.amountMsat),
                fee: money.msat(p.feeMsat ?? 0),
                state: t(STATE_WORDS[p.state]),
              })}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

const STATE_WORDS: Record<NwcSpendView['state'], MessageId> = {
  reserved: 'apps.stateReserved',
  paid: 'apps.statePaid',
  failed: 'apps.stateFailed',
  unknown: 'apps.stateUnknown',
}

function ConnectForm(props: { onCancel: () => void; onMade: (m: { name: string; uri: string }) => void }) {
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
    const r = await invoke('nwc.create', {
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
      {asked && <PassphraseField id="app-passphrase" value={passphrase} onValue={setPassphrase} />}
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
