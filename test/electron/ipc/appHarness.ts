// The whole app against the simulator, connected with the seeded account: for tests that go
// through the router as the renderer does.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import type { BackendRegistry } from '../../../electron/main/services/backends'
import type { ShownNotification } from '../../../electron/main/services/notify'
import { createMemoryStore, type SecretStore } from '../../../electron/main/services/secrets'
import type { SaveFile, SaveFileRequest, WriteChunk } from '../../../electron/main/services/vouchers'
import { type SimulatorHandle, type SimWallet, startSimulator } from '../../simulator/index'
import { savedBytes } from '../../support/savedBytes'

export interface ConnectedApp {
  sim: SimulatorHandle
  app: App
  /** the app's userData directory */
  dir: string
  /** a wallet made for this test file */
  w: SimWallet
  events: Array<{ name: string; payload: unknown }>
  /** notifications main showed, oldest first */
  notifications: ShownNotification[]
  /** what the app asked to save (voucher sheets), oldest first */
  /** what was saved, as bytes; `pieces`: how many writes a streamed file took (0: given whole) */
  saved: Array<SaveFileRequest & { pieces: number }>
  /** an operation's value; its error thrown */
  call<T>(name: string, input?: unknown): Promise<T>
  /** stops the app and starts a new one over the same userData and keys (`app` is then the new one) */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * The whole app over `dir` with nothing of the shell: a memory keychain unless one is given,
 * notifications, events and log lines dropped unless asked for. Not started.
 */
export function bareApp(o: {
  dir: string
  secretStore?: SecretStore
  now?: () => number
  notify?: (n: ShownNotification) => void
  nwc?: { backoffMinMs?: number }
}): App {
  return createApp({
    userDataDir: o.dir,
    secretStore: o.secretStore ?? createMemoryStore(),
    notifier: { show: (n) => o.notify?.(n), isSupported: () => true },
    emit: () => {},
    appVersion: '0.0.0',
    logSink: () => {},
    ...(o.now ? { now: o.now } : {}),
    ...(o.nwc ? { nwc: o.nwc } : {}),
  })
}

export function value<T>(r: Result<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value as T
}

export interface ConnectedAppOptions {
  label: string
  balanceSat: number
  /** the shell's save dialog; by default every file is "saved" into `saved` */
  saveFile?: SaveFile
  /** how the service is reached (the simulator's URL is known only inside, so a factory) */
  fetch?: (sim: SimulatorHandle) => typeof fetch
  /** Electron's app.isPackaged, as the shell passes it */
  isPackaged?: boolean
  /** each account kind's backend, when the test brings its own registry */
  backends?: BackendRegistry
}

export async function startConnectedApp(o: ConnectedAppOptions): Promise<ConnectedApp> {
  const sim = await startSimulator({ seed: 'demo' })
  const w = sim.control.createWallet(o.label, o.balanceSat)
  const dir = await mkdtemp(join(tmpdir(), 'lt-app-'))
  const events: ConnectedApp['events'] = []
  const notifications: ShownNotification[] = []
  const saved: ConnectedApp['saved'] = []
  const secretStore = createMemoryStore()
  const make = () =>
    createApp({
      userDataDir: dir,
      secretStore,
      notifier: { show: (n) => notifications.push(n), isSupported: () => true },
      emit: (name, payload) => events.push({ name, payload }),
      appVersion: APP_VERSION,
      logSink: () => {},
      saveFile:
        o.saveFile ??
        (async (req) => {
          let pieces = 0
          const counted = req.stream
            ? {
                ...req,
                stream: (w: WriteChunk) =>
                  req.stream((c) => {
                    pieces++
                    return w(c)
                  }),
              }
            : req
          saved.push({ defaultName: req.defaultName, filters: req.filters, bytes: await savedBytes(counted), pieces })
          return { status: 'saved', fileName: req.defaultName }
        }),
      ...(o.fetch ? { fetch: o.fetch(sim) } : {}),
      isPackaged: o.isPackaged,
      ...(o.backends ? { backends: o.backends } : {}),
    })
  const app = make()
  await app.start()
  value(await app.router.handle('accounts.connect', { kind: 'service', baseUrl: sim.url, apiKey: sim.keys.secret }))
  const t: ConnectedApp = {
    sim,
    app,
    dir,
    w,
    events,
    notifications,
    saved,
    call: (name, input = {}) => t.app.router.handle(name, input).then((r) => value(r)),
    async restart() {
      await t.app.dispose()
      t.app = make()
      await t.app.start()
    },
    async close() {
      await t.app.dispose()
      await sim.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
  return t
}
