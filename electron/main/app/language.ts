// Main's language follows the settings inside the app core, so what main says (refusals, notices,
// notifications, the tray's words) is in the page's language wherever the core runs: in Electron,
// in the browser preview and in the tests (docs/i18n.md). Set once the settings are read, then
// again before each `settings.updated` leaves, so the shell relabels its menus in the new one.
import type { Emit, Settings } from '@shared/contract'
import { followLanguage } from '../services/i18n'

/** The OS's preferred languages, best first (Electron's; none elsewhere means English for 'system'). */
export type SystemLanguages = () => readonly string[]

export function speakSettings(settings: Pick<Settings, 'language'>, system: SystemLanguages = () => []): boolean {
  return followLanguage(settings.language, system())
}

/** `to`, with main's language set from each `settings.updated` before it goes on. */
export function speakingEmit(to: Emit, system?: SystemLanguages): Emit {
  return (event, payload) => {
    if (event === 'settings.updated') speakSettings(payload as Settings, system)
    to(event, payload)
  }
}
