// The approval form of a pairing (Pair.tsx): what the app asked for, prefilled and adjustable; the
// press makes the connection through nwc.create, the only step that sends anything.
import type { NwcConnectionView } from '@shared/contract/nwc'
import type { AppErrorShape } from '@shared/errors'
import { privateRangeOfHostname } from '@shared/netAddress'
import type { PairingRequest } from '@shared/nwc/pairing'
import { NWC_METHODS } from '@shared/nwcMethods'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { type FormEvent, useState } from 'react'
import { connectedApps } from '../api'
import { ErrorMessage } from '../components/ErrorMessage'
import { AppPassphraseField } from '../components/PassphraseAsk'
import { PrivateHostWarning } from '../components/PrivateHost'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { strong } from '../i18n/rich'
import { useUi } from '../stores/ui'
import { BudgetFields, MethodBoxes } from './appsFields'

type Method = (typeof NWC_METHODS)[number]
type Period = NwcConnectionView['period']
const isMethod = (m: string): m is Method => (NWC_METHODS as readonly string[]).includes(m)

/** What the form starts with: the app's own asks, within what this wallet serves. */
export function asked(req: PairingRequest) {
  if (req.kind === 'nostrnwc')
    return {
      offered: [...NWC_METHODS],
      checked: [...NWC_METHODS],
      needed: [],
      budget: '1000',
      period: 'daily' as Period,
    }
  const required = req.requestMethods.filter(isMethod)
  const optional = req.optionalMethods.filter(isMethod)
  const offered = required.length + optional.length > 0 ? [...new Set([...required, ...optional])] : [...NWC_METHODS]
  const pays = offered.includes('pay_invoice')
  const budget = req.maxAmountMsat !== undefined ? Math.floor(req.maxAmountMsat / MSAT_PER_SAT) : pays ? 1000 : 0
  // no yearly budget here: never renewing is the stricter of the two
  const period: Period = req.period === 'yearly' ? 'never' : (req.period ?? (req.maxAmountMsat ? 'never' : 'daily'))
  return { offered, checked: required, needed: required, budget: String(budget), period }
}

const dateOf = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 10)

export function PairForm(props: {
  req: PairingRequest
  name: string
  onMade: (m: { name: string; uri?: string }) => void
}) {
  const { req } = props
  const start = asked(req)
  const [name, setName] = useState(props.name)
  const [walletId, setWalletId] = useState(() => initialWalletId(undefined))
  const [methods, setMethods] = useState<Method[]>(start.checked)
  const [budget, setBudget] = useState(start.budget)
  const [period, setPeriod] = useState<Period>(start.period)
  const asksExpiry = req.kind === 'walletauth' ? req.expiresAt : undefined
  const [expiry, setExpiry] = useState(asksExpiry ? dateOf(asksExpiry) : '')
  const [relay, setRelay] = useState(req.kind === 'walletauth' ? (req.relays[0] as string) : '')
  const [relayOk, setRelayOk] = useState(false)
  const [passphrase, setPassphrase] = useState('')
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [busy, setBusy] = useState(false)
  async function approve(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    const r = await connectedApps.create({
      ...createInput(req, { name, walletId, methods, budget, period, expiry, relay, asksExpiry }),
      ...(passphrase ? { passphrase } : {}),
    })
    setBusy(false)
    setPassphrase('')
    if (r.ok) return props.onMade({ name: r.value.connection.name, uri: r.value.uri })
    if (r.error.code === 'needs_passphrase') setAsking(true)
    setError(r.error)
  }
  const blocked = req.kind === 'walletauth' && !relayOk && needsWarning(relay)
  return (
    <form onSubmit={approve} noValidate aria-label={t('pair.title')}>
      <TextField id="pair-name" label={t('apps.appName')} value={name} onValue={setName} maxLength={60} />
      <WalletSelect id="pair-wallet" value={walletId} onChange={setWalletId} />
      <MethodBoxes
        prefix="pair"
        offered={start.offered}
        needed={start.needed}
        methods={methods}
        setMethods={setMethods}
      />
      {start.offered.includes('pay_invoice') && (
        <BudgetFields prefix="pair" budget={budget} setBudget={setBudget} period={period} setPeriod={setPeriod} />
      )}
      <TextField id="pair-expiry" label={t('apps.expires')} type="date" value={expiry} onValue={setExpiry} />
      {req.kind === 'walletauth' && (
        <RelayChoice relays={req.relays} relay={relay} setRelay={setRelay} ok={relayOk} setOk={setRelayOk} />
      )}
      {asking && <AppPassphraseField id="pair-passphrase" value={passphrase} onValue={setPassphrase} />}
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={busy || blocked || methods.length === 0}>
        {t('pair.approve', { name: name.trim() || props.name })}
      </button>
      <button type="button" onClick={() => useUi.getState().go({ to: 'home' })}>
        <FormattedMessage id="pair.decline" />
      </button>
    </form>
  )
}

/** a relay on this computer or a private network: warned of, as any link from outside (RelayLine) */
const needsWarning = (relay: string) => privateRangeOfHostname(new URL(relay).hostname) !== null

function createInput(
  req: PairingRequest,
  f: { name: string; walletId: string; methods: Method[]; budget: string; period: Period } & {
    expiry: string
    relay: string
    asksExpiry: number | undefined
  },
) {
  const chosen = f.expiry ? Math.floor(new Date(`${f.expiry}T23:59:59`).getTime() / 1000) : undefined
  // the day the app asked for, kept to its second: the date field cannot say later than it asked
  const expiresAt = chosen && f.asksExpiry && f.expiry === dateOf(f.asksExpiry) ? f.asksExpiry : chosen
  return {
    name: f.name.trim(),
    walletId: f.walletId,
    budgetSat: (parseSatInput(f.budget, formatLocale()) ?? 0) / MSAT_PER_SAT,
    period: f.period,
    methods: f.methods,
    ...(expiresAt ? { expiresAt } : {}),
    ...(req.kind === 'walletauth'
      ? { pairing: { clientPubkey: req.clientPubkey, relay: f.relay, ...(req.state ? { state: req.state } : {}) } }
      : req.callback
        ? { callback: req.callback }
        : {}),
  }
}

function RelayChoice(props: {
  relays: string[]
  relay: string
  setRelay: (r: string) => void
  ok: boolean
  setOk: (ok: boolean) => void
}) {
  return (
    <>
      {props.relays.length > 1 && (
        <SelectField
          id="pair-relay"
          label={t('apps.relay')}
          value={props.relay}
          onValue={(r) => {
            props.setRelay(r)
            props.setOk(false)
          }}
        >
          {props.relays.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
      )}
      <RelayLine relay={props.relay} confirmed={props.ok} onConfirm={() => props.setOk(true)} />
    </>
  )
}

/** The relay the app will talk through; one on this computer or a private network is warned of first. */
function RelayLine(props: { relay: string; confirmed: boolean; onConfirm: () => void }) {
  const host = new URL(props.relay).host
  const range = privateRangeOfHostname(new URL(props.relay).hostname)
  return (
    <>
      <p>
        <FormattedMessage id="pair.throughRelay" values={{ relay: props.relay, b: strong }} />
      </p>
      {range && !props.confirmed && <PrivateHostWarning host={host} range={range} onConfirm={props.onConfirm} />}
    </>
  )
}
