// Boots the main-process services in this Node process for the browser preview, the e2e harness
// and the benchmarks: createApp with a temp userData, a fan-out emitter and a chosen secret store,
// optionally with one account already connected. Dev-only, like the rest of dev/.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, type AppDeps, createApp } from '../../electron/main/app/createApp'
import { createKeytarStore, createMemoryStore, type SecretStore } from '../../electron/main/services/secrets'
import { openAllowedExternal } from '../../electron/main/shell/security'
import { createEventHub, type EventHub } from './events'
import { createFolderOpenFile, type FolderOpenFile } from './openFile'
import { createFolderSaveFile } from './saveFile'
import { APP_VERSION } from './version'

export type ShownNotification = { title: string; body: string; onClick?: () => void }

export interface BootOptions {
  /** 'memory' (default) keeps keys in this process; 'keychain' uses the real keytar store */
  secretStore?: 'memory' | 'keychain'
  /** keytar service name for 'keychain' (default: a unique test name, so a person's keys are never touched) */
  keychainService?: string
  /** connect this account at start: a service one by its API key, or an LNbits one by its wallets' keys */
  connect?:
    | { baseUrl: string; apiKey: string; label?: string }
    | { baseUrl: string; lnbitsKeys: string[]; label?: string }
  userDataDir?: string
  /** where main's (redacted) log lines go; by default they are kept in `logs` */
  logSink?: (line: string) => void
  /** where saved files (voucher sheets) go; default `saved` in userData */
  saveDir?: string
  /** the fiat price source (docs/rates.md); none by default, so nothing leaves the machine */
  rateSource?: string
  /** the price history source (docs/rates.md, "Prices as they were"); none by default */
  historySource?: string
  /** the least time between two requests to it (default 15 s; tests go faster) */
  historyGapMs?: number
  /** a clipboard for the offer made as a window is shown (app.windowShown); none by default */
  clipboard?: AppDeps['clipboard']
  /** main's clock (a computer whose clock is off, in tests); Date.now by default */
  now?: AppDeps['now']
  /** the app's passphrase (the lock's service); none by default */
  passphrase?: AppDeps['passphrase']
  /** scrypt's cost for backups made here (lower in tests) */
  backupCost?: AppDeps['backupCost']
  /** the OS's languages main reads for the language setting 'system'; none by default (English) */
  systemLanguages?: AppDeps['systemLanguages']
  /** the build's worker threads (the bench measures the shipped ones); default: from the sources */
  workersDir?: AppDeps['workersDir']
  /** lightning-address domains served on loopback (the simulator's `sim.example`); none by default */
  addressOrigins?: AppDeps['addressOrigins']
}

export interface BootedApp {
  app: App
  events: EventHub
  /** notifications main asked to show, newest last */
  notifications: ShownNotification[]
  userDataDir: string
  secretStore: SecretStore
  /** the keytar service name, when secretStore is 'keychain' */
  keychainService: string | null
  /** main's log lines, when no logSink was given */
  logs: string[]
  /** paths of the files saved so far (voucher sheets), oldest first */
  savedFiles: string[]
  /** links main was asked to open in the browser and let through (https only), oldest first; none is opened */
  openedLinks: string[]
  /** the "open dialog": the newest backup in the save folder, or the file a test picks */
  opener: FolderOpenFile
  dispose(): Promise<void>
}

export async function bootApp(opts: BootOptions = {}): Promise<BootedApp> {
  const userDataDir = opts.userDataDir ?? (await mkdtemp(join(tmpdir(), 'lightning-tray-')))
  const ownDir = opts.userDataDir === undefined
  const events = createEventHub()
  const notifications: ShownNotification[] = []
  const logs: string[] = []
  const savedFiles: string[] = []
  const openedLinks: string[] = []
  const keychain = opts.secretStore === 'keychain'
  const keychainService = keychain ? (opts.keychainService ?? `lightning-tray-test-${process.pid}-${Date.now()}`) : null
  const secretStore = keychainService ? createKeytarStore(keychainService) : createMemoryStore()
  const saveDir = opts.saveDir ?? join(userDataDir, 'saved')
  const opener = createFolderOpenFile(saveDir)
  const app = createApp({
    userDataDir,
    secretStore,
    notifier: { show: (n) => notifications.push(n), isSupported: () => true },
    emit: (name, payload) => events.emit(name, payload),
    preview: true,
    appVersion: APP_VERSION,
    platform: process.platform,
    logSink: opts.logSink ?? ((line) => logs.push(line)),
    saveFile: createFolderSaveFile(saveDir, (path) => savedFiles.push(path)),
    openFile: opener.openFile,
    passphrase: opts.passphrase,
    backupCost: opts.backupCost,
    workersDir: opts.workersDir,
    systemLanguages: opts.systemLanguages,
    rates: {
      sourceUrl: opts.rateSource ?? null,
      historyUrl: opts.historySource ?? null,
      historyGapMs: opts.historyGapMs,
    },
    openLink: openAllowedExternal((url) => openedLinks.push(url)),
    clipboard: opts.clipboard,
    now: opts.now,
    addressOrigins: opts.addressOrigins,
  })
  const dispose = async () => {
    await app.dispose()
    if (ownDir) await rm(userDataDir, { recursive: true, force: true })
  }
  try {
    await app.start()
    if (opts.connect) {
      const result = await app.router.handle(
        'accounts.connect',
        {
          ...('lnbitsKeys' in opts.connect
            ? { kind: 'lnbits', keys: opts.connect.lnbitsKeys }
            : { kind: 'service', apiKey: opts.connect.apiKey }),
          baseUrl: opts.connect.baseUrl,
          label: opts.connect.label ?? 'Simulator',
          storage: keychain ? 'keychain' : 'memory',
        },
        { trusted: true, url: 'preview://boot' },
      )
      if (!result.ok) throw new Error(`Could not connect the account: ${result.error.message}`)
    }
  } catch (err) {
    await dispose()
    throw err
  }
  return {
    app,
    events,
    notifications,
    userDataDir,
    secretStore,
    keychainService,
    logs,
    savedFiles,
    openedLinks,
    opener,
    dispose,
  }
}
