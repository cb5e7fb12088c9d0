// What loosens the lock or grants spending, and so needs the app's passphrase when one is set
// (docs/security.md, "What needs the passphrase"; issue 41). Every operation of the contract and
// every setting is named here, once: a new one does not compile until it is, and
// test/electron/ipc/loosening.test.ts reads the contract and fails for one missing.
import type { LockSettings, Operations, OpName, Settings } from '@shared/contract'
import type { z } from 'zod'

/**
 * How an operation stands to the passphrase:
 * - `free`: loosens nothing the lock guards and grants no spending
 * - `judged`: may loosen, by its input (JUDGES, below); then its `passphrase` must be the app's
 * - `own`: asks for the passphrase in a field of its own (the lock, a raised limit, keys in a backup)
 * - `spends`: moves money; the spending rules ask for it above the confirm limit (`confirmToken`)
 */
export type PassphraseRule = 'free' | 'judged' | 'own' | 'spends'
type Rules = { [K in OpName]: Operations[K]['kind'] extends 'money' ? 'spends' : Exclude<PassphraseRule, 'spends'> }

export const PASSPHRASE_RULES = {
  'app.info': 'free',
  'accounts.list': 'free',
  'accounts.test': 'free',
  // a key or connection string the person brings: it grants nothing they did not have
  'accounts.connect': 'free',
  'accounts.switch': 'free',
  'accounts.update': 'free',
  // the account keeps its rules; the new key is one the person brings
  'accounts.replaceKey': 'free',
  // its rules go with it, but connecting it again needs its key, which only the keychain holds
  'accounts.remove': 'free',
  'wallets.list': 'free',
  'wallets.get': 'free',
  'wallets.staticLink': 'free',
  'transactions.page': 'free',
  'lntx.get': 'free',
  'invoices.create': 'free',
  'invoices.list': 'free',
  'invoices.focus': 'free',
  'invoices.check': 'free',
  'lnurl.probe': 'free',
  'pay.lightningAddress': 'spends',
  'withdraw.create': 'spends',
  'withdraw.list': 'free',
  'withdraw.focus': 'free',
  'vouchers.create': 'spends',
  // the sheet of vouchers already made (and counted), saved again
  'vouchers.save': 'free',
  'claim.read': 'free',
  'claim.run': 'spends',
  'pay.decode': 'free',
  'pay.invoice': 'spends',
  'payments.unfinished': 'free',
  'payments.check': 'free',
  'payments.recipients': 'free',
  'window.pin': 'free',
  'link.open': 'free',
  'history.page': 'free',
  'history.label': 'free',
  'history.exportCsv': 'free',
  'wallets.transfer': 'spends',
  'wallets.create': 'spends',
  'wallets.setLocal': 'free',
  'settings.get': 'free',
  'settings.update': 'judged',
  'rates.get': 'free',
  'spending.get': 'free',
  'spending.set': 'own',
  'spending.confirm': 'own',
  'backup.status': 'free',
  'backup.export': 'own',
  // only into a profile with no accounts, and with the backup's own passphrase
  'backup.restore': 'free',
  'backup.dismissNudge': 'free',
  'lock.status': 'free',
  'lock.unlock': 'own',
  'lock.osUnlock': 'own',
  'lock.lock': 'free',
  'lock.set': 'own',
  'lock.remove': 'own',
  'nwc.list': 'free',
  'nwc.create': 'judged',
  'nwc.get': 'free',
  'nwc.revoke': 'free',
  // the relay, and pausing or resuming: a resumed connection spends only within the budget it was given
  'nwc.settings': 'free',
  'move.plan': 'free',
  // each of its payments is admitted by the spending rules as pay.invoice's is
  'move.run': 'spends',
  // a link read and a picture for the approval screen: nothing is made or loosened
  'nwc.readPairing': 'free',
  'nwc.pairIcon': 'free',
} as const satisfies Rules

export type JudgedOp = { [K in OpName]: (typeof PASSPHRASE_RULES)[K] extends 'judged' ? K : never }[OpName]

/** What a change is judged against: the settings as they are, and an account's confirm limit. */
export interface LooseningState {
  settings: Settings
  /** the confirm limit of an account (the active one when none is named); undefined: its rules do not read */
  confirmAboveSat(accountId: string | undefined): number | null | undefined
}

type Loosens<T> = (was: T, next: T) => boolean
const never = () => false
const turnedOn: Loosens<boolean> = (was, next) => !was && next

/** Each setting of the lock: whether going from `was` to `next` loosens it. */
export const LOCK_SETTING_LOOSENS: { [K in keyof LockSettings]-?: Loosens<LockSettings[K]> } = {
  // off, or longer: the app stays open longer when left
  idleMinutes: (was, next) => was > 0 && (next === 0 || next > was),
  // taken away or changed: the keys the person uses no longer lock it
  shortcut: (was, next) => was !== '' && next !== was,
  notifyAmounts: turnedOn,
  connectedApps: turnedOn,
  // one more way to unlock
  osCheck: turnedOn,
}

/** Each setting: whether going from `was` to `next` loosens the lock or shows money. */
export const SETTING_LOOSENS: { [K in keyof Settings]-?: Loosens<Settings[K]> } = {
  pollIntervalSec: never,
  notifications: never,
  theme: never,
  fiat: never,
  pricesThen: never,
  // the tray's total follows Hide balances and the lock: it shows nothing they hide
  trayTotal: never,
  // it opens the window, which the lock still covers
  shortcut: never,
  openAtLogin: never,
  offerClipboard: never,
  // turned off, every amount shows again
  hideBalances: (was, next) => was && !next,
  lock: (was, next) =>
    (Object.keys(LOCK_SETTING_LOOSENS) as Array<keyof LockSettings>).some((k) =>
      (LOCK_SETTING_LOOSENS[k] as Loosens<unknown>)(was[k], next[k]),
    ),
  historyPerPage: never,
  language: never,
}

/** Whether a settings change loosens any setting it names. */
export function settingsLoosen(was: Settings, patch: Partial<Settings>): boolean {
  return (Object.keys(patch) as Array<keyof Settings>).some(
    (k) => patch[k] !== undefined && (SETTING_LOOSENS[k] as Loosens<unknown>)(was[k], patch[k]),
  )
}

/**
 * A connection that can pay more than the account's confirm limit lets without asking: its string
 * is money that leaves the desk. Without a confirm limit, or with rules that do not read, any
 * budget is more.
 */
export function connectionGrants(
  c: { budgetSat: number; methods: readonly string[] },
  confirmAboveSat: number | null | undefined,
): boolean {
  if (!c.methods.includes('pay_invoice') || c.budgetSat <= 0) return false
  return confirmAboveSat == null || c.budgetSat > confirmAboveSat
}

type Input<K extends OpName> = Omit<z.output<Operations[K]['input']>, 'passphrase'>

/** For each judged operation: whether this input loosens, against the state now. */
export const JUDGES: { [K in JudgedOp]: (input: Input<K>, now: LooseningState) => boolean } = {
  'settings.update': (patch, now) => settingsLoosen(now.settings, patch),
  'nwc.create': (input, now) => connectionGrants(input, now.confirmAboveSat(input.accountId)),
}
