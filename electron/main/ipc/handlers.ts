// The operation → handler table: every contract operation, by domain, handed to the service that
// does it (TypeScript refuses a missing one). Input has been validated by the router, and output is
// checked by it too. The services are built in app/ (operations.ts), never here.
import type { AppInfo } from '@shared/contract'
import type { z } from 'zod'
import type { BackupService } from '../services/backup'
import type { History } from '../services/history'
import type { Invoices } from '../services/invoices'
import type { LockService } from '../services/lock'
import type { Move } from '../services/move'
import type { Nwc } from '../services/nwc'
import type { Payments } from '../services/payments'
import type { RatesService } from '../services/rates'
import type { SettingsChanges } from '../services/settings/changes'
import type { Spending } from '../services/spending'
import type { SyncLoop } from '../services/sync'
import type { createWithdrawLinks } from '../services/vouchers'
import type { Wallets } from '../services/wallets'
import { type AccountHandlerDeps, accountHandlers } from './accounts'
import { backupHandlers } from './backup'
import { type ClaimHandlerDeps, claimHandlers } from './claim'
import { historyHandlers } from './history'
import { invoiceHandlers } from './invoices'
import { lockHandlers } from './lock'
import { moveHandlers } from './move'
import { nwcHandlers } from './nwc'
import { payHandlers } from './pay'
import type { Handlers } from './router'
import { settingsHandlers } from './settings'
import { type ShellDeps, shellHandlers } from './shell'
import { spendingHandlers } from './spending'
import { walletHandlers } from './wallets'

type WithdrawLinks = ReturnType<typeof createWithdrawLinks>

/** The services the operations are handed to. */
export interface HandlerServices extends ShellDeps {
  info: () => Promise<z.input<typeof AppInfo>>
  accounts: AccountHandlerDeps['accounts']
  wallets: Wallets
  invoices: Invoices
  links: WithdrawLinks
  payments: Payments
  sync: SyncLoop
  settings: SettingsChanges
  rates: Pick<RatesService, 'view' | 'refreshIfDue'>
  /** work started by a handler that its answer does not wait for (a balance refresh) */
  background: (task: Promise<unknown>) => void
  spending: Spending
  backup: BackupService
  claims: ClaimHandlerDeps
  history: History
  lock: LockService
  nwc: Pick<Nwc, 'list' | 'create' | 'get' | 'revoke' | 'updateSettings' | 'pairIcon'>
  move: Move
}

export function createHandlers(s: HandlerServices): Handlers {
  return {
    'app.info': () => s.info(),
    ...accountHandlers(s),
    ...walletHandlers(s.wallets, s.payments),
    ...invoiceHandlers(s.invoices, s.sync),
    ...payHandlers(s.payments, s.links),
    ...claimHandlers(s.claims),
    ...historyHandlers(s.history),
    ...spendingHandlers(s),
    ...backupHandlers(s),
    ...lockHandlers(s),
    ...nwcHandlers(s),
    ...moveHandlers(s),
    ...settingsHandlers(s.settings, s.rates, s.background),
    ...shellHandlers(s),
  }
}
