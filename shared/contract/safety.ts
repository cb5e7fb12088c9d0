// What keeps money safe at the desk: spending rules, encrypted backups and the app lock
// (docs/security.md).
import { z } from 'zod'
import { BACKUP_PASSPHRASE_MIN } from '../backupRules'
import { LockStatus, NewPassphrase, Passphrase, UnlockResult } from '../lock'
import { id, int, msat, none, op, SheetOutcome } from './base'

// Spending rules per account (docs/security.md, "Spending rules")
const SatLimit = int.nonnegative().max(2_100_000_000_000_000 / 1000)
export const SpendingRules = z.object({
  /** any payment or link over this many sats needs the app's passphrase; null: never asked */
  confirmAboveSat: SatLimit.nullable(),
  /** the most that may go out in any 24 hours, fees included; null: no limit */
  dailyLimitSat: SatLimit.nullable(),
})
export const SpendingView = SpendingRules.extend({
  accountId: id,
  /** what went out (or was reserved) in the last 24 hours, fees included */
  spentMsat: msat,
  /** what may still go out now; null without a daily limit */
  leftMsat: msat.nullable(),
  /** the app has a passphrase: only then can a confirm limit be set */
  passphraseSet: z.boolean(),
  /** false when the rules file could not be read: nothing is sent until they are set again */
  readable: z.boolean(),
})
export type SpendingView = z.infer<typeof SpendingView>

export { BACKUP_PASSPHRASE_MIN }

const BackupPassphrase = z
  .string()
  .min(BACKUP_PASSPHRASE_MIN, `Choose a passphrase of at least ${BACKUP_PASSPHRASE_MIN} characters.`)
  .max(1024)
export const BackupStatus = z.object({
  /** the nudge shows: accounts exist and no backup was made (or the nudge put off) for 30 days */
  due: z.boolean(),
  /** when the last backup was saved (Unix seconds) */
  lastBackupAt: int.nullable(),
  /** the app has a passphrase: exporting keys asks for it */
  passphraseSet: z.boolean(),
})
export type BackupStatus = z.infer<typeof BackupStatus>

/**
 * Privacy and lock settings a restore never loosens (docs/security.md, "Restore"): where this
 * profile's is stricter than the backup's, this profile's stays, and the restore's answer names it.
 */
export const KeptSetting = z.enum([
  'hideBalances',
  'trayTotal',
  'notifications',
  'offerClipboard',
  'pricesThen',
  'lock.idleMinutes',
  'lock.notifyAmounts',
  'lock.connectedApps',
  'lock.osCheck',
])
export type KeptSetting = z.infer<typeof KeptSetting>

/** the most kinds a backup's answer names of the accounts it left out (a file may hold any number) */
export const LEFT_OUT_KINDS_MAX = 8

export const safetyOps = {
  /** an account's spending rules (the active one by default) and what it may still spend today */
  'spending.get': op('read', z.object({ accountId: id.optional() }).strict(), SpendingView),
  /** Sets an account's rules; raising or removing a limit needs the passphrase when one is set. */
  'spending.set': op(
    'local',
    SpendingRules.extend({ accountId: id, passphrase: z.string().max(1024).optional() }).strict(),
    SpendingView,
  ),
  /** The passphrase, checked in main, gives a token for one spend of at most `amountMsat` (two minutes). */
  'spending.confirm': op(
    'local',
    z
      .object({ accountId: id.optional(), amountMsat: int.positive().max(2 ** 53), passphrase: z.string().max(1024) })
      .strict(),
    z.object({ confirmToken: z.string(), expiresAt: int }),
  ),

  /** Whether a backup is due (the nudge), and when the last one was made. */
  'backup.status': op('read', none, BackupStatus),
  /**
   * Writes every account, label, recipient, setting, link and pending invoice to one file, encrypted
   * with `passphrase`, through the save dialog; API keys only with `includeKeys` (which needs the
   * app's passphrase too when one is set).
   */
  'backup.export': op(
    'local',
    z
      .object({
        passphrase: BackupPassphrase,
        includeKeys: z.boolean(),
        appPassphrase: z.string().max(1024).optional(),
      })
      .strict(),
    z.object({
      file: SheetOutcome,
      accounts: int.nonnegative(),
      keys: int.nonnegative(),
      /** accounts of a kind this version does not know, kept in its settings: not in the file */
      leftOut: z.object({ count: int.nonnegative(), kinds: z.array(z.string().max(32)).max(LEFT_OUT_KINDS_MAX) }),
    }),
  ),
  /**
   * Asks for a backup file, decrypts and checks all of it, then (only then) brings it all back into
   * this profile, which must have no accounts yet. A bad file changes nothing and says why.
   */
  'backup.restore': op(
    'local',
    z.object({ passphrase: z.string().min(1).max(1024) }).strict(),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('cancelled') }),
      z.object({
        status: z.literal('restored'),
        fileName: z.string(),
        accounts: int.nonnegative(),
        keys: int.nonnegative(),
        /** the settings whose stricter value this profile kept over the backup's */
        keptStricter: z.array(KeptSetting),
      }),
    ]),
  ),
  /** "Not now" on the backup nudge: asked again in 30 days. */
  'backup.dismissNudge': op('local', none, BackupStatus),
  // the app lock (docs/security.md)
  'lock.status': op('read', none, LockStatus),
  /** Checks the passphrase (after any back-off from wrong ones) and unlocks. */
  'lock.unlock': op('local', z.object({ passphrase: Passphrase }).strict(), UnlockResult),
  /** Asks the system's own check (Touch ID) and unlocks when it passes. */
  'lock.osUnlock': op('local', none, UnlockResult),
  /** "Lock now": locks at once when a passphrase is set. */
  'lock.lock': op('local', none, LockStatus),
  /** Sets the passphrase, or changes it: then the current one is needed. */
  'lock.set': op('local', z.object({ passphrase: NewPassphrase, current: Passphrase.optional() }).strict(), LockStatus),
  /** Removes the lock; the current passphrase is needed. */
  'lock.remove': op('local', z.object({ current: Passphrase }).strict(), LockStatus),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const safetyWhileLocked = {
  // the spending rules show amounts; backups carry keys
  'spending.get': 'refused',
  'spending.set': 'refused',
  'spending.confirm': 'refused',
  'backup.status': 'refused',
  'backup.export': 'refused',
  'backup.restore': 'refused',
  'backup.dismissNudge': 'refused',
  'lock.status': 'open',
  'lock.unlock': 'open',
  'lock.osUnlock': 'open',
  'lock.lock': 'open',
  // changing or removing the lock needs the app unlocked as well as the current passphrase
  'lock.set': 'refused',
  'lock.remove': 'refused',
} as const
