import type { OpOutput, Settings } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke } from '../api'
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

export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  info: null,
  status: 'idle',
  error: null,
  saving: false,
  saveError: null,
  async load() {
    set({ status: 'loading', error: null })
    const res = await invoke('settings.get', {})
    if (res.ok) {
      set({ settings: res.value, status: 'ready' })
      applyTheme(res.value.theme)
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
    }
    set({ saving: true, saveError: null })
    const res = await invoke('settings.update', patch)
    if (res.ok) {
      set({ settings: res.value, saving: false })
      applyTheme(res.value.theme)
    } else {
      set({ settings: prev, saving: false, saveError: res.error })
      if (prev) applyTheme(prev.theme)
    }
    return res.ok
  },
  apply(settings) {
    set({ settings, status: 'ready', error: null })
    applyTheme(settings.theme)
  },
}))
