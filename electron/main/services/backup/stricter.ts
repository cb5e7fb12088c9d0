// A restore never loosens privacy or the lock (docs/security.md, "Restore"). A person who turned
// Hide balances on, notifications off or the idle lock down to a minute in this profile, and then
// restores an older backup, keeps those: for each such setting the stricter of the two values
// wins, and the restore names the ones this profile kept so the person knows.
import { KeptSetting, type Settings } from '@shared/contract'

interface Rule {
  /** how strict a value is: the higher, the stricter */
  rank(s: Settings): number
  /** `into` with this setting's value taken from `from` */
  take(into: Settings, from: Settings): Settings
}

const on = (b: boolean | undefined) => (b === true ? 1 : 0)
const off = (b: boolean | undefined) => 1 - on(b)
const withLock = (s: Settings, patch: Partial<Settings['lock']>): Settings => ({ ...s, lock: { ...s.lock, ...patch } })

// one rule for every setting a restore keeps stricter: the type makes the list whole
const RULES: Record<KeptSetting, Rule> = {
  hideBalances: { rank: (s) => on(s.hideBalances), take: (s, f) => ({ ...s, hideBalances: f.hideBalances }) },
  // no amount on the tray at all
  trayTotal: { rank: (s) => off(s.trayTotal), take: (s, f) => ({ ...s, trayTotal: f.trayTotal }) },
  notifications: {
    rank: (s) => off(s.notifications),
    take: (s, f) => ({ ...s, notifications: f.notifications }),
  },
  // the clipboard is not read when the window opens
  offerClipboard: {
    rank: (s) => off(s.offerClipboard),
    take: (s, f) => ({ ...s, offerClipboard: f.offerClipboard }),
  },
  // asking for a day's price tells the source on which days money moved (docs/rates.md)
  pricesThen: { rank: (s) => off(s.pricesThen), take: (s, f) => ({ ...s, pricesThen: f.pricesThen }) },
  // the shorter wait wins; 0 is "never", the loosest of all
  'lock.idleMinutes': {
    rank: (s) => (s.lock.idleMinutes === 0 ? Number.NEGATIVE_INFINITY : -s.lock.idleMinutes),
    take: (s, f) => withLock(s, { idleMinutes: f.lock.idleMinutes }),
  },
  'lock.notifyAmounts': {
    rank: (s) => off(s.lock.notifyAmounts),
    take: (s, f) => withLock(s, { notifyAmounts: f.lock.notifyAmounts }),
  },
  'lock.connectedApps': {
    rank: (s) => off(s.lock.connectedApps),
    take: (s, f) => withLock(s, { connectedApps: f.lock.connectedApps }),
  },
  // one way fewer to unlock: only the passphrase
  'lock.osCheck': {
    rank: (s) => off(s.lock.osCheck),
    take: (s, f) => withLock(s, { osCheck: f.lock.osCheck }),
  },
}

/** The backup's settings, with each privacy and lock setting that this profile has stricter kept. */
export function keepStricter(profile: Settings, backup: Settings): { settings: Settings; kept: KeptSetting[] } {
  let settings = backup
  const kept: KeptSetting[] = []
  for (const name of KeptSetting.options) {
    const r = RULES[name]
    if (r.rank(profile) <= r.rank(backup)) continue
    settings = r.take(settings, profile)
    kept.push(name)
  }
  return { settings, kept }
}
