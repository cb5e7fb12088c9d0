// The app lock as the page sees it (docs/security.md). Main decides; the page only shows the lock
// screen while main says locked, and reloads itself the moment it locks, so nothing it held (a
// balance, a history page, a form) stays in its memory or its DOM.
import type { LockStatus, OpOutput } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { dropEarlyReads, early, invoke, whenLocked } from '../api'
import { setLanguage } from '../i18n'
import { useSettings } from './settings'

/** checking: not known yet (nothing is shown); locked: the lock screen only; open: the app */
export type Gate = 'checking' | 'locked' | 'open'

interface LockState {
  gate: Gate
  status: LockStatus | null
  busy: boolean
  /** the last try's outcome: wrong, or too soon */
  outcome: OpOutput<'lock.unlock'>['outcome'] | null
  error: AppErrorShape | null
  /** asks main; `onOpen` runs once the app may show (at once when not locked, else after unlocking) */
  start(onOpen: () => void): Promise<void>
  /** `lock.changed` from main (this window or another, the tray, the idle timer) */
  apply(status: LockStatus): void
  unlock(passphrase: string): Promise<boolean>
  osUnlock(): Promise<boolean>
  lockNow(): Promise<void>
  set(passphrase: string, current?: string): Promise<boolean>
  remove(current: string): Promise<boolean>
}

let opened: () => void = () => {}
let reloading = false
/** The page forgets everything it held: a fresh load starts at the lock screen. */
function purge() {
  if (reloading) return
  reloading = true
  try {
    window.location.reload()
  } catch {
    reloading = false
  }
}

export const useLock = create<LockState>()((set, get) => {
  const open = () => {
    if (get().gate === 'open') return
    set({ gate: 'open', outcome: null, error: null })
    opened()
  }
  const settle = (status: LockStatus) => {
    set({ status })
    const gate = get().gate
    if (status.locked && gate === 'open') purge()
    else if (status.locked) set({ gate: 'locked' })
    else open()
  }
  // A refusal for being locked (the lock came between two calls): ask main and follow it.
  whenLocked(() => {
    void invoke('lock.status', {}).then((r) => (r.ok ? settle(r.value) : undefined))
  })
  const change = async (run: () => ReturnType<typeof invoke<'lock.set'>>) => {
    set({ busy: true, error: null })
    const r = await run()
    set({ busy: false, ...(r.ok ? { status: r.value } : { error: r.error }) })
    return r.ok
  }
  return {
    gate: 'checking',
    status: null,
    busy: false,
    outcome: null,
    error: null,
    async start(onOpen) {
      opened = onOpen
      // settings first too: whether amounts are hidden is known before any is shown (lib/money.ts)
      const [r] = await Promise.all([early('lock.status'), useSettings.getState().load()])
      // the chosen language's catalog before the first word is shown (the lock screen's too)
      await setLanguage(useSettings.getState().settings?.language)
      // Main refuses what the lock covers whatever the page does: an answer that never came opens
      // the app, whose every read then says it is locked (and brings the lock screen back).
      if (!r.ok) return open()
      if (r.value.locked) dropEarlyReads()
      settle(r.value)
    },
    apply: settle,
    async unlock(passphrase) {
      set({ busy: true, error: null, outcome: null })
      const r = await invoke('lock.unlock', { passphrase })
      if (!r.ok) {
        set({ busy: false, error: r.error })
        return false
      }
      set({ busy: false, outcome: r.value.outcome })
      settle(r.value.status)
      return r.value.outcome === 'unlocked'
    },
    async osUnlock() {
      set({ busy: true, error: null, outcome: null })
      const r = await invoke('lock.osUnlock', {})
      set({ busy: false, ...(r.ok ? { outcome: r.value.outcome } : { error: r.error }) })
      if (r.ok) settle(r.value.status)
      return r.ok && r.value.outcome === 'unlocked'
    },
    async lockNow() {
      const r = await invoke('lock.lock', {})
      if (r.ok) settle(r.value)
    },
    set: (passphrase, current) =>
      change(() => invoke('lock.set', current === undefined ? { passphrase } : { passphrase, current })),
    remove: (current) => change(() => invoke('lock.remove', { current })),
  }
})
