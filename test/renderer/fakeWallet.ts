// A stand-in for the preload's `window.wallet`: answers each operation from a queue of envelopes
// and records every call, so store tests can see exactly what would cross IPC.
import type { EventName, OpName } from '@shared/contract'
import type { AppErrorShape, Result } from '@shared/errors'

export interface Call {
  name: OpName
  input: unknown
}

export function installFakeWallet() {
  const calls: Call[] = []
  const answers = new Map<OpName, Array<() => Promise<Result<unknown>>>>()
  const listeners = new Map<EventName, Set<(p: unknown) => void>>()
  const wallet = {
    invoke(name: OpName, input: unknown) {
      calls.push({ name, input })
      const next = answers.get(name)?.shift()
      if (!next) return Promise.reject(new Error(`no answer queued for ${name}`))
      return next()
    },
    on(name: EventName, listener: (p: unknown) => void) {
      const set = listeners.get(name) ?? new Set()
      set.add(listener)
      listeners.set(name, set)
      return () => set.delete(listener)
    },
  }
  ;(globalThis as unknown as { window: { wallet: typeof wallet } }).window = { wallet }
  const queue = (name: OpName, fn: () => Promise<Result<unknown>>) => {
    const list = answers.get(name) ?? []
    list.push(fn)
    answers.set(name, list)
  }
  return {
    calls,
    callsOf: (name: OpName) => calls.filter((c) => c.name === name),
    ok(name: OpName, value: unknown) {
      queue(name, async () => ({ ok: true, value }))
    },
    fail(name: OpName, code: AppErrorShape['code'], message = `${code} happened`) {
      queue(name, async () => ({ ok: false, error: { code, message, retryable: false } }))
    },
    /** an answer that arrives only when `release` is called */
    deferred(name: OpName) {
      let release!: (r: Result<unknown>) => void
      queue(name, () => new Promise((r) => (release = r)))
      return (r: Result<unknown>) => release(r)
    },
    emit(name: EventName, payload: unknown) {
      for (const l of listeners.get(name) ?? []) l(payload)
    },
  }
}
