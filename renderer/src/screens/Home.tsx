// The first screen: every wallet's balance and the total. Kept light: it is in the first chunk.
import type { WalletView } from '@shared/contract'
import Eye from 'lucide-react/icons/eye'
import EyeOff from 'lucide-react/icons/eye-off'
import { useEffect, useState } from 'react'
import { Amount, FiatBeside } from '../components/Amount'
import { ErrorMessage } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { Empty, Skeleton } from '../components/Skeleton'
import { useHidden } from '../lib/money'
import { visibleInterval } from '../lib/visibleTimers'
import { useAccounts } from '../stores/accounts'
import { type FiatShown, fiatBeside, useRates } from '../stores/rates'
import { useSettings } from '../stores/settings'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { BackupNudge } from './SettingsSafety'

let firstBalanceMarked = false

export function Home() {
  const wallets = useWallets((s) => s.wallets)
  const totalMsat = useWallets((s) => s.totalMsat)
  const status = useWallets((s) => s.status)
  const error = useWallets((s) => s.error)
  const load = useWallets((s) => s.load)
  const account = useAccounts((s) => s.accounts.find((a) => a.id === s.activeId))
  const rates = useRates((s) => s.view)
  const now = useNow()
  const fiat = (msat: number) => fiatBeside(msat, rates, now)
  const hidden = useHidden()
  useEffect(() => {
    // for the benchmark: when the first balance reached the screen (as digits)
    if (wallets.length > 0 && !hidden && !firstBalanceMarked && typeof performance !== 'undefined') {
      firstBalanceMarked = true
      performance.mark('lt:first-balance')
    }
  }, [wallets.length, hidden])
  return (
    <Screen title="Wallets" back={false}>
      {account && (
        <p className="muted">
          {account.label} · {account.keyHint}
        </p>
      )}
      <div className="total-row">
        <p className="total">
          Total <strong data-testid="total">{status === 'idle' ? '…' : <Amount msat={totalMsat} />}</strong>
          {status !== 'idle' && <FiatBeside shown={fiat(totalMsat)} testId="total-fiat" />}
        </p>
        <HideToggle />
        <button type="button" onClick={() => void load()} disabled={status === 'loading'}>
          {status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {rates?.firstRun && rates.status !== 'off' && (
        <p className="muted small" data-testid="rates-first-run">
          Prices in {rates.currency} come from {rates.host}. You can turn them off in Settings.
        </p>
      )}
      {rates?.status === 'stale' && rates.reason && (
        <p className="muted small" data-testid="rates-stale">
          The {rates.currency} price shown is stale. {rates.reason}
        </p>
      )}
      <BackupNudge />
      {status === 'loading' && wallets.length === 0 && <Skeleton label="Loading wallets…" shape="cards" />}
      {error && <ErrorMessage error={error} onRetry={() => void load()} />}
      {status === 'ready' && wallets.length === 0 && (
        <Empty>This account has no wallets yet. Wallets made with the service show here.</Empty>
      )}
      <ul className="wallets">
        {wallets.map((w) => (
          <WalletCard key={w.id} wallet={w} fiat={fiat(w.balanceMsat)} />
        ))}
      </ul>
    </Screen>
  )
}

/** "Hide balances": every amount everywhere becomes a mask, the tray's and notifications' too (main). */
function HideToggle() {
  const settings = useSettings((s) => s.settings)
  if (!settings) return null
  const hidden = settings.hideBalances
  return (
    <button
      type="button"
      aria-pressed={hidden}
      title={hidden ? 'Show balances' : 'Hide balances'}
      onClick={() => void useSettings.getState().update({ hideBalances: !hidden })}
    >
      {hidden ? <Eye size={16} aria-hidden /> : <EyeOff size={16} aria-hidden />}
      <span>{hidden ? 'Show balances' : 'Hide balances'}</span>
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

function WalletCard({ wallet: w, fiat }: { wallet: WalletView; fiat: FiatShown | null }) {
  const go = useUi.getState().go
  return (
    <li className="card wallet" aria-label={`Wallet ${w.label}`}>
      <h2>{w.label}</h2>
      <p className="balance">
        <Amount msat={w.balanceMsat} />
      </p>
      <FiatBeside shown={fiat} testId="wallet-fiat" />
      <div className="actions">
        <button
          type="button"
          onClick={() => go({ to: 'receive', walletId: w.id })}
          aria-label={`Receive to ${w.label}`}
        >
          Receive
        </button>
        <button type="button" onClick={() => go({ to: 'send', walletId: w.id })} aria-label={`Send from ${w.label}`}>
          Send
        </button>
        <button
          type="button"
          onClick={() => go({ to: 'withdraw', walletId: w.id })}
          aria-label={`Withdraw link from ${w.label}`}
        >
          Withdraw link
        </button>
        <button
          type="button"
          onClick={() => go({ to: 'transactions', walletId: w.id })}
          aria-label={`Transactions of ${w.label}`}
        >
          Transactions
        </button>
      </div>
    </li>
  )
}
