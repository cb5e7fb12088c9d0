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
  load(): Promise<void>
  loadInfo(): Promise<void>
  update(patch: Partial<Settings>): Promise<boolean>
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
  async update(patch) {
    // shown at once (a radio or checkbox must not lag behind the click), undone if main refuses
    const prev = get().settings
    if (prev) {
      set({ settings: { ...prev, ...patch } })
      if (patch.theme) applyTheme(patch.theme)
      if (patch.language) void setLanguage(patch.language)
    }
    set({ saving: true, saveError: null })
    const keys = Object.keys(patch) as Array<keyof Settings>
    const { value: res, stale, owned } = await updates.run(() => invoke('settings.update', patch), keys)
    if (res.ok) {
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
      set({ saveError: res.error, ...(stale ? {} : { saving: false }) })
    }
    return res.ok
  },
  apply(settings) {
    set({ settings, status: 'ready', error: null })
    applyTheme(settings.theme)
    void setLanguage(settings.language)
  },
}))
