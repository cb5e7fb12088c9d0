// The app lock's settings and status as they cross to the renderer (docs/security.md). The
// passphrase's hash never leaves main: it is in the settings file beside these, not in them.
import { z } from 'zod'
import { PASSPHRASE_MAX, PASSPHRASE_MIN } from './lockRules'

export { IDLE_MINUTES, PASSPHRASE_MAX, PASSPHRASE_MIN, waitWords } from './lockRules'

const int = z.number().int()

/** e.g. CommandOrControl+Shift+L: modifiers and one key joined by '+'; '' for none */
export const Shortcut = z
  .string()
  .max(64)
  .regex(/^$|^(?:[A-Za-z0-9]+\+)+(?:[A-Za-z0-9]+|[=\-[\];',./`\\])$/, 'Write a shortcut like CommandOrControl+Shift+L.')

export const LockSettings = z.object({
  /** lock after this many minutes without keyboard or mouse anywhere on the computer; 0: never */
  idleMinutes: int.min(0).max(1440),
  /** a global shortcut that locks the app, in Electron's accelerator words; '' for none */
  shortcut: Shortcut,
  /** while locked, a notification names the amount received (off: only "Payment received") */
  notifyAmounts: z.boolean(),
  /**
   * Connected apps (Nostr Wallet Connect, docs/nwc.md) keep working while the app is locked.
   * Off: the lock pauses them too (their requests are answered RESTRICTED).
   */
  connectedApps: z.boolean(),
  /** the system's own check (Touch ID on macOS) unlocks too, where there is one */
  osCheck: z.boolean(),
})
export type LockSettings = z.infer<typeof LockSettings>

export const DEFAULT_LOCK: LockSettings = {
  idleMinutes: 10,
  shortcut: '',
  notifyAmounts: false,
  connectedApps: false,
  osCheck: true,
}

export const LockStatus = z.object({
  /** a passphrase is set */
  set: z.boolean(),
  locked: z.boolean(),
  /** wrong passphrases in a row (kept across restarts) */
  failures: int.nonnegative(),
  /** no passphrase is checked before this time (ms since the epoch); null: now */
  retryAt: int.nullable(),
  /** the system's check (Touch ID) can unlock here */
  osCheck: z.boolean(),
})
export type LockStatus = z.infer<typeof LockStatus>

/** `wait`: still inside the back-off after wrong passphrases; the passphrase was not checked. */
export const UnlockResult = z.object({
  outcome: z.enum(['unlocked', 'wrong', 'wait']),
  status: LockStatus,
})
export type UnlockResult = z.infer<typeof UnlockResult>

/** what is typed to unlock: checked, never judged (a too short one is simply wrong) */
export const Passphrase = z.string().min(1, 'Enter the passphrase.').max(PASSPHRASE_MAX)
export const NewPassphrase = z
  .string()
  .min(PASSPHRASE_MIN, `Use at least ${PASSPHRASE_MIN} characters.`)
  .max(PASSPHRASE_MAX, `Use at most ${PASSPHRASE_MAX} characters.`)
  .refine((p) => p.trim().length > 0, 'A passphrase of spaces only is too easy to guess.')
