// The real main entry as an installed (packaged) app, `electron` faked: the environment cannot
// point it at a dev server or connect a demo account, and its window has no devtools.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { opChannel } from '@shared/channels'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_START_URL } from '../../../electron/main/shell/origins'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import * as electron from './electronFake'
import { FakeBrowserWindow } from './fakes'
import { secureWebPreferences } from './securePreferences'

vi.mock('electron', async () => await import('./electronFake'))
// the real demo step, watched, so the test can wait for it to be over instead of for a time; its
// calls kept here, not in a vi.fn, whose record vitest clears before each test (the step runs
// during beforeAll)
const demoRuns = vi.hoisted(() => [] as Promise<unknown>[])
vi.mock('../../../electron/main/shell/demo', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/main/shell/demo')>()
  return {
    ...real,
    connectDemoAccount: (...args: Parameters<typeof real.connectDemoAccount>) => {
      const run = real.connectDemoAccount(...args)
      demoRuns.push(run)
      return run
    },
  }
})

const root = resolve(__dirname, '../../..')
let sim: SimulatorHandle
let userData = ''
const savedEnv = { ...process.env }
const savedResources = process.resourcesPath

async function invoke(name: string, input: unknown, url = APP_START_URL) {
  const handler = electron.ipcMain.handlers.get(opChannel(name as never))
  if (!handler) throw new Error(`no handler for ${name}`)
  const event = { senderFrame: { url, parent: null } }
  return (await handler(event, input)) as { ok: boolean; value?: unknown; error?: { code: string } }
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', seed: 'demo' })
  userData = await mkdtemp(join(tmpdir(), 'lt-packaged-'))
  electron.app.isPackaged = true
  electron.app.userData = userData
  electron.app.appPath = root
  Object.assign(process, { resourcesPath: join(root, 'resources') })
  // All three would be honoured by `npm run demo` / `electron-vite dev`; a packaged app ignores them.
  process.env.LT_DEMO_BASE_URL = sim.url
  process.env.LT_DEMO_API_KEY = sim.keys.secret
  process.env.ELECTRON_RENDERER_URL = 'http://127.0.0.1:5173/'
  process.env.LT_TRAY = 'off'
  sim.control.resetRequests()
  await import('../../../electron/main/index')
  electron.app.ready()
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1), { timeout: 20_000 })
}, 60_000)

afterAll(async () => {
  process.env = savedEnv
  Object.assign(process, { resourcesPath: savedResources })
  await sim?.close()
  if (userData) await rm(userData, { recursive: true, force: true })
})

describe('main entry, packaged', () => {
  it('ignores LT_DEMO_*: no account, and not one request to the service they name', async () => {
    const list = await invoke('accounts.list', {})
    expect(list).toMatchObject({ ok: true, value: { accounts: [] } })
    // Start-up is done (the call above waited for it); its demo step, where a demo account would
    // connect, is over too.
    await vi.waitFor(() => expect(demoRuns).toHaveLength(1), { timeout: 20_000 })
    expect(await demoRuns[0]).toBe('not-demo')
    expect((await invoke('accounts.list', {})).value).toMatchObject({ accounts: [] })
    expect(sim.control.requests()).toEqual([])
  })

  it('loads the bundle, not the dev server the environment names, and trusts only the bundle', async () => {
    const w = FakeBrowserWindow.instances[0] as FakeBrowserWindow
    expect(w.loaded).toEqual([APP_START_URL])
    expect(await invoke('app.info', {}, 'http://127.0.0.1:5173/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    expect(await invoke('app.info', {})).toMatchObject({ ok: true })
  })

  it('gives its window no devtools, and its menu no reload', () => {
    const w = FakeBrowserWindow.instances[0] as FakeBrowserWindow
    expect(w.options.webPreferences).toStrictEqual(
      secureWebPreferences({ preload: join(root, 'out', 'preload', 'index.cjs'), devTools: false }),
    )
    const menu = electron.Menu.applicationMenu as {
      template: Array<{ label?: string; submenu?: Array<{ role?: string }> }>
    }
    const roles = menu.template.flatMap((m) => m.submenu ?? []).map((i) => i.role)
    expect(roles).not.toContain('reload')
    expect(roles).not.toContain('toggleDevTools')
  })
})
