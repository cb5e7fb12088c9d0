// One handler per contract operation. Input has been validated by the router; output is checked
// by it too. Handlers call services and map service objects to views.
import type { AppInfo, EventName, PendingInvoice, Settings, WithdrawLinkView } from '@shared/contract'
import type { z } from 'zod'
import type { AccountsService } from '../services/accounts'
import type { SettingsStore } from '../services/settings'
import type { Handlers } from './router'
import {
  lnTxView,
  paymentView,
  pendingInvoiceView,
  recipientView,
  txView,
  walletsView,
  walletView,
  withdrawLinkView,
} from './views'

/**
 * What `track`/`trackWithdraw` reject with when the item IS being watched (in memory, announced,
 * polled) but the watcher's file could not be written; its next write saves it with the rest.
 */
export class WatcherNotSavedError extends Error {
  constructor(cause: unknown) {
    super('the watcher file could not be written', { cause })
    this.name = 'WatcherNotSavedError'
  }
}

export const WATCHER_NOT_SAVED_NOTICE =
  'The app could not save its list of pending invoices. It will keep watching them while it is open.'

/** The watcher's interface (owner: electron/main/services/watcher), as BRIEF.md fixes it. */
export interface InvoiceWatcher {
  track(inv: PendingInvoice): Promise<void>
  /** `accountId`: the account that minted the link (the active one when absent) */
  trackWithdraw(link: WithdrawLinkView, accountId?: string): Promise<void>
  list(): PendingInvoice[]
  listWithdraws(): WithdrawLinkView[]
  focus(id: string | null): void
  check(id: string): Promise<PendingInvoice>
  start(): void
  stop(): Promise<void>
  onResume(): void
  onOnline(): void
  onOffline(): void
}

export interface HandlerDeps {
  accounts: AccountsService
  settings: SettingsStore
  watcher: InvoiceWatcher
  emit: (event: EventName, payload: unknown) => void
  now: () => number
  info: () => Promise<z.input<typeof AppInfo>>
  /** work started by a handler that its answer does not wait for (a balance refresh) */
  background: (task: Promise<unknown>) => void
}

export function createHandlers(d: HandlerDeps): Handlers {
  const nowSec = () => Math.floor(d.now() / 1000)

  async function listWallets() {
    const view = walletsView(await d.accounts.client().listWallets())
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
      if (!(err instanceof WatcherNotSavedError)) throw err
      d.emit('notice', { level: 'warning', message: WATCHER_NOT_SAVED_NOTICE })
    }
  }

  async function updateSettings(patch: Partial<Settings>) {
    // IPC keeps a key sent as undefined, and the partial schema lets it through: it changes nothing.
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
    const next = await d.settings.update((s) => ({ ...s, settings: { ...s.settings, ...set } }))
    d.emit('settings.updated', next.settings)
    return next.settings
  }

  return {
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
    'accounts.remove': async ({ id }) => {
      await d.accounts.remove(id)
      return { removed: true as const }
    },

    'wallets.list': listWallets,
    'wallets.get': async ({ walletId }) => walletView(await d.accounts.client().getWallet(walletId)),

    'transactions.page': async ({ walletId, page, perPage }) => {
      const { items, pagination } = await d.accounts.client().listTransactions(walletId, page, perPage)
      return {
        walletId,
        items: items.map(txView),
        page: pagination.currentPage,
        perPage: pagination.perPage,
        pageCount: pagination.pageCount,
        totalCount: pagination.totalCount,
      }
    },
    'lntx.get': async ({ id }) => lnTxView(await d.accounts.client().getLnTx(id)),

    'invoices.create': async ({ walletId, amountSat, memo, expirySec }) => {
      const account = d.accounts.active()
      const lnTx = await d.accounts
        .client(account.id)
        .createInvoice(walletId, { num_satoshis: amountSat, memo, ...(expirySec ? { expiry: expirySec } : {}) })
      const inv = pendingInvoiceView(lnTx, { walletId, accountId: account.id, memo, nowSec: nowSec() })
      await watch(d.watcher.track(inv))
      return inv
    },
    'invoices.list': async () => ({ invoices: d.watcher.list() }),
    'invoices.focus': async ({ id }) => {
      d.watcher.focus(id)
      return { focused: id !== null }
    },
    'invoices.check': ({ id }) => d.watcher.check(id),

    'lnurl.probe': async ({ address }) => recipientView(address, await d.accounts.client().probe(address)),
    'pay.lightningAddress': async ({ walletId, address, amountMsat, comment }) => {
      const wtx = await d.accounts.client().payLightningAddress(walletId, {
        ln_address: address,
        amt_msat: amountMsat,
        ...(comment ? { comment } : {}),
      })
      d.background(listWallets())
      return paymentView(wtx, amountMsat)
    },

    'withdraw.create': async ({ walletId, amountSat, memo }) => {
      const account = d.accounts.active()
      const link = await d.accounts.client(account.id).mintWithdrawLink(walletId, { num_satoshis: amountSat, memo })
      const view = withdrawLinkView(link, { walletId, amountSat, memo: memo ?? '', nowSec: nowSec() })
      await watch(d.watcher.trackWithdraw(view, account.id))
      return view
    },
    'withdraw.list': async () => ({ links: d.watcher.listWithdraws() }),

    'settings.get': async () => d.settings.current().settings,
    'settings.update': (patch) => updateSettings(patch),
  }
}
