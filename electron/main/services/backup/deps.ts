// What the backup service is made of (createApp's parts), apart so its steps can name it.
import type { AccountsService } from '../accounts'
import type { BackendRegistry } from '../backends'
import type { OpenFile } from '../files/openFile'
import type { Ledger } from '../ledger'
import type { SecretStore } from '../secrets'
import type { SettingsStore } from '../settings'
import type { PassphraseCheck, Spending } from '../spending'
import type { SaveFile } from '../vouchers'
import type { DEFAULT_COST } from './format'

export interface BackupDeps {
  dir: string
  now: () => number
  appVersion: string
  settings: SettingsStore
  accounts: Pick<AccountsService, 'list'>
  /** the kinds that exist (the backend registry): a backup's accounts are checked by their kind's entry */
  kinds: BackendRegistry
  /** where stored accounts keep their keys (the keychain): read on export, written on restore */
  keychain: SecretStore
  ledger: () => Ledger
  spending: Pick<Spending, 'rules'>
  /** the app's passphrase: including the API keys needs it when one is set */
  passphrase: PassphraseCheck
  saveFile?: SaveFile
  openFile?: OpenFile
  /** after a restore: announce the accounts and settings, start syncing them */
  restored: () => void
  /** scrypt's cost for new files (tests may lower it; files say their own) */
  cost?: typeof DEFAULT_COST
}
