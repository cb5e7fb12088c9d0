// The first screen: every wallet's balance and the total. Kept light: it is in the first chunk.
import type { WalletView } from '@shared/contract'
import { formatMsat } from '@shared/units'
import { useEffect } from 'react'
import { ErrorMessage, Pending } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { useAccounts } from '../stores/accounts'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'

let firstBalanceMarked = false

export function Home() {
  const wallets = useWallets((s) => s.wallets)
  const totalMsat = useWallets((s) => s.totalMsat)
  const status = useWallets((s) => s.status)
  const error = useWallets((s) => s.error)
  const load = useWallets((s) => s.load)
  const account = useAccounts((s) => s.accounts.find((a) => a.id === s.activeId))
  useEffect(() => {
    // for the benchmark: when the first balance reached the screen
    if (wallets.length > 0 && !firstBalanceMarked && typeof performance !== 'undefined') {
      firstBalanceMarked = true
      performance.mark('lt:first-balance')
    }
  }, [wallets.length])
  return (
    <Screen title="Wallets" back={false}>
      {account && (
        <p className="muted">
          {account.label} · {account.keyHint}
        </p>
      )}
      <div className="total-row">
        <p className="total">
          Total <strong data-testid="total">{status === 'idle' ? '…' : formatMsat(totalMsat)}</strong>
        </p>
        <button type="button" onClick={() => void load()} disabled={status === 'loading'}>
          {status === 'loading' ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {status === 'loading' && wallets.length === 0 && <Pending>Loading wallets…</Pending>}
      {error && <ErrorMessage error={error} onRetry={() => void load()} />}
      {status === 'ready' && wallets.length === 0 && <p>This account has no wallets yet.</p>}
      <ul className="wallets">
        {wallets.map((w) => (
          <WalletCard key={w.id} wallet={w} />
        ))}
      </ul>
    </Screen>
  )
}

function WalletCard({ wallet: w }: { wallet: WalletView }) {
  const go = useUi.getState().go
  return (
    <li className="card wallet" aria-label={`Wallet ${w.label}`}>
      <h2>{w.label}</h2>
      <p className="balance">{formatMsat(w.balanceMsat)}</p>
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
