// What createApp takes (plain dependencies: Electron's objects are the shell's, behind these
// interfaces) and what it gives.
import type { Emit } from '@shared/contract'
import type { Router, SenderInfo } from '../ipc/router'
import type { ShellDeps } from '../ipc/shell'
import type { Logger } from '../log'
import type { AccountsService } from '../services/accounts'
import type { BackendRegistry } from '../services/backends'
import type { ClipboardSource } from '../services/clipboard'
import type { Ledger } from '../services/ledger'
import type { LockService, OsCheck } from '../services/lock'
import type { DesktopNotifier } from '../services/notify'
import type { Nwc } from '../services/nwc'
import type { Journal, Payments, PaymentsDeps } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { SecretStore } from '../services/secrets'
import type { SettingsStore } from '../services/settings'
import type { SyncLoop } from '../services/sync'
import type { SaveFile } from '../services/vouchers'
import type { Desk, DeskDeps } from './desk'
import type { SystemLanguages } from './language'

export interface AppDeps extends DeskDeps {
  userDataDir: string
  secretStore: SecretStore
  /** the desktop's notifications; the app reaches them through its privacy rule (app/privacy.ts) */
  notifier: DesktopNotifier
  emit: Emit
  /**
   * Check every event against the contract's schema and throw on a mismatch. Default: true unless
   * packaged.
   */
  checkEvents?: boolean
  fetch?: typeof fetch
  /** Electron's app.isPackaged: then no plain-http LNURL is ever fetched, nor events checked */
  isPackaged?: boolean
  now?: () => number
  preview?: boolean
  /** Electron's app.getVersion(); package.json's version elsewhere (dev/preview/version.ts) */
  appVersion: string
  platform?: string
  /** the OS's preferred languages, for the language setting 'system' (none: English) */
  systemLanguages?: SystemLanguages
  /** where log lines go (stderr by default); every line is redacted first */
  logSink?: (line: string) => void
  /** whether a message may be handled; default: in-process calls (no sender) and senders marked trusted */
  isTrustedSender?: (sender: SenderInfo | undefined) => boolean
  client?: { timeoutMs?: number; retries?: number }
  /** the folder of the build's worker threads, where it is not beside the main bundle (the bench runs the sources) */
  workersDir?: string
  /** asks where to save a file and writes it (voucher sheets); without it no sheet can be made */
  saveFile?: SaveFile
  /**
   * The price source (docs/rates.md): its URL, RATE_SOURCE_URL in the app; none by default, so
   * tests and the preview never reach the internet (nothing is fetched then).
   */
  rates?: {
    sourceUrl?: string | null
    /** the price history source (HISTORY_SOURCE_URL in the app), used only with settings.pricesThen */
    historyUrl?: string | null
    /** least time between two history requests (default 15 s) */
    historyGapMs?: number
    timeoutMs?: number
    tickMs?: number
  }
  /** whether the window can be seen: prices are fetched only then (default: always) */
  visible?: () => boolean
  /** the crash tests stop the process at a step of a payment (test/electron/payments/) */
  paymentStep?: PaymentsDeps['at']
  /** the tray popover's pin (macOS, Windows); without it `window.pin` says it is not available */
  popover?: ShellDeps['popover']
  /** opens an https link in the browser (`link.open`); without it no link is opened */
  openLink?: ShellDeps['openLink']
  /** Electron's clipboard, read only as a window is shown (services/clipboard); none: never read */
  clipboard?: ClipboardSource
  /** connected apps: the relays' first reconnect wait (tests shorten it) */
  /** connected apps' relay back-off; an NWC account's wait for its wallet's answer */
  nwc?: { backoffMinMs?: number; accountTimeoutMs?: number }
  /** each account kind's backend (services/backends/index.ts makes the app's); a test may bring its own */
  backends?: BackendRegistry
  /**
   * Tests and the demo: lightning-address domains served on loopback (`sim.example` → the
   * simulator), for an account whose wallet cannot pay addresses itself; ignored when packaged.
   */
  addressOrigins?: Readonly<Record<string, string>>
  /** the system's own check of the person (Touch ID), from the shell; none in tests and the preview */
  osCheck?: OsCheck | null
}

export interface App extends Omit<Desk, 'load'> {
  router: Router
  accounts: AccountsService
  settings: SettingsStore
  sync: SyncLoop
  rates: RatesService
  /** every wallet's transactions and the app's own records (docs/ledger.md), opened on first use */
  ledger: () => Ledger
  /** payments in flight, in a file of its own that no ledger rebuild touches; opened on first use */
  journal: () => Journal
  /** everything money does (services/payments): the one way money leaves */
  payments: Payments
  /** connected apps (services/nwc, docs/nwc.md) */
  nwc: Nwc
  /** the app lock (docs/security.md); `lock.verifyPassphrase` for confirmations */
  lock: LockService
  log: Logger
  start(): Promise<void>
  /** a window was shown: once settings are loaded, offer what is payable on the clipboard */
  windowShown(): void
  /** resolves when the work handlers started in the background (balance refreshes) is done */
  idle(): Promise<void>
  dispose(): Promise<void>
}
