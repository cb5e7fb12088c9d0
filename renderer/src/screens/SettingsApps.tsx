// Settings → Connected apps (docs/nwc.md): the relay, pausing, each connection's budget and what
// its app paid, and "Connect an app", whose connection string is shown once, as text and QR.
import type { NwcConnectionView, NwcSettings, NwcSpendView } from '@shared/contract/nwc'
import { NWC_METHODS } from '@shared/contract/nwc'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { invoke, on } from '../api'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { Qr } from '../components/Qr'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { useMoney } from '../lib/money'

type List = { connections: NwcConnectionView[]; settings: NwcSettings }
const PERIOD_WORDS = { daily: 'today', weekly: 'this week', monthly: 'this month', never: 'in total' } as const
const METHOD_WORDS: Record<(typeof NWC_METHODS)[number], string> = {
  pay_invoice: 'Pay invoices (within the budget)',
  make_invoice: 'Make invoices',
  lookup_invoice: 'Look up invoices',
  get_balance: 'See the balance',
  get_info: 'See basic information',
  list_transactions: 'See the transactions',
}

export function ConnectedApps() {
  const [list, setList] = useState<List | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [adding, setAdding] = useState(false)
  const [made, setMade] = useState<{ name: string; uri: string } | null>(null)
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
      <h2 id="apps-title">Connected apps</h2>
      {error && <ErrorMessage error={error} />}
      {made && <ConnectionString {...made} onDone={() => setMade(null)} />}
      {list && (
        <>
          <ul className="accounts">
            {list.connections.map((c) => (
              <ConnectionCard key={c.id} c={c} onError={setError} />
            ))}
          </ul>
          {adding ? (
            <ConnectForm
              onCancel={() => setAdding(false)}
              onMade={(m) => {
                setAdding(false)
                setMade(m)
              }}
            />
          ) : (
            <button type="button" onClick={() => setAdding(true)}>
              Connect an app
            </button>
          )}
          <RelayForm saved={list.settings.relay} onSave={(relay) => void saveSettings({ relay })} />
          <AppsCheck id="apps-paused" on={list.settings.paused} set={(paused) => void saveSettings({ paused })}>
            Pause all connections
          </AppsCheck>
        </>
      )}
    </section>
  )
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
      <TextField id="apps-relay" label="Relay" value={relay} onValue={setRelay} spellCheck={false} maxLength={512} />
      <button type="submit" aria-label="Save relay">
        Save
      </button>
    </form>
  )
}

function ConnectionString(props: { name: string; uri: string; onDone: () => void }) {
  return (
    <section className="card" aria-label={`Connection string for ${props.name}`}>
      <p>
        Paste this into {props.name}, or scan it. It is shown <strong>this once</strong>: whoever has it can spend from
        the wallet within the budget.
      </p>
      <textarea id="apps-uri" readOnly value={props.uri} rows={4} aria-label="Connection string" />
      <CopyButton text={props.uri} label="Copy the connection string" />
      <Qr text={props.uri} label="QR code of the connection string" />
      <button type="button" onClick={props.onDone}>
        Done
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
      <strong>{c.name}</strong> <span className="muted">{c.status === 'active' ? '' : `(${c.status})`}</span>
      {pays && (
        <p>
          Used {money.msat(c.usedMsat)} of {money.sat(c.budgetSat)} {PERIOD_WORDS[c.period]}
        </p>
      )}
      {c.expiresAt && <p className="muted">Until {new Date(c.expiresAt * 1000).toLocaleString()}</p>}
      <button type="button" onClick={() => void show()}>
        Payments
      </button>
      {c.status !== 'revoked' && !confirming && (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Revoke
        </button>
      )}
      {confirming && (
        <p>
          {c.name} will no longer be able to use the wallet.{' '}
          <button type="button" className="danger" onClick={() => void revoke()}>
            Revoke {c.name}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </p>
      )}
      {payments && (
        <ul className="plain" aria-label={`Payments by ${c.name}`}>
          {payments.length === 0 && <li className="muted">No payments yet.</li>}
          {payments.map((p) => (
            <li key={`${p.createdAt}-${p.paymentHash}`}>
              {new Date(p.createdAt * 1000).toLocaleString()}: {money.msat(p.amountMsat)}
              {p.feeMsat ? ` + ${money.msat(p.feeMsat)} fee` : ''} — {STATE_WORDS[p.state]}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

const STATE_WORDS = {
  reserved: 'on its way',
  paid: 'paid',
  failed: 'not paid',
  unknown: 'outcome unknown: see Payments in progress',
} as const

function ConnectForm(props: { onCancel: () => void; onMade: (m: { name: string; uri: string }) => void }) {
  const [name, setName] = useState('')
  const [walletId, setWalletId] = useState(() => initialWalletId(undefined))
  const [budget, setBudget] = useState('1000')
  const [period, setPeriod] = useState<NwcConnectionView['period']>('daily')
  const [methods, setMethods] = useState<string[]>([...NWC_METHODS])
  const [expiry, setExpiry] = useState('')
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const expiresAt = expiry ? Math.floor(new Date(`${expiry}T23:59:59`).getTime() / 1000) : undefined
    const r = await invoke('nwc.create', {
      ...{ name: name.trim(), walletId, budgetSat: Number(budget) || 0, period },
      methods: methods as NwcConnectionView['methods'],
      ...(expiresAt ? { expiresAt } : {}),
    })
    setBusy(false)
    if (r.ok) props.onMade({ name: r.value.connection.name, uri: r.value.uri })
    else setError(r.error)
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Connect an app">
      <TextField id="app-name" label="App name" value={name} onValue={setName} maxLength={60} />
      <WalletSelect id="app-wallet" value={walletId} onChange={setWalletId} />
      <TextField id="app-budget" label="Budget (sats)" inputMode="numeric" value={budget} onValue={setBudget} />
      <SelectField id="app-period" label="Renews" value={period} onValue={(v) => setPeriod(v as typeof period)}>
        <option value="daily">Every day</option>
        <option value="weekly">Every week</option>
        <option value="monthly">Every month</option>
        <option value="never">Never</option>
      </SelectField>
      <fieldset>
        <legend>It may</legend>
        {NWC_METHODS.map((m) => (
          <label className="check" htmlFor={`app-m-${m}`} key={m}>
            <input
              id={`app-m-${m}`}
              type="checkbox"
              checked={methods.includes(m)}
              onChange={(e) => setMethods(e.target.checked ? [...methods, m] : methods.filter((x) => x !== m))}
            />
            {METHOD_WORDS[m]}
          </label>
        ))}
      </fieldset>
      <TextField id="app-expiry" label="Expires (optional)" type="date" value={expiry} onValue={setExpiry} />
      {error && <ErrorMessage error={error} />}
      <button type="submit" disabled={busy}>
        Connect
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  )
}
