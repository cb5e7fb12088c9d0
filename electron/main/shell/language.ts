// Main's language from the setting and, for 'system', the OS's preferred languages (Electron's
// app; tests mock it, so a missing call means no preference, and English).
import type { Settings } from '@shared/contract'
import { resolveLocale } from '@shared/i18n/locales'
import { app } from 'electron'
import { setMainLocale } from '../services/i18n'

function systemLanguages(): string[] {
  try {
    const preferred = app.getPreferredSystemLanguages?.() ?? []
    return preferred.length > 0 ? preferred : [app.getLocale()]
  } catch {
    return []
  }
}

/** Sets main's language for `settings`; true when it changed (menus are then built again). */
export function applyLanguage(settings: Pick<Settings, 'language'>): boolean {
  return setMainLocale(resolveLocale(settings.language, systemLanguages()))
}
