// The sandboxed preload: exposes `window.wallet` (see shared/api.ts) and nothing else. It is built
// to ONE CommonJS file that requires only `electron`, so it imports the zod-free channel lists,
// never the contract. Input validation happens in main; this only refuses names it does not know.
import type { WalletApi } from '@shared/api'
import { EVENT_NAMES, type EventName, eventChannel, OP_NAMES, type OpName, opChannel } from '@shared/channels'
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron'

const ops: ReadonlySet<string> = new Set(OP_NAMES)
const events: ReadonlySet<string> = new Set(EVENT_NAMES)

function refused(message: string) {
  return { ok: false as const, error: { code: 'invalid_input' as const, message, retryable: false } }
}

const wallet: WalletApi = {
  invoke: ((name: unknown, input: unknown) => {
    if (typeof name !== 'string' || !ops.has(name)) return Promise.resolve(refused('Unknown operation.'))
    // Main answers with a Result and never throws; a rejection here means the input could not be
    // cloned (a function, a DOM node) or the main process is gone.
    return ipcRenderer
      .invoke(opChannel(name as OpName), input)
      .catch(() => refused('The request could not be sent to the app.'))
  }) as WalletApi['invoke'],
  on(name, listener) {
    if (typeof name !== 'string' || !events.has(name)) throw new TypeError(`Unknown event: ${String(name)}`)
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function.')
    const channel = eventChannel(name as EventName)
    // The IPC event object (whose `sender` is ipcRenderer itself) never reaches the page: payload only.
    const forward = (_event: IpcRendererEvent, payload: unknown) => (listener as (p: unknown) => void)(payload)
    ipcRenderer.on(channel, forward)
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      ipcRenderer.removeListener(channel, forward)
    }
  },
}

contextBridge.exposeInMainWorld('wallet', Object.freeze(wallet))
