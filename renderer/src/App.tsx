// The screen switch. Home is in the first chunk; every other screen loads on demand.
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { ClipboardOfferBanner } from './components/ClipboardOfferBanner'
import { Pending } from './components/ErrorMessage'
import { Home } from './screens/Home'
import { type Screen, useUi } from './stores/ui'

const Onboarding = lazy(() => import('./screens/Onboarding'))
const Transactions = lazy(() => import('./screens/Transactions'))
const TransactionDetail = lazy(() => import('./screens/TransactionDetail'))
const Receive = lazy(() => import('./screens/Receive'))
const Send = lazy(() => import('./screens/Send'))
const Withdraw = lazy(() => import('./screens/Withdraw'))
const Scan = lazy(() => import('./screens/Scan'))
const Settings = lazy(() => import('./screens/Settings'))
const Claim = lazy(() => import('./screens/Claim'))

const NAV: Array<[Screen, string]> = [
  [{ to: 'home' }, 'Home'],
  [{ to: 'transactions' }, 'Transactions'],
  [{ to: 'receive' }, 'Receive'],
  [{ to: 'send' }, 'Send'],
  [{ to: 'withdraw' }, 'Withdraw'],
  [{ to: 'scan' }, 'Scan'],
  [{ to: 'settings' }, 'Settings'],
]

export function App() {
  const screen = useUi((s) => s.screen)
  const showNav = screen.to !== 'onboarding'
  return (
    <div className="app">
      {showNav && (
        <nav aria-label="Main">
          {NAV.map(([target, label]) => (
            <button
              key={target.to}
              type="button"
              aria-current={screen.to === target.to ? 'page' : undefined}
              onClick={() => useUi.getState().go(target)}
            >
              {label}
            </button>
          ))}
        </nav>
      )}
      <ConnectionBanner />
      <Notices />
      {showNav && <ClipboardOfferBanner />}
      <main>
        <ScreenBoundary key={screen.to}>
          <Suspense fallback={<Pending>Loading…</Pending>}>{renderScreen(screen)}</Suspense>
        </ScreenBoundary>
      </main>
    </div>
  )
}

function renderScreen(s: Screen): ReactNode {
  switch (s.to) {
    case 'home':
      return <Home />
    case 'onboarding':
      return <Onboarding adding={s.adding ?? false} />
    case 'transactions':
      return <Transactions walletId={s.walletId} />
    case 'transaction':
      return <TransactionDetail walletId={s.walletId} txId={s.txId} lnTxId={s.lnTxId} />
    case 'receive':
      return <Receive walletId={s.walletId} />
    case 'send':
      return <Send key={s.address ?? ''} address={s.address} walletId={'walletId' in s ? s.walletId : undefined} />
    case 'withdraw':
      return <Withdraw walletId={s.walletId} />
    case 'scan':
      return <Scan />
    case 'settings':
      return <Settings />
    case 'claim':
      return <Claim lnurl={s.lnurl} />
  }
}

function ConnectionBanner() {
  const online = useUi((s) => s.online)
  const message = useUi((s) => s.connectionMessage)
  if (online) return null
  return (
    <div className="banner warning" role="status">
      {message ?? 'The wallet service cannot be reached. The app keeps trying.'}
    </div>
  )
}

function Notices() {
  const notices = useUi((s) => s.notices)
  if (notices.length === 0) return null
  return (
    <ul className="notices" aria-live="polite">
      {notices.map((n) => (
        <li key={n.id} className={`banner ${n.level}`}>
          <span>{n.message}</span>
          <button type="button" className="link" onClick={() => useUi.getState().dismiss(n.id)}>
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  )
}

/** A screen that fails to load (a missing chunk) or crashes shows why and a way back. */
class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="error" role="alert">
        <p>This screen could not be shown.</p>
        <button type="button" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>{' '}
        <button type="button" onClick={() => useUi.getState().go({ to: 'home' })}>
          Go home
        </button>
      </div>
    )
  }
}
