// Safe at the desk (issue 24, docs/security.md): the spending rules and the encrypted backup, made
// from createApp's parts. The app's passphrase is the lock's (lockPassphrase, below): until one is
// set no confirm limit can be made, and keys are exported without asking for one.
import type { Emit, Settings } from '@shared/contract'
import type { AccountsService } from '../services/accounts'
import type { BackendRegistry } from '../services/backends'
import { type BackupService, createBackupService, type DEFAULT_COST } from '../services/backup'
import type { OpenFile } from '../services/files/openFile'
import { mt } from '../services/i18n'
import type { Ledger } from '../services/ledger'
import type { LockService } from '../services/lock'
import type { Journal } from '../services/payments'
import type { SecretStore } from '../services/secrets'
import type { ServiceTime } from '../services/serviceTime'
import type { SettingsStore } from '../services/settings'
import {
  createDayClock,
  createSpending,
  NO_PASSPHRASE,
  type PassphraseCheck,
  type Spending,
} from '../services/spending'
import type { SaveFile } from '../services/vouchers'

export interface DeskDeps {
  userDataDir: string
  appVersion: string
  secretStore: SecretStore
  saveFile?: SaveFile
  /** asks which file to open and reads it (a backup to restore); without it nothing is restored */
  openFile?: OpenFile
  /** the app's passphrase (the lock's service); none set by default */
  passphrase?: PassphraseCheck
  /** scrypt's cost for new backup files (tests lower it; a file names its own) */
  backupCost?: typeof DEFAULT_COST
}

export interface Desk {
  spending: Spending
  backup: BackupService
  load(): Promise<void>
}

export function createDesk(
  deps: DeskDeps,
  p: {
    now: () => number
    /** the service's clock of each account: spends are counted on it (services/spending/day.ts) */
    serviceTime: Pick<ServiceTime, 'steadyMs' | 'nowSec'>
    emit: Emit
    settings: SettingsStore
    accounts: AccountsService
    ledger: () => Ledger
    journal: () => Journal
    rates: { settingsChanged(): void }
    /** the backend registry: which kinds a backup's accounts may be */
    registry: BackendRegistry
  },
  /** announces the accounts and has them synced (after a restore) */
  up: { accountsChanged(): void },
): Desk {
  const passphrase = deps.passphrase ?? NO_PASSPHRASE
  const day = createDayClock({ steadyMs: p.serviceTime.steadyMs, journal: p.journal, ledger: p.ledger })
  const spending = createSpending({
    ...{ dir: deps.userDataDir, journal: p.journal, passphrase, now: p.now, day, serviceNowSec: p.serviceTime.nowSec },
    onUnreadable: (aside) =>
      p.emit('notice', {
        level: 'error',
        message: mt('notices.limitsUnreadable', { aside }),
      }),
  })
  const backup = createBackupService({
    ...{ dir: deps.userDataDir, now: p.now, appVersion: deps.appVersion, passphrase, spending },
    ...{ settings: p.settings, accounts: p.accounts, ledger: p.ledger, keychain: deps.secretStore, kinds: p.registry },
    ...{ saveFile: deps.saveFile, openFile: deps.openFile, cost: deps.backupCost },
    // the accounts synced (restored invoices and links are read from the ledger), the settings applied
    restored: () => {
      up.accountsChanged()
      p.emit('settings.updated', p.settings.current().settings as Settings)
      p.rates.settingsChanged()
    },
  })
  return {
    spending,
    backup,
    async load() {
      await spending.load()
      await backup.load()
    },
  }
}

/** The lock's passphrase as the spending rules and backups ask for it (services/spending). */
export function lockPassphrase(lock: Pick<LockService, 'status' | 'verifyPassphrase'>): PassphraseCheck {
  return {
    isSet: () => lock.status().set,
    verify: async (passphrase) => (await lock.verifyPassphrase(passphrase)).ok,
  }
}
