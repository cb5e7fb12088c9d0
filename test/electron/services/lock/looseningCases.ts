// What each setting's and lock setting's changes should be judged (loosens or not), for both the
// unit test of services/lock/loosening.ts and the router's test in test/electron/ipc: every key
// of Settings and of LockSettings, checked against the contract there.
import { DEFAULT_LOCK, DEFAULT_SETTINGS, type LockSettings, type Settings } from '@shared/contract'
import type { z } from 'zod'

type Lock = z.infer<typeof LockSettings>
export type Case<T> = { from: T; to: T; loosens: boolean; label?: string }
const off = (loosens: boolean) => [
  { from: true, to: false, loosens },
  { from: false, to: true, loosens: false },
]
const on = (loosens: boolean) => [
  { from: false, to: true, loosens },
  { from: true, to: false, loosens: false },
]

/** What each lock setting's changes should be: every key of LockSettings, checked against the contract. */
export const LOCK_CASES: { [K in keyof Lock]-?: Array<Case<Lock[K]>> } = {
  idleMinutes: [
    { from: 10, to: 0, loosens: true },
    { from: 10, to: 60, loosens: true },
    { from: 10, to: 5, loosens: false },
    { from: 0, to: 5, loosens: false },
  ],
  shortcut: [
    { from: 'CommandOrControl+Shift+K', to: '', loosens: true },
    { from: 'CommandOrControl+Shift+K', to: 'CommandOrControl+Shift+J', loosens: true },
    { from: '', to: 'CommandOrControl+Shift+K', loosens: false },
    { from: 'CommandOrControl+Shift+K', to: 'CommandOrControl+Shift+K', loosens: false },
  ],
  notifyAmounts: on(true),
  connectedApps: on(true),
  osCheck: on(true),
}

/** What each setting's changes should be: every key of Settings, checked against the contract. */
export const SETTING_CASES: { [K in keyof Settings]-?: Array<Case<Settings[K]>> } = {
  pollIntervalSec: [{ from: 15, to: 3600, loosens: false }],
  notifications: off(false),
  theme: [{ from: 'system', to: 'dark', loosens: false }],
  fiat: [{ from: DEFAULT_SETTINGS.fiat, to: { enabled: false, currency: 'EUR' }, loosens: false }],
  pricesThen: on(false),
  trayTotal: on(false),
  shortcut: [{ from: 'CommandOrControl+Shift+L', to: '', loosens: false }],
  openAtLogin: on(false),
  offerClipboard: on(false),
  hideBalances: [...off(true), { from: true, to: true, loosens: false }],
  lock: (Object.keys(LOCK_CASES) as Array<keyof Lock>).flatMap((k) =>
    (LOCK_CASES[k] as Array<Case<unknown>>).map((c) => ({
      from: { ...DEFAULT_LOCK, [k]: c.from },
      to: { ...DEFAULT_LOCK, [k]: c.to },
      loosens: c.loosens,
      label: `lock.${k}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`,
    })),
  ),
  historyPerPage: [{ from: 25, to: 250, loosens: false }],
  language: [{ from: undefined, to: 'de', loosens: false }],
}

/** every setting's case as one row, named for a test's title */
export const settingCases = () =>
  (Object.keys(SETTING_CASES) as Array<keyof Settings>).flatMap((key) =>
    (SETTING_CASES[key] as Array<Case<unknown>>).map((c) => ({
      key,
      ...c,
      title: `${c.label ?? `${key}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`} ${c.loosens ? 'asks' : 'is free'}`,
    })),
  )
