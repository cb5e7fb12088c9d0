// One handler per contract operation. Input has been validated by the router; output is checked
// by it too. Handlers call services and map service objects to views. The service client a
// handler gets follows its operation's kind: an operation that creates or moves something never
// has a call retried (docs/architecture.md, "Money rules").
import { type AppInfo, type Emit, OP_NAMES, type OpName, opKind, type Settings } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { z } from 'zod'
import type { Logger } from '../log'
import type { AccountsService, CallPolicy } from '../services/accounts'
import type { BackupService } from '../services/backup'
import { type ClaimService, createClaimService, createRemote } from '../services/claim'
import type { ServiceClient } from '../services/client'
import { createInvoices } from '../services/invoices'
import type { Ledger } from '../services/ledger'
import type { LockService } from '../services/lock'
import type { Journal, Payments } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { ServiceTime } from '../services/serviceTime'
import type { SettingsStore } from '../services/settings'
import type { Spending } from '../services/spending'
import { type SyncLoop, SyncNotSavedError } from '../services/sync'
import {
  lnTxView,
  recipientView,
  staticLinkView,
  transactionsPageView,
  walletsView,
  walletView,
} from '../services/views'
import { createWithdrawLinks, type SaveFile } from '../services/vouchers'
import { backupHandlers } from './backup'
import { claimHandlers } from './claim'
import { historyHandlers } from './history'
import { lockHandlers } from './lock'
import { nwcHandlers } from './nwc'
import { payHandlers } from './pay'
import type { Handlers, OpContext, OpIn, OpOut } from './router'
import { type ShellDeps, shellHandlers } from './shell'
import { spendingHandlers } from './spending'

export const NOT_SAVED_NOTICE =
  'The app could not save its list of pending invoices. It will keep watching them while it is open.'

export interface HandlerDeps extends ShellDeps {
  /** everything but clients, which come from `clientFor` with the policy of the operation's kind */
  accounts: Omit<AccountsService, 'client'>
  clientFor: (accountId: string | undefined, policy: CallPolicy) => ServiceClient
  settings: SettingsStore
  /** the app lock (docs/security.md) */
  lock: LockService
  rates: Pick<RatesService, 'view' | 'refreshIfDue' | 'settingsChanged'>
  sync: SyncLoop
  emit: Emit
  now: () => number
  /** each account's service clock: every expiry and age of a service object is judged on it */
  serviceTime: Pick<ServiceTime, 'nowSec' | 'offsetMs' | 'created'>
  info: () => Promise<z.input<typeof AppInfo>>
  /** work started by a handler that its answer does not wait for (a balance refresh) */
  background: (task: Promise<unknown>) => void
  /** the shell's save dialog and disk, for voucher sheets; without it no sheet is made */
  saveFile?: SaveFile
  /** the local ledger and the payments journal (docs/ledger.md), opened on first use */
  ledger: () => Ledger
  journal: () => Journal
  /** the spending rules per account, enforced where money leaves (docs/security.md) */
  spending: Spending
  /** encrypted backup and restore (docs/security.md) */
  backup: BackupService
  /** claims of other people's withdraw links; by default https only, no private address unconfirmed */
  claims?: ClaimService
  log?: Pick<Logger, 'warn'>
  /** everything money does (services/payments) */
  payments: Payments
  /** connected apps (services/nwc) */
  nwc: Parameters<typeof nwcHandlers>[0]['nwc']
}

/** Service calls of an operation that creates or moves something are made once, never retried. */
export function callPolicy(name: OpName): CallPolicy {
  const kind = opKind(name)
  return kind === 'money' || kind === 'create' ? 'once' : 'retry'
}

type Impl = { [K in OpName]: (input: OpIn<K>, op: OpContext) => Promise<OpOut<K>> }

export function createHandlers(d: HandlerDeps): Handlers {
  const contextOf = (name: OpName): OpContext => {
    const policy = callPolicy(name)
    return { client: (id) => d.clientFor(id, policy) }
  }
  const reads = contextOf('wallets.list')

  /** also the refresh after a payment or a switch: a read, whoever asks */
  async function listWallets() {
    const view = walletsView(await reads.client().listWallets())
    d.emit('wallets.updated', view)
    return view
  }

  /**
   * The invoice or link exists at the service by now: a failed save must not read as a failed
   * create (the person would make another), so it becomes a warning.
   */
  async function watch(tracking: Promise<void>) {
    try {
      await tracking
    } catch (err) {
      if (!(err instanceof SyncNotSavedError)) throw err
      d.emit('notice', { level: 'warning', message: NOT_SAVED_NOTICE })
    }
  }

  const links = createWithdrawLinks({
    ...d,
    trackWithdraw: (link, accountId) => watch(d.sync.trackWithdraw(link, accountId)),
  })

  async function updateSettings(patch: Partial<Settings>) {
    // IPC keeps a key sent as undefined, and the partial schema lets it through: it changes nothing.
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
    const next = await d.settings.update((s) => ({ ...s, settings: { ...s.settings, ...set } }))
    d.emit('settings.updated', next.settings)
    // prices follow the fiat settings: announced again, fetched if now due
    d.rates.settingsChanged()
    d.sync.settingsChanged() // a new poll interval applies from now, not after the old wait
    return next.settings
  }

  const invoices = createInvoices({
    ...{ clientFor: d.clientFor, serviceTime: d.serviceTime },
    activeAccountId: () => d.accounts.active().id,
    watch: (inv) => watch(d.sync.track(inv)),
  })

  const impl: Impl = {
    'app.info': () => d.info(),

    'accounts.list': async () => d.accounts.list(),
    'accounts.test': async (input) => walletsView(await d.accounts.test(input)),
    'accounts.connect': async (input) => {
      const account = await d.accounts.connect(input)
      d.background(listWallets())
      return account
    },
    'accounts.switch': async ({ id }) => {
      const account = await d.accounts.switch(id)
      d.background(listWallets())
      return account
    },
    'accounts.update': (input) => d.accounts.update(input),
    'accounts.replaceKey': async (input) => {
      const account = await d.accounts.replaceKey(input)
      // its tick reads the balances at once: their success ends the error state (banner, tray)
      d.sync.keyReplaced(account.id)
      return account
    },
    'accounts.remove': async ({ id }) => {
      await d.accounts.remove(id)
      // main's choice of the active account, the one the renderer follows
      return { removed: true as const, ...d.accounts.list() }
    },

    'wallets.list': () => listWallets(),
    'wallets.get': async ({ walletId }, op) => walletView(await op.client().getWallet(walletId)),
    'wallets.staticLink': async ({ walletId }, op) => {
      const client = op.client()
      const wallet = await client.getWallet(walletId)
      if (!wallet.default_lnurlpay_id)
        throw new AppError('not_found', 'The service gives this wallet no permanent receive link.')
      return staticLinkView(walletId, await client.getStaticLink(wallet.default_lnurlpay_id))
    },

    'transactions.page': async ({ walletId, page, perPage }, op) =>
      transactionsPageView(walletId, await op.client().listTransactions(walletId, page, perPage)),
    'lntx.get': async ({ id }, op) => lnTxView(await op.client().getLnTx(id)),

    'invoices.create': (input) => invoices.create(input),
    'invoices.list': async () => ({ invoices: d.sync.list() }),
    'invoices.focus': async ({ id }) => {
      d.sync.focus(id)
      return { focused: id !== null }
    },
    'invoices.check': ({ id }) => d.sync.check(id),
    'withdraw.focus': async ({ ott }) => {
      d.sync.focusLink(ott)
      return {}
    },

    'lnurl.probe': async ({ address }, op) => recipientView(address, await op.client().probe(address)),
    'withdraw.list': async () => ({ links: d.sync.listWithdraws() }),
    ...payHandlers(d.payments, links),
    ...shellHandlers(d),
    ...spendingHandlers(d),
    ...backupHandlers(d),

    ...claimHandlers({
      claims: d.claims ?? createClaimService({ remote: createRemote() }),
      sync: d.sync,
      createInvoice: (input) => invoices.create(input),
    }),

    ...historyHandlers({ ...d, listWallets }),
    ...lockHandlers(d),
    ...nwcHandlers(d),

    'settings.get': async () => d.settings.current().settings,
    'settings.update': (patch) => updateSettings(patch),

    'rates.get': async () => {
      // the window asks when it shows prices: a good moment to refresh, without waiting for it
      d.background(d.rates.refreshIfDue())
      return d.rates.view()
    },
  }

  const handlers: Record<string, (input: never) => Promise<unknown>> = {}
  for (const name of OP_NAMES) {
    const op = contextOf(name)
    const run = impl[name] as (input: unknown, op: OpContext) => Promise<unknown>
    handlers[name] = (input) => run(input, op)
  }
  return handlers as Handlers
}
