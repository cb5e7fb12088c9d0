// What the spending rules need from the app's passphrase (the app lock, issue 24 sections 1–2):
// whether one is set, and whether a given one is right. The lock's service provides it; until it
// is wired in (createApp's `passphrase`), no passphrase is set and no confirm limit can be made.

export interface PassphraseCheck {
  /** the person has set a passphrase for the app */
  isSet(): boolean
  /** true when `passphrase` is the app's; the lock's own backoff after wrong ones applies */
  verify(passphrase: string): Promise<boolean>
}

/** No passphrase: nothing verifies, so a limit that needs one cannot be set. */
export const NO_PASSPHRASE: PassphraseCheck = { isSet: () => false, verify: async () => false }
