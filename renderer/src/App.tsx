// The screen switch. Home is in the first chunk; every other screen loads on demand.
// Icons are imported one file each so only these few are bundled.

import ArrowDownLeft from 'lucide-react/icons/arrow-down-left'
import ArrowUpRight from 'lucide-react/icons/arrow-up-right'
import House from 'lucide-react/icons/house'
import List from 'lucide-react/icons/list'
import ScanLine from 'lucide-react/icons/scan-line'
import SettingsIcon from 'lucide-react/icons/settings'
import Ticket from 'lucide-react/icons/ticket'
import { Component, type ComponentType, type ReactNode, Suspense } from 'react'
import { ArrivalToast } from './components/ArrivalToast'
import { ClipboardOfferBanner } from './components/ClipboardOfferBanner'
import { PassphraseAsk } from './components/PassphraseAsk'
import { Skeleton } from './components/Skeleton'
import { type MessageId, t } from './i18n'
import { FormattedMessage } from './i18n/FormattedMessage'
import { screenAllowed, useCapabilities } from './lib/capabilities'
import { maskAmounts, useHidden } from './lib/money'
import { Home } from './screens/Home'
import { LockScreen } from './screens/LockScreen'
import { screens } from './screens/loaders'
import { useLock } from './stores/lock'
import { type Screen, useUi } from './stores/ui'

const Onboarding = screens.onboarding.Screen
const Transactions = screens.transactions.Screen
const TransactionDetail = screens.transactionDetail.Screen
const Receive = screens.receive.Screen
const Send = screens.send.Screen
const Withdraw = screens.withdraw.Screen
const Scan = screens.scan.Screen
const Settings = screens.settings.Screen
const Claim = screens.claim.Screen
const Pair = screens.pair.Screen

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
/** The tab bar: where, its name (the button's accessible name and, with room, its text), its icon. */
const NAV: Array<[Screen, MessageId, Icon]> = [
  [{ to: 'home' }, 'app.navHome', House],
  [{ to: 'transactions' }, 'app.navTransactions', List],
  [{ to: 'receive' }, 'app.navReceive', ArrowDownLeft],
  [{ to: 'send' }, 'app.navSend', ArrowUpRight],
  [{ to: 'withdraw' }, 'app.navWithdraw', Ticket],
  [{ to: 'scan' }, 'app.navScan', ScanLine],
  [{ to: 'settings' }, 'app.navSettings', SettingsIcon],
]

/** The tab a screen belongs to: a transaction's detail is part of Transactions. */
const tabOf = (s: Screen): Screen['to'] => (s.to === 'transaction' ? 'transactions' : s.to)

/**
 * What the page shows at all: nothing until main says whether the app is locked, then either the
 * lock screen alone or the app (docs/security.md).
 */
export function Root() {
  const gate = useLock((s) => s.gate)
  if (gate === 'locked') return <LockScreen />
  if (gate === 'checking') return null
  return <App />
}

export function App() {
  const screen = useUi((s) => s.screen)
  const showNav = screen.to !== 'onboarding'
  const caps = useCapabilities()
  return (
    <div className="app">
      {showNav && (
        <nav className="tabs" aria-label={t('app.main')}>
          {NAV.filter(([target]) => screenAllowed(target.to, caps)).map(([target, label, TabIcon]) => (
            <button
              key={target.to}
              type="button"
              title={t(label)}
              aria-current={tabOf(screen) === target.to ? 'page' : undefined}
              onClick={() => useUi.getState().go(target)}
            >
              <TabIcon size={20} aria-hidden />
              <span className="tab-label">{t(label)}</span>
            </button>
          ))}
        </nav>
      )}
      <ConnectionBanner />
      <Notices />
      <PassphraseAsk />
      <ArrivalToast />
      {showNav && <ClipboardOfferBanner />}
      <main>
        <ScreenBoundary key={screen.to}>
          <Suspense fallback={<Skeleton label={t('app.openingTheScreen')} />}>{renderScreen(screen)}</Suspense>
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
      return (
        <Send
          key={s.address ?? ''}
          address={s.address}
          walletId={'walletId' in s ? s.walletId : undefined}
          lookUp={'lookUp' in s ? s.lookUp : undefined}
        />
      )
    case 'withdraw':
      return <Withdraw walletId={s.walletId} />
    case 'scan':
      return <Scan />
    case 'settings':
      return <Settings />
    case 'claim':
      return <Claim lnurl={s.lnurl} />
    case 'pair':
      return <Pair key={s.link} link={s.link} />
  }
}

/**
 * Offline or in error, the same banner: main's message says which, and what to do. A key problem
 * can only be fixed in Settings, so the banner takes the person there.
 */
function ConnectionBanner() {
  const connection = useUi((s) => s.connection)
  const reason = useUi((s) => s.connectionReason)
  const message = useUi((s) => s.connectionMessage)
  const onSettings = useUi((s) => s.screen.to === 'settings')
  if (connection === 'online') return null
  const keyProblem = reason === 'key_refused' || reason === 'key_not_allowed'
  return (
    <div className="banner warning" role="status" data-connection={connection}>
      {message ?? (connection === 'error' ? t('app.theWalletServiceIsAnswering') : t('app.theWalletServiceCannotBe'))}
      {keyProblem && !onSettings && (
        <>
          {' '}
          <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'settings' })}>
            <FormattedMessage id="app.openSettings" />
          </button>
        </>
      )}
    </div>
  )
}

function Notices() {
  const notices = useUi((s) => s.notices)
  const hidden = useHidden()
  if (notices.length === 0) return null
  return (
    <ul className="notices" aria-live="polite">
      {notices.map((n) => (
        <li key={n.id} className={`banner ${n.level}`}>
          <span>{maskAmounts(n.message, hidden)}</span>
          <button type="button" className="link" onClick={() => useUi.getState().dismiss(n.id)}>
            <FormattedMessage id="app.dismiss" />
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
        <p>
          <FormattedMessage id="app.thisScreenCouldNotBe" />
        </p>
        <button type="button" onClick={() => this.setState({ failed: false })}>
          <FormattedMessage id="app.tryAgain" />
        </button>{' '}
        <button type="button" onClick={() => useUi.getState().go({ to: 'home' })}>
          <FormattedMessage id="app.goHome" />
        </button>
      </div>
    )
  }
}
