// Every domain's handlers, joined: one per contract operation (TypeScript refuses a missing one).
// Input has been validated by the router, and output is checked by it too. Each domain's service
// is built here from the app's parts; a service asks `clientFor` for the client its calls allow:
// a call that creates or moves something is made once, never retried (docs/architecture.md,
// "Money rules").
import type { AppInfo, Emit } from '@shared/contract'
import type { z } from 'zod'
import type { Logger } from '../log'
import type { AccountsService, CallPolicy } from '../services/accounts'
import type { ServiceClient } from '../services/backends/service'
import type { BackupService } from '../services/backup'
import { type ClaimService, createClaimService, createRemote } from '../services/claim'
import { createHistory } from '../services/history'
import { mt } from '../services/i18n'
import { createInvoices } from '../services/invoices'
import type { Ledger } from '../services/ledger'
import type { LockService } from '../services/lock'
import type { Journal, Payments } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { ServiceTime } from '../services/serviceTime'
import type { SettingsStore } from '../services/settings'
import { createSettingsChanges } from '../services/settings/changes'
import type { PassphraseCheck, Spending } from '../services/spending'
import { type SyncLoop, SyncNotSavedError } from '../services/sync'
import { createWithdrawLinks, type SaveFile } from '../services/vouchers'
import { createWallets } from '../services/wallets'
import { accountHandlers } from './accounts'
import { backupHandlers } from './backup'
import { claimHandlers } from './claim'
import { historyHandlers } from './history'
import { invoiceHandlers } from './invoices'
import { lockHandlers } from './lock'
import { guardLoosening } from './loosening'
import { nwcHandlers } from './nwc'
import { payHandlers } from './pay'
import type { Handlers } from './router'
import { settingsHandlers } from './settings'
import { type ShellDeps, shellHandlers } from './shell'
import { spendingHandlers } from './spending'
import { walletHandlers } from './wallets'

export interface HandlerDeps extends ShellDeps {
  /** everything but clients, which come from `clientFor` with the policy of the operation's kind */
  accounts: Omit<AccountsService, 'client'>
  clientFor: (accountId: string | undefined, policy: CallPolicy) => ServiceClient
  settings: SettingsStore
  /** the app lock (docs/security.md) */
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

export function createHandlers(d: HandlerDeps): Handlers {
  const wallets = createWallets({ ...d, activeAccountId: () => d.accounts.active().id })

  /**
   * The invoice or link exists at the service by now: a failed save must not read as a failed
   * create (the person would make another), so it becomes a warning.
   */
  async function watch(tracking: Promise<void>) {
    try {
      await tracking
    } catch (err) {
      if (!(err instanceof SyncNotSavedError)) throw err
      d.emit('notice', { level: 'warning', message: mt('errors.notSavedNotice') })
    }
  }

  const links = createWithdrawLinks({
    ...d,
    trackWithdraw: (link, accountId) => watch(d.sync.trackWithdraw(link, accountId)),
  })

  const settings = createSettingsChanges({
    settings: d.settings,
    emit: d.emit,
    followers: [
      // prices follow the fiat settings: announced again, fetched if now due
      () => d.rates.settingsChanged(),
      // a new poll interval applies from now, not after the old wait
      () => d.sync.settingsChanged(),
    ],
  })

  const invoices = createInvoices({
    ...{ clientFor: d.clientFor, serviceTime: d.serviceTime },
    activeAccountId: () => d.accounts.active().id,
    watch: (inv) => watch(d.sync.track(inv)),
  })

  const impl: Handlers = {
    'app.info': () => d.info(),
    ...accountHandlers({ ...d, wallets }),
    ...walletHandlers(wallets, d.payments),
    ...invoiceHandlers(invoices, d.sync),
    ...payHandlers(d.payments, links),
    ...shellHandlers(d),
    ...spendingHandlers(d),
    ...backupHandlers(d),
    ...claimHandlers({
      claims: d.claims ?? createClaimService({ remote: createRemote() }),
      sync: d.sync,
      createInvoice: (input) => invoices.create(input),
    }),
    ...historyHandlers(createHistory(d)),
    ...lockHandlers(d),
    ...nwcHandlers(d),
    ...settingsHandlers(settings, d.rates, d.background),
  }

  return guardLoosening(impl, {
    passphrase: d.passphrase,
    state: () => ({
      settings: d.settings.current().settings,
      confirmAboveSat(accountId) {
        const rules = d.spending.rules.of(accountId ?? d.accounts.active().id)
        return rules === null ? undefined : rules.confirmAboveSat
      },
    }),
  })
}
