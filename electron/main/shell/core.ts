// The app inside the shell: createApp built with Electron's parts (keychain, notifications, file
// dialogs, clipboard, Touch ID), its events sent to the page and folded into the tray's state, and
// the desktop settings (shortcuts, start at login) applied as settings change.

import { homedir } from 'node:os'
import { APP_NAME, type Emit, type EventName, type Settings } from '@shared/contract'
import { AppCallback } from '@shared/contract/nwc'
import { app, clipboard, dialog, globalShortcut, Notification, systemPreferences } from 'electron'
import { type App, createApp } from '../app/createApp'
import { appProgram, createAutostart } from '../services/autostart'
import { mainLocale } from '../services/i18n'
import { createElectronNotifier } from '../services/notify'
import { HISTORY_SOURCE_URL, RATE_SOURCE_URL } from '../services/rates'
import { createKeytarStore } from '../services/secrets'
import type { TrayState } from '../services/tray'
import { demoRateSources } from './demo'
import { createDesktopSettings } from './desktopSettings'
import { createEventSink } from './events'
import { systemLanguages } from './language'
import { fileDialogs } from './openFile'
import { createOsCheck } from './osCheck'
import type { Popover } from './popover'
import { openAllowedExternal } from './security'
import { countPending, INITIAL_TRAY_STATE, reduceTrayState } from './trayState'
import { isSeen } from './window'
import type { Windows } from './windows'

/** keychain service name: one entry per account id under it */
const KEYCHAIN_SERVICE = 'Lightning Tray'

export function createCore(root: string, windows: Windows, openExternal: (url: string) => Promise<void>) {
  // Events: to the page (navigate waits for it) and into the tray's state.
  const sink = createEventSink()
  let trayState: TrayState = INITIAL_TRAY_STATE
  let core: App | null = null
  const pendingInvoices = () => core?.sync.list() ?? []
  const refreshTray = (event: EventName | null = null, payload: unknown = null) => {
    trayState = event
      ? reduceTrayState(trayState, event, payload, pendingInvoices)
      : { ...trayState, pendingCount: countPending(pendingInvoices()) }
    windows.tray()?.update(trayState)
  }
  const desktop = createDesktopSettings({
    platform: process.platform,
    globalShortcut,
    setLoginItemSettings: (s) => app.setLoginItemSettings(s),
    autostart: createAutostart({ env: process.env, home: homedir(), name: APP_NAME, ...appProgram(root) }),
    onShortcut: () => windows.showApp(),
    onLockShortcut: () => core?.lock.lock('shortcut'),
    notice: (notice) => sink.emit('notice', notice),
  })
  let languageChanged = () => {}
  // the app core sets main's language before a settings.updated reaches here (app/language.ts)
  let spoken = mainLocale()
  const emit: Emit = (event, payload) => {
    const relabel = event === 'settings.updated' && spoken !== mainLocale()
    spoken = mainLocale()
    sink.emit(event, payload)
    refreshTray(event, payload)
    if (event === 'settings.updated') void desktop.apply(payload as Settings)
    if (relabel) languageChanged()
  }
  const popover = windows.popover
  core = createApp({
    userDataDir: app.getPath('userData'),
    secretStore: createKeytarStore(KEYCHAIN_SERVICE),
    notifier: createElectronNotifier(Notification, {
      onShowWindow: () => windows.showApp(),
      onFailed: (error) => core?.log.warn('notification not shown', { error }),
    }),
    ...{ emit, appVersion: app.getVersion(), platform: process.platform, preview: false, systemLanguages },
    // packaged: no event payload checked at run time (types are, at build), no plain-http LNURL
    isPackaged: app.isPackaged,
    ...fileDialogs(dialog, windows.currentWindow, <T>(ask: () => Promise<T>) => holdOpen(popover(), ask)),
    rates: demoRateSources(process.env, app, { sourceUrl: RATE_SOURCE_URL, historyUrl: HISTORY_SOURCE_URL }),
    visible: () => isSeen(windows.currentWindow()),
    popover,
    openLink: openAllowedExternal(openExternal),
    // an app's own scheme (never http, a file or a script: AppCallback), with the string it asked for
    openAppCallback: (url: string) => {
      if (AppCallback.safeParse(url).success) void openExternal(url).catch(() => {})
    },
    clipboard,
    osCheck: createOsCheck(process.platform, systemPreferences),
  })
  const onLanguageChanged = (fn: () => void) => {
    languageChanged = fn
  }
  return { wallet: core, sink, emit, desktop, refreshTray, trayState: () => trayState, onLanguageChanged }
}

export type Core = ReturnType<typeof createCore>

/** A file dialog asked from the popover keeps it open until answered. */
function holdOpen<T>(popover: Pick<Popover, 'holdOpen'> | null, ask: () => Promise<T>): Promise<T> {
  return popover ? popover.holdOpen(ask) : ask()
}
