import type { OpOutput, Settings } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { early, invoke } from '../api'
import { setLanguage } from '../i18n'
import { createLatest } from '../lib/latest'
import { applyTheme } from '../lib/theme'
import type { LoadStatus } from './wallets'

type AppInfo = OpOutput<'app.info'>

interface SettingsState {
  settings: Settings | null
  info: AppInfo | null
  status: LoadStatus
  error: AppErrorShape | null
  saving: boolean
  saveError: AppErrorShape | null
  /**
   * A change main refused until the app's passphrase comes with it (it loosens the lock or shows
   * amounts; docs/security.md): what it was, main's words why, and the last try's refusal.
   */
  asking: { patch: Partial<Settings>; why: string; error: AppErrorShape | null } | null
  load(): Promise<void>
  loadInfo(): Promise<void>
  /** `passphrase`: the app's, for a change main asked it for */
  update(patch: Partial<Settings>, passphrase?: string): Promise<boolean>
  /** the change that was asked for, sent again with the passphrase */
  answer(passphrase: string): Promise<boolean>
  /** "Cancel" on the question: the change is not made */
  dismissAsk(): void
  apply(settings: Settings): void
}

/** each update claims the keys it sets, so a late refusal undoes only what is still its own */
const updates = createLatest<keyof Settings>()

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  info: null,
  status: 'idle',
  error: null,
  saving: false,
  saveError: null,
  asking: null,
  async load() {
    set({ status: 'loading', error: null })
    const res = await early('settings.get')
    if (res.ok) {
      set({ settings: res.value, status: 'ready' })
      applyTheme(res.value.theme)
      void setLanguage(res.value.language)
    } else set({ status: 'error', error: res.error })
  },
  async loadInfo() {
    const res = await invoke('app.info', {})
    if (res.ok) set({ info: res.value })
  },
  async update(patch, passphrase) {
    // shown at once (a radio or checkbox must not lag behind the click), undone if main refuses;
    // but amounts show only once main agrees: it may want the passphrase first (docs/security.md)
    const prev = get().settings
    if (prev && patch.hideBalances !== false) {
      set({ settings: { ...prev, ...patch } })
      if (patch.theme) applyTheme(patch.theme)
      if (patch.language) void setLanguage(patch.language)
    }
    set({ saving: true, saveError: null })
    const keys = Object.keys(patch) as Array<keyof Settings>
    const sent = passphrase ? { ...patch, passphrase } : patch
    const { value: res, stale, owned } = await updates.run(() => invoke('settings.update', sent), keys)
    if (res.ok) {
      set({ asking: null })
      // an older answer lacks the changes made since: only the newest one says what stays
      if (!stale) {
        set({ settings: res.value, saving: false })
        applyTheme(res.value.theme)
      }
    } else {
      // undo only what this change set and no later change has set again
      const cur = get().settings
      if (prev && cur) {
        const undo: Partial<Settings> = {}
        for (const k of owned) Object.assign(undo, { [k]: prev[k] })
        set({ settings: { ...cur, ...undo } })
        applyTheme({ ...cur, ...undo }.theme)
      } else set({ settings: prev })
      if (res.error.code === 'needs_passphrase') {
        // the first refusal says why; a wrong passphrase after it is said under the field
        const why = (passphrase && get().asking?.why) || res.error.message
        set({ asking: { patch, why, error: passphrase ? res.error : null }, ...(stale ? {} : { saving: false }) })
      } else set({ saveError: res.error, ...(stale ? {} : { saving: false }) })
    }
    return res.ok
  },
  answer(passphrase) {
    const asked = get().asking
    return asked ? get().update(asked.patch, passphrase) : Promise.resolve(false)
  },
  dismissAsk() {
    set({ asking: null })
  },
  apply(settings) {
    set({ settings, status: 'ready', error: null })
    applyTheme(settings.theme)
    void setLanguage(settings.language)
  },
}))
