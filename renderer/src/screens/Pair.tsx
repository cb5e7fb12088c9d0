// An app asks to be connected (docs/nwc.md, "One-tap pairing"): a nostr+walletauth:// or
// nostrnwc://connect link from a deep link, the clipboard offer or Scan. The screen shows who asks
// (its name and icon, as the app gives them: unverified), the methods, budget and relay asked for;
// the person adjusts and approves. Nothing is made or sent before that press: the connection is
// made by nwc.create (the lock's rules, the passphrase for a budget over the confirm limit), which
// also answers the app on its relay.
import type { PairingRequest } from '@shared/nwc/pairing'
import { NWC_METHODS } from '@shared/nwcMethods'
import { MSAT_PER_SAT } from '@shared/units'
import { useEffect, useState } from 'react'
import { connectedApps } from '../api'
import { Pending, Problem } from '../components/ErrorMessage'
import { PrivateHostWarning } from '../components/PrivateHost'
import { Screen } from '../components/Screen'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { strong } from '../i18n/rich'
import { useCapabilities } from '../lib/capabilities'
import { useMoney } from '../lib/money'
import { useUi } from '../stores/ui'
import { PairForm } from './pairForm'
import { ConnectionString } from './SettingsAppsConnect'

type Made = { name: string; uri?: string }

/** the link as main read it (zod stays in main: docs/architecture.md); reading it sends nothing */
function useRequest(link: string): PairingRequest | null | undefined {
  const [req, setReq] = useState<PairingRequest | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    void connectedApps.readPairing({ link }).then((r) => live && setReq(r.ok ? r.value.request : null))
    return () => {
      live = false
    }
  }, [link])
  return req
}

export default function Pair(props: { link: string }) {
  const req = useRequest(props.link)
  const caps = useCapabilities()
  const [made, setMade] = useState<Made | null>(null)
  if (!req)
    return (
      <Screen title={t('pair.title')}>
        {req === undefined ? <Pending>{t('pair.reading')}</Pending> : <Problem>{t('pair.unreadable')}</Problem>}
      </Screen>
    )
  const name = req.name || t('pair.unnamedApp')
  return (
    <Screen title={t('pair.title')}>
      <div data-testid="pair-screen">
        {made ? (
          <Done
            made={made}
            relay={req.kind === 'walletauth' ? req.relays[0] : undefined}
            handedBack={req.kind === 'nostrnwc' && req.callback !== undefined}
          />
        ) : (
          <>
            <Asker req={req} name={name} />
            {caps.connectedApps ? (
              <PairForm req={req} name={name} onMade={setMade} />
            ) : (
              <p className="muted small">
                <FormattedMessage id="apps.notFromNwc" />
              </p>
            )}
          </>
        )}
      </div>
    </Screen>
  )
}

/** Who asks, in its own words (unverified), and what it asks for. */
function Asker(props: { req: PairingRequest; name: string }) {
  const { req } = props
  const money = useMoney()
  return (
    <div className="card">
      {req.icon && <AppIcon url={req.icon} />}
      <p>
        <FormattedMessage id="pair.asks" values={{ name: props.name, b: strong }} />
      </p>
      <p className="muted small">
        <FormattedMessage id="pair.namesItself" />
      </p>
      {req.kind === 'walletauth' && req.maxAmountMsat !== undefined && (
        <p>
          {t('pair.asksBudget', {
            amount: money.sat(Math.floor(req.maxAmountMsat / MSAT_PER_SAT)),
            period: req.period ?? 'never',
          })}
        </p>
      )}
      {req.kind === 'walletauth' && <NotOffered methods={[...req.requestMethods, ...req.optionalMethods]} />}
    </div>
  )
}

/** What the app asked for that this wallet does not serve: said, never granted. */
function NotOffered(props: { methods: string[] }) {
  const known = new Set<string>([...NWC_METHODS, 'get_budget', 'notifications'])
  const other = [...new Set(props.methods.filter((m) => !known.has(m)))]
  if (other.length === 0) return null
  return <p className="muted small">{t('pair.notOffered', { methods: other.join(', ') })}</p>
}

type IconState =
  | { kind: 'loading' }
  | { kind: 'shown'; dataUrl: string }
  | { kind: 'private'; host: string; message: string }
  | { kind: 'none' }

/** The icon, asked of main only now that the screen is open; a private host only after a warning. */
function AppIcon(props: { url: string }) {
  const [icon, setIcon] = useState<IconState>({ kind: 'loading' })
  const host = new URL(props.url).host
  async function load(confirmed?: string) {
    const r = await connectedApps.pairIcon({ url: props.url, ...(confirmed ? { confirmed } : {}) })
    if (r.ok) setIcon({ kind: 'shown', dataUrl: r.value.dataUrl })
    else if (r.error.code === 'private_host') setIcon({ kind: 'private', host, message: r.error.message })
    else setIcon({ kind: 'none' })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per icon address
  useEffect(() => void load(), [props.url])
  if (icon.kind === 'shown') return <img className="pair-icon" src={icon.dataUrl} alt="" width={48} height={48} />
  if (icon.kind === 'private')
    return <PrivateHostWarning host={icon.host} message={icon.message} onConfirm={() => void load(icon.host)} />
  return null
}

function Done(props: { made: Made; relay?: string; handedBack: boolean }) {
  const go = () => useUi.getState().go({ to: 'settings' })
  if (props.made.uri)
    return (
      <>
        {props.handedBack && <p role="status">{t('pair.handedBack', { name: props.made.name })}</p>}
        <ConnectionString name={props.made.name} uri={props.made.uri} onDone={go} />
      </>
    )
  return (
    <div className="card" role="status" data-testid="pair-done">
      <p>{t('pair.connected', { name: props.made.name, relay: props.relay ?? '' })}</p>
      <button type="button" onClick={go}>
        <FormattedMessage id="pair.toConnectedApps" />
      </button>
    </div>
  )
}
