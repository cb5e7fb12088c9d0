// What the spending rules need from the app's passphrase (the app lock, issue 24 sections 1–2):
// whether one is set, and whether a given one is right. The lock's service provides it; until it
// is wired in (createApp's `passphrase`), no passphrase is set and no confirm limit can be made.
// `requirePassphrase` is the one check every change that needs it makes: raising a limit,
// confirming a spend, keys in a backup, loosening the lock (services/lock/loosening.ts).
import { AppError } from '@shared/errors'
import { mt } from '../i18n'

export interface PassphraseCheck {
  /** the person has set a passphrase for the app */
  isSet(): boolean
  /** true when `passphrase` is the app's; the lock's own backoff after wrong ones applies */
  verify(passphrase: string): Promise<boolean>
}

/** No passphrase: nothing verifies, so a limit that needs one cannot be set. */
export const NO_PASSPHRASE: PassphraseCheck = { isSet: () => false, verify: async () => false }

/**
 * The passphrase a change needs, checked through the lock (a wrong one counts in its back-off):
 * refused with `needs_passphrase`, in `needs`' words when none came, as wrong when it is not right.
 */
export async function requirePassphrase(check: PassphraseCheck, passphrase: string | undefined, needs: string) {
  if (!passphrase) throw new AppError('needs_passphrase', needs)
  if (!(await check.verify(passphrase))) throw new AppError('needs_passphrase', mt('spending.wrongPassphrase'))
}
