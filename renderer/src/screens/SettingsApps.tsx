// Settings → Connected apps (docs/nwc.md): the relay, pausing, each connection's budget and what
// its app paid, and "Connect an app", whose connection string is shown once, as text and QR.
import type { NwcConnectionView, NwcRelayView, NwcSettings, NwcSpendView } from '@shared/contract/nwc'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { connectedApps } from '../api'
import { ErrorMessage } from '../components/ErrorMessage'
import { TextField } from '../components/TextField'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useCapabilities } from '../lib/capabilities'
import { formatDate } from '../lib/format'
import { useMoney } from '../lib/money'
import { ConnectForm, ConnectionString } from './SettingsAppsConnect'

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
    const r = await connectedApps.list({})
    if (r.ok) setList(r.value)
    else setError(r.error)
  }, [])
  useEffect(() => {
    void load()
    return connectedApps.onUpdated(setList)
  }, [load])
  async function saveSettings(patch: Partial<NwcSettings>) {
    const r = await connectedApps.settings(patch)
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

function ConnectionCard(props: { c: NwcConnectionView; onError: (e: AppErrorShape) => void }) {
  const { c } = props
  const money = useMoney()
  const [payments, setPayments] = useState<NwcSpendView[] | null>(null)
  async function show() {
    const r = await connectedApps.get({ id: c.id })
    if (r.ok) setPayments(r.value.payments)
    else props.onError(r.error)
  }
  const [confirming, setConfirming] = useState(false)
  async function revoke() {
    setConfirming(false)
    const r = await connectedApps.revoke({ id: c.id })
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
