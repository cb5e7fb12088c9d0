// The services the operations call (wallets, invoices, withdraw links, settings changes, claims,
// history), built from the app's parts, and the operation → handler table over them (ipc/handlers.ts)
// with the passphrase asked for where an operation loosens the lock (ipc/loosening.ts). A service
// asks `clientFor` for the client its calls allow: a call that creates or moves something is made
// once, never retried (docs/money.md, "Money rules").
import type { AppInfo, Emit } from '@shared/contract'
import type { z } from 'zod'
import { createHandlers, type HandlerServices } from '../ipc/handlers'
import { guardLoosening } from '../ipc/loosening'
import type { Handlers } from '../ipc/router'
import type { Logger } from '../log'
import type { AccountsService } from '../services/accounts'
import type { BackupService } from '../services/backup'
import { createAppClaims } from '../services/claim'
import { createHistory } from '../services/history'
import { mt } from '../services/i18n'
import { createInvoices, type Invoices } from '../services/invoices'
import type { Ledger } from '../services/ledger'
import type { LockService } from '../services/lock'
import { createMove } from '../services/move'
import { moveAbilities } from '../services/move/abilities'
import type { Nwc } from '../services/nwc'
import type { Journal, Payments } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { ServiceTime } from '../services/serviceTime'
import type { SettingsStore } from '../services/settings'
import { createSettingsChanges } from '../services/settings/changes'
import type { PassphraseCheck, Spending } from '../services/spending'
import { type SyncLoop, SyncNotSavedError } from '../services/sync'
import { createWithdrawLinks } from '../services/vouchers'
import { createWallets } from '../services/wallets'
import type { AppDeps } from './types'

/** The parts of the app the operations' services are built from. */
export interface OperationParts {
  accounts: AccountsService
  settings: SettingsStore
  lock: LockService
  /** the app's passphrase (the lock's): what loosens the lock or grants spending asks for it */
  passphrase: PassphraseCheck
  rates: Pick<RatesService, 'view' | 'refreshIfDue' | 'settingsChanged'>
  sync: SyncLoop
  emit: Emit
  now: () => number
  /** each account's service clock: every expiry and age of a service object is judged on it */
  serviceTime: Pick<ServiceTime, 'nowSec' | 'offsetMs' | 'created'>
  info: () => Promise<z.input<typeof AppInfo>>
  /** work started by a handler that its answer does not wait for (a balance refresh) */
  background: (task: Promise<unknown>) => void
  ledger: () => Ledger
  spending: Spending
  backup: BackupService
  log: Pick<Logger, 'warn'>
  payments: Payments
  nwc: Nwc
  /** the active account's service address: a claim may reach its own server's private host */
  activeUrl: () => string | undefined
  /** the payment journal's file, where a move's steps are kept too (services/move) */
  journal: () => Journal
}

/** Every operation's handler over services built here from the app's parts. */
export function appHandlers(deps: AppDeps, p: OperationParts): Handlers {
  const handlers = createHandlers(operationServices(deps, p))
  return guardLoosening(handlers, {
    passphrase: p.passphrase,
    state: () => ({
      settings: p.settings.current().settings,
      confirmAboveSat(accountId) {
        const rules = p.spending.rules.of(accountId ?? p.accounts.active().id)
        return rules === null ? undefined : rules.confirmAboveSat
      },
    }),
  })
}

function operationServices(deps: AppDeps, p: OperationParts): HandlerServices {
  const clientFor: AccountsService['client'] = (id, policy) => p.accounts.client(id, policy)
  const activeAccountId = () => p.accounts.active().id
  const watch = savedOrNotice(p.emit)
  const invoices = createInvoices({
    ...{ clientFor, activeAccountId, serviceTime: p.serviceTime },
    watch: (inv) => watch(p.sync.track(inv)),
  })
  return {
    ...{ popover: deps.popover, openLink: deps.openLink, info: p.info, background: p.background },
    ...{ accounts: p.accounts, sync: p.sync, rates: p.rates, lock: p.lock, nwc: p.nwc },
    ...{ spending: p.spending, backup: p.backup, payments: p.payments, invoices },
    wallets: createWallets({ ...p, clientFor, activeAccountId, capabilities: (id) => p.accounts.capabilities(id) }),
    links: createWithdrawLinks({
      ...{ ...p, clientFor, saveFile: deps.saveFile },
      trackWithdraw: (link, accountId) => watch(p.sync.trackWithdraw(link, accountId)),
    }),
    settings: settingsChanges(p),
    claims: appClaims(deps, p, invoices),
    history: createHistory({ ...p, saveFile: deps.saveFile }),
    move: appMove(deps, p, invoices),
  }
}

/** Moves off an account: Receive's invoices at the target, pay.invoice's journaled send from the source. */
function appMove(deps: AppDeps, p: OperationParts, invoices: Invoices) {
  return createMove({
    ...{ accounts: () => p.accounts.list(), moves: () => p.journal().moves, journal: p.journal },
    walletsOf: (accountId) => p.accounts.client(accountId, 'retry').listWallets(),
    createInvoice: (input) => invoices.create(input),
    pay: (input) => p.payments.sendToInvoice(input),
    check: () => p.payments.check(),
    at: deps.moveStep,
    ...moveAbilities((id) => p.accounts.capabilities(id)),
  })
}

/**
 * The invoice or link exists at the service by now: a failed save must not read as a failed
 * create (the person would make another), so it becomes a warning.
 */
function savedOrNotice(emit: Emit) {
  return async function watch(tracking: Promise<void>) {
    try {
      await tracking
    } catch (err) {
      if (!(err instanceof SyncNotSavedError)) throw err
      emit('notice', { level: 'warning', message: mt('errors.notSavedNotice') })
    }
  }
}

function settingsChanges(p: Pick<OperationParts, 'settings' | 'emit' | 'rates' | 'sync'>) {
  return createSettingsChanges({
    settings: p.settings,
    emit: p.emit,
    followers: [
      // prices follow the fiat settings: announced again, fetched if now due
      () => p.rates.settingsChanged(),
      // a new poll interval applies from now, not after the old wait
      () => p.sync.settingsChanged(),
    ],
  })
}

/** Claims of other people's withdraw links: https only when packaged, no private address unconfirmed. */
function appClaims(deps: AppDeps, p: Pick<OperationParts, 'sync' | 'activeUrl'>, invoices: Invoices) {
  const claims = createAppClaims(deps.isPackaged === true, p.activeUrl, deps.addressOrigins !== undefined)
  return { claims, sync: p.sync, createInvoice: invoices.create }
}
