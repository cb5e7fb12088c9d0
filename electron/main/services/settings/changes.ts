// A change of settings as the person makes it: written, announced to the renderer and the tray,
// and handed to whatever follows the settings (prices, the poll interval) at once.
import type { Emit, Settings } from '@shared/contract'
import type { SettingsStore } from '.'

export interface SettingsChangesDeps {
  settings: SettingsStore
  emit: Emit
  /** what follows the settings: called after each change is written */
  followers: ReadonlyArray<() => void>
}

export type SettingsChanges = ReturnType<typeof createSettingsChanges>

export function createSettingsChanges(d: SettingsChangesDeps) {
  return {
    current: (): Settings => d.settings.current().settings,
    async update(patch: Partial<Settings>): Promise<Settings> {
      // IPC keeps a key sent as undefined, and the partial schema lets it through: it changes nothing.
      const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
      const next = await d.settings.update((s) => ({ ...s, settings: { ...s.settings, ...set } }))
      d.emit('settings.updated', next.settings)
      for (const follow of d.followers) follow()
      return next.settings
    },
  }
}
