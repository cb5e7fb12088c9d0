import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import vm from 'node:vm'
import type { WalletApi } from '@shared/api'
import { EVENT_NAMES, eventChannel, OP_NAMES, opChannel } from '@shared/channels'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSection } from '../shell/buildSection'

let dir = ''
let files: string[] = []
let code = ''

beforeAll(async () => {
  ;({ dir, files } = await buildSection('preload'))
  code = await readFile(join(dir, 'index.cjs'), 'utf8')
}, 120_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** Runs the bundle as Electron's sandboxed preload would: a CommonJS wrapper whose `require` knows only `electron`. */
function loadPreload() {
  const exposed = new Map<string, unknown>()
  const invoked: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>()
  let invokeResult: (channel: string, input: unknown) => Promise<unknown> = async (channel, input) => ({
    ok: true,
    value: { channel, input },
  })
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) => {
        invoked.push({ channel, args })
        return invokeResult(channel, args[0])
      },
      on: (channel: string, fn: (...a: unknown[]) => void) => {
        const set = listeners.get(channel) ?? new Set()
        set.add(fn)
        listeners.set(channel, set)
      },
      removeListener: (channel: string, fn: (...a: unknown[]) => void) => listeners.get(channel)?.delete(fn),
      send: () => {
        throw new Error('the preload must not use send')
      },
    },
  }
  const required: string[] = []
  const module = { exports: {} }
  const sandboxRequire = (id: string) => {
    required.push(id)
    if (id === 'electron') return electron
    throw new Error(`a sandboxed preload cannot require ${id}`)
  }
  const context = vm.createContext({ Promise, Set, Object, TypeError, String, Error })
  const wrapper = vm.runInContext(`(function (exports, require, module) {${code}\n})`, context)
  wrapper(module.exports, sandboxRequire, module)
  return {
    exposed,
    invoked,
    listeners,
    required,
    setInvokeResult: (fn: typeof invokeResult) => {
      invokeResult = fn
    },
    emit: (channel: string, payload: unknown) => {
      for (const fn of listeners.get(channel) ?? []) fn({ sender: 'ipcRenderer-internals' }, payload)
    },
  }
}

describe('preload bundle', () => {
  it('is ONE CommonJS file whose only require is electron', () => {
    expect(files.filter((f) => /\.(c|m)?js$/.test(f))).toEqual(['index.cjs'])
    const requires = [...code.matchAll(/\brequire\s*\(\s*([^)]*)\)/g)].map((m) => m[1])
    expect(requires).toEqual(['"electron"'])
    expect(code).not.toMatch(/^\s*import\s|\bimport\s*\(|\bexport\s/m)
    // zod (the contract) must not be dragged into the sandboxed preload
    expect(code).not.toMatch(/zod|safeParse/)
    // it runs as CommonJS without touching anything but the wrapper's require
    const p = loadPreload()
    expect(p.required).toEqual(['electron'])
  })

  it('exposes only window.wallet, frozen, with invoke and on', () => {
    const { exposed } = loadPreload()
    expect([...exposed.keys()]).toEqual(['wallet'])
    const wallet = exposed.get('wallet') as WalletApi
    expect(Object.keys(wallet).sort()).toEqual(['invoke', 'on'])
    expect(Object.isFrozen(wallet)).toBe(true)
  })

  it('invoke sends every contract op on its op channel with the input, and returns main’s result', async () => {
    const p = loadPreload()
    const wallet = p.exposed.get('wallet') as WalletApi
    for (const name of OP_NAMES) {
      const result = await wallet.invoke(name, { probe: name } as never)
      expect(result).toEqual({ ok: true, value: { channel: opChannel(name), input: { probe: name } } })
    }
    expect(p.invoked.map((c) => c.channel)).toEqual(OP_NAMES.map(opChannel))
    expect(p.invoked.every((c) => c.args.length === 1)).toBe(true)
  })

  it('refuses unknown op names without any IPC', async () => {
    const p = loadPreload()
    const wallet = p.exposed.get('wallet') as WalletApi
    for (const bad of [
      'nope',
      'wallet:op:app.info',
      '__proto__',
      'constructor',
      '',
      42,
      null,
      { toString: () => 'app.info' },
    ]) {
      const result = await wallet.invoke(bad as never, {} as never)
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } })
    }
    expect(p.invoked).toEqual([])
  })

  it('turns a failed IPC call (uncloneable input, main gone) into an error result, never a throw', async () => {
    const p = loadPreload()
    p.setInvokeResult(() => Promise.reject(new Error('An object could not be cloned.')))
    const wallet = p.exposed.get('wallet') as WalletApi
    await expect(wallet.invoke('app.info', {})).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('on subscribes on the event channel, passes only the payload, and unsubscribes once', () => {
    const p = loadPreload()
    const wallet = p.exposed.get('wallet') as WalletApi
    for (const name of EVENT_NAMES) {
      const got: unknown[][] = []
      const off = wallet.on(name, (...args: unknown[]) => got.push(args))
      expect(p.listeners.get(eventChannel(name))?.size).toBe(1)
      p.emit(eventChannel(name), { n: 1 })
      expect(got).toEqual([[{ n: 1 }]])
      off()
      off()
      expect(p.listeners.get(eventChannel(name))?.size).toBe(0)
      p.emit(eventChannel(name), { n: 2 })
      expect(got).toHaveLength(1)
    }
  })

  it('on refuses unknown events and non-function listeners', () => {
    const p = loadPreload()
    const wallet = p.exposed.get('wallet') as WalletApi
    expect(() => wallet.on('wallet:event:navigate' as never, () => {})).toThrow(/Unknown event/)
    expect(() => wallet.on('navigate', 'alert(1)' as never)).toThrow(/function/)
    expect([...p.listeners.values()].every((s) => s.size === 0)).toBe(true)
  })
})
