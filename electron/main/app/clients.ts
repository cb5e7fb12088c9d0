// The accounts and the clients that reach their services, with what watches those clients: the
// service's clock per account (services/serviceTime) and the connection state (services/connection).
// The connection monitor is built first, since every client reports to it; what it needs of the
// accounts (which one is active, a read to probe with) is an interface bound once they exist.
import type { AccountView, Emit } from '@shared/contract'
import type { Logger } from '../log'
import { createAccountsService } from '../services/accounts'
import {
  type BackendAccount,
  type BackendClient,
  type BackendHooks,
  type BackendRegistry,
  createBackends,
  ledgerRow,
} from '../services/backends'
import { createRemote } from '../services/claim'
import { createConnectionMonitor } from '../services/connection'
import type { Ledger } from '../services/ledger'
import { withAppLnurl } from '../services/lnurlpay'
import { createMemoryStore, type SecretStore } from '../services/secrets'
import { createServiceTime } from '../services/serviceTime'
import { createSettingsStore, type Notice, type SettingsStore } from '../services/settings'
import { walletsView } from '../services/views'
import type { AppDeps } from './types'
import { later, type Signal, signal } from './wire'

export interface ClientsDeps {
  secretStore: SecretStore
  fetch?: typeof fetch
  client?: { timeoutMs?: number; retries?: number }
  settings: SettingsStore
  emit: Emit
  now: () => number
  log: Logger
  /** the wallets the ledger has seen of an account: a new key must open one of them */
  ledger: () => Pick<Ledger, 'cursors' | 'insertBatch'>
  /** the accounts or the active one changed: its listeners announce it and follow */
  accountsChanged: Signal<{ accounts: AccountView[]; activeId: string | null }>
  nwc?: { backoffMinMs?: number; accountTimeoutMs?: number }
  /** each account kind's backend (appBackends): which kinds exist is its keys */
  registry: BackendRegistry
  /** the service of an account was seen at `sec` (Unix seconds): kept, for the daily limit's day */
  seen?: (accountId: string, sec: number) => void
  /** Electron's app.isPackaged: then plain http is never used for a lightning address */
  isPackaged?: boolean
  /**
   * The demo's and tests' lightning-address domains served on loopback, e.g. `sim.example` →
   * the simulator's origin; ignored in a packaged app.
   */
  addressOrigins?: Readonly<Record<string, string>>
}

export function createClients(d: ClientsDeps) {
  const { emit, now } = d
  // an NWC account's wallet pushed a payment (docs/nwc.md): the sync loop listens and reads it now
  const nwcPushed = signal<string>()
  // whether each NWC account's wallet says it pushes payments received (its info event)
  const nwcOffers = new Map<string, boolean>()
  // the service's clock, per account, learnt from every answer: it decides every expiry
  const clockMoved = signal<string>()
  const serviceTime = createServiceTime({ now, onChange: clockMoved.fire, onSeen: d.seen })
  const active = later<{ id(): string | null; refresh(id: string): Promise<void> }>('accounts', ['id', 'refresh'])
  const connection = createConnectionMonitor({
    emit,
    activeAccountId: active.use.id,
    probe: active.use.refresh,
    probeEveryMs: () => d.settings.current().settings.pollIntervalSec * 1000,
  })
  const fetchOf = d.fetch ?? ((input, init) => fetch(input, init))
  const hooks: BackendHooks = {
    // a key being tested is no account's: whether its backend answers is the form's business
    fetchFor: (accountId) => (accountId ? serviceTime.observe(accountId, fetchOf) : fetchOf),
    watched: (accountId, client) => (accountId ? connection.observe(accountId, client) : client),
    nowSec: (accountId) => (accountId ? serviceTime.nowSec(accountId) : Math.floor(now() / 1000)),
    clockSample: (accountId, sec, sentAt, receivedAt) => serviceTime.sample(accountId, sec, sentAt, receivedAt),
    // an NWC account's wallet pushed a payment (docs/nwc.md): the sync loop listens and reads it now
    pushed: (accountId) => nwcPushed.fire(accountId),
    offers: (accountId, pushes) => void nwcOffers.set(accountId, pushes),
    log: (message, fields) => d.log.info(message, fields),
  }
  // a kind that cannot pay addresses itself gets the app's LNURL part around its client (services/lnurlpay)
  const backends = Object.fromEntries(
    Object.entries(d.registry).map(([kind, b]) => [
      kind,
      b.paysAddresses
        ? b
        : { ...b, open: (a: BackendAccount, h: BackendHooks) => addressesByApp(d, a.accountId, b.open(a, h)) },
    ]),
  ) as BackendRegistry
  const accounts = createAccountsService({
    settings: d.settings,
    keychain: d.secretStore,
    memory: createMemoryStore(),
    backends,
    hooks,
    onChange: (list) => d.accountsChanged.fire(list),
    knownWallets: (id) =>
      d
        .ledger()
        .cursors.list(id)
        .map((c) => c.walletId),
    log: d.log,
    now,
    clockOffsetSec: serviceTime.offsetSec,
  })
  const activeAccountId = () => accounts.list().activeId
  /** the balances, read and announced: a connection probe, and after unlocking (the tray missed them) */
  const refreshWallets = async (id = activeAccountId()) => {
    if (!id) return
    const view = walletsView(await accounts.client(id).listWallets(), d.settings.current().walletPrefs[id])
    if (activeAccountId() === id) emit('wallets.updated', view)
    return view
  }
  const activeUrl = () => accounts.list().accounts.find((a) => a.id === activeAccountId())?.baseUrl
  active.bind({ id: activeAccountId, refresh: async (id) => void (await refreshWallets(id)) })
  // an account's clock is part of its view (the renderer shows a skew)
  clockMoved.on(() => emit('accounts.updated', accounts.list()))
  /** an account whose backend looks up until it pushes (NWC), and has not said it does: its fresh invoices are looked up */
  const looksUpFresh = (id: string) =>
    nwcOffers.get(id) !== true &&
    accounts.list().accounts.some((a) => a.id === id && d.registry[a.kind ?? 'service']?.looksUpUntilPushes === true)
  return { serviceTime, connection, accounts, activeAccountId, refreshWallets, activeUrl, nwcPushed, looksUpFresh }
}

export type Clients = ReturnType<typeof createClients>

/** Each kind's backend: a test's own registry (it may add kinds of its own), else the app's. */
export function appBackends(d: Pick<AppDeps, 'backends' | 'client' | 'nwc'>): BackendRegistry {
  return (
    d.backends ??
    createBackends({
      service: d.client,
      nwc: { backoffMinMs: d.nwc?.backoffMinMs, timeoutMs: d.nwc?.accountTimeoutMs },
    })
  )
}

/** The registry, and the settings whose accounts may be of its kinds only. */
export function registryAndSettings(deps: AppDeps, o: { now: () => number; onNotice: (n: Notice) => void }) {
  const registry = appBackends(deps)
  return { registry, settings: createSettingsStore({ dir: deps.userDataDir, ...o, kinds: registry }) }
}

/**
 * A backend that pays invoices only (no `paysAddresses`: NWC, LNbits): the app reads an address's LNURL
 * server itself, and the row of an address it paid goes to the ledger at once, so the history
 * names the payee (the wallet's own listing does not know it).
 */
function addressesByApp<C extends BackendClient>(
  d: Pick<ClientsDeps, 'isPackaged' | 'addressOrigins' | 'ledger'>,
  accountId: string | undefined,
  client: C,
): C {
  const origins = d.isPackaged ? {} : (d.addressOrigins ?? {})
  const loopback = Object.keys(origins).length > 0
  return withAppLnurl(client, {
    remote: createRemote({ plainHttp: () => loopback }),
    origins,
    paid: (walletId, row) => {
      if (accountId) d.ledger().insertBatch(accountId, [ledgerRow({ ...row, walletId })])
    },
  })
}
