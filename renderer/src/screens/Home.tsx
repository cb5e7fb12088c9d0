// The first screen: the total on top (with fiat and when it was updated), the three things people
// do (Receive, Send, Scan), each wallet as one compact row with its menu, then the last few
// payments. Kept light: it is in the first chunk.
import { totalBalanceMsat } from '@shared/balances'
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left'
import ArrowUpRight from 'lucide-react/icons/arrow-up-right'
import Eye from 'lucide-react/icons/eye'
import EyeOff from 'lucide-react/icons/eye-off'
import RefreshCw from 'lucide-react/icons/refresh-cw'
import ScanLine from 'lucide-react/icons/scan-line'
import { type CSSProperties, useEffect, useState } from 'react'
import { AccountSwitcher } from '../components/AccountSwitcher'
import { Amount, FiatBeside } from '../components/Amount'
import { BackupNudge } from '../components/BackupNudge'
import { ErrorMessage } from '../components/ErrorMessage'
import { RecentActivity } from '../components/RecentActivity'
import { Screen } from '../components/Screen'
import { Empty, Skeleton } from '../components/Skeleton'
import { WalletRow } from '../components/WalletRow'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useFlash } from '../lib/flash'
import { useHidden, useMoney } from '../lib/money'
import { visibleInterval } from '../lib/visibleTimers'
import { relativeTime } from '../lib/when'
import { fiatBeside, useRates } from '../stores/rates'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { shownWallets, useWallets } from '../stores/wallets'
import { prefetchScreens } from './loaders'

let firstBalanceMarked = false

export function Home() {
  const wallets = useWallets((s) => s.wallets)
  const status = useWallets((s) => s.status)
  const error = useWallets((s) => s.error)
  const load = useWallets((s) => s.load)
  const rates = useRates((s) => s.view)
  const now = useNow()
  const fiat = (msat: number) => fiatBeside(msat, rates, now)
  const hidden = useHidden()
  useEffect(() => {
    // for the benchmark: when the first balance reached the screen (as digits), unless the early
    // paint showed it first (early/paint.ts), and when React's Home did
    if (wallets.length > 0 && !hidden && !firstBalanceMarked && typeof performance !== 'undefined') {
      firstBalanceMarked = true
      if (performance.getEntriesByName('lt:first-balance').length === 0) performance.mark('lt:first-balance')
      performance.mark('lt:home-balance')
    }
    if (wallets.length > 0) prefetchScreens() // once, after the first balances are on screen
  }, [wallets.length, hidden])
  return (
    <Screen title={t('home.home')} titleHidden lead={<AccountSwitcher />}>
      <Total now={now} />
      <PrimaryActions />
      {error && <ErrorMessage error={error} onRetry={() => void load()} />}
      <div className="home-columns">
        <section className="wallet-list" aria-labelledby="wallets-title">
          <h2 id="wallets-title">
            <FormattedMessage id="home.wallets" />
          </h2>
          {status === 'loading' && wallets.length === 0 && <Skeleton label={t('home.loadingWallets')} shape="cards" />}
          {status === 'ready' && wallets.length === 0 && (
            <Empty>
              <FormattedMessage id="home.thisAccountHasNoWallets" />
            </Empty>
          )}
          <ul className="wallets">
            {shownWallets(wallets).map((w) => (
              <WalletRow key={w.id} wallet={w} fiat={fiat(w.balanceMsat)} />
            ))}
          </ul>
          <HiddenCount count={wallets.length - shownWallets(wallets).length} />
        </section>
        <RecentActivity now={now} />
      </div>
      <BackupNudge />
      {rates?.firstRun && rates.status !== 'off' && (
        <p className="muted small" data-testid="rates-first-run">
          <FormattedMessage id="home.pricesInComeFromYou" values={{ currency: rates.currency, host: rates.host }} />
        </p>
      )}
    </Screen>
  )
}

/** The total, large, with its fiat value, when the balances were last updated, Hide and Refresh. */
function Total({ now }: { now: number }) {
  const totalMsat = useWallets((s) => totalBalanceMsat(s.wallets))
  const status = useWallets((s) => s.status)
  const rates = useRates((s) => s.view)
  const [said, flash] = useFlash()
  const fiat = status === 'idle' ? null : fiatBeside(totalMsat, rates, now)
  const shown = useMoney().msat(totalMsat)
  return (
    <div className="total-block">
      <div className="total-main">
        <p className="total-label muted small">
          <FormattedMessage id="home.total" />
        </p>
        {/* its length in characters sizes its digits (styles.css, .total) */}
        <p className="total" style={{ '--total-chars': shown.length } as CSSProperties}>
          <strong data-testid="total">{status === 'idle' ? '…' : <Amount msat={totalMsat} />}</strong>
        </p>
        <TotalSub fiat={fiat} now={now} />
        <p className="flash small" role="status">
          {said}
        </p>
      </div>
      <div className="total-tools">
        <HideToggle />
        <RefreshButton onDone={() => flash.show(t('home.balancesUpdated'))} />
      </div>
      {rates?.status === 'stale' && rates.reason && (
        <p className="muted small total-note" data-testid="rates-stale">
          <FormattedMessage
            id="home.thePriceShownIsStale"
            values={{ currency: rates.currency, reason: rates.reason }}
          />
        </p>
      )}
    </div>
  )
}

/** Under the total: its fiat value and when the balances were last read. */
function TotalSub({ fiat, now }: { fiat: ReturnType<typeof fiatBeside>; now: number }) {
  const updatedAt = useWallets((s) => s.updatedAt)
  const hidden = useHidden()
  return (
    <p className="total-sub small">
      {fiat && <FiatBeside shown={fiat} testId="total-fiat" />}
      {updatedAt !== null && (
        <span className="muted" data-testid="updated">
          {/* " · updated …" after the fiat value, "Updated …" when it is the line's first word */}
          <FormattedMessage
            id="home.updated"
            values={{
              fiat: fiat && !hidden ? 'shown' : 'none',
              relativeTime: relativeTime(Math.floor(updatedAt / 1000), now),
            }}
          />
        </span>
      )}
    </p>
  )
}

/** Reads the balances again; `onDone` when they came (a fast refresh changes nothing visible). */
function RefreshButton({ onDone }: { onDone: () => void }) {
  const status = useWallets((s) => s.status)
  const load = useWallets((s) => s.load)
  const refresh = async () => {
    await load()
    // the error says why not, when it failed
    if (useWallets.getState().status === 'ready') onDone()
  }
  return (
    <button
      type="button"
      className="icon-button"
      title={t('home.refresh')}
      onClick={() => void refresh()}
      disabled={status === 'loading'}
    >
      <RefreshCw size={18} aria-hidden />
      <span className="sr-only">{status === 'loading' ? t('home.refreshing') : t('home.refresh')}</span>
    </button>
  )
}

/**
 * Hidden wallets still count in the total above (money must never drop out of view in silence),
 * so Home says how many there are, and where to show them again.
 */
function HiddenCount({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p className="muted small" data-testid="hidden-wallets">
      <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'settings' })}>
        <FormattedMessage id="home.hiddenWallets" values={{ count }} />
      </button>
    </p>
  )
}

/** The three things people come to do. */
function PrimaryActions() {
  const go = useUi.getState().go
  return (
    <div className="primary-actions">
      <button type="button" className="primary primary-action" onClick={() => go({ to: 'receive' })}>
        <ArrowDownLeft size={18} aria-hidden /> <FormattedMessage id="home.receive" />
      </button>
      <button type="button" className="primary primary-action" onClick={() => go({ to: 'send' })}>
        <ArrowUpRight size={18} aria-hidden /> <FormattedMessage id="home.send" />
      </button>
      <button type="button" className="primary primary-action" onClick={() => go({ to: 'scan' })}>
        <ScanLine size={18} aria-hidden /> <FormattedMessage id="home.scan" />
      </button>
    </div>
  )
}

/** "Hide balances": every amount everywhere becomes a mask, the tray's and notifications' too (main). */
function HideToggle() {
  const settings = useSettings((s) => s.settings)
  if (!settings) return null
  const hidden = settings.hideBalances
  const name = hidden ? t('home.showBalances') : t('home.hideBalances')
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={hidden}
      title={name}
      onClick={() => void useSettings.getState().update({ hideBalances: !hidden })}
    >
      {hidden ? <Eye size={18} aria-hidden /> : <EyeOff size={18} aria-hidden />}
      <span className="sr-only">{name}</span>
    </button>
  )
}

/** The time, renewed every 30 s (ages on screen), and a price refresh when the window shows again. */
function useNow(): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const stopTick = visibleInterval(() => setNow(Date.now()), 30_000)
    const onShow = () => {
      if (document.visibilityState === 'visible') void useRates.getState().load()
    }
    document.addEventListener('visibilitychange', onShow)
    return () => {
      stopTick()
      document.removeEventListener('visibilitychange', onShow)
    }
  }, [])
  return now
}
