// The OS's preferred languages from Electron's app, for the language setting 'system' (the app
// core sets main's language from it and the settings: app/language.ts). Tests mock Electron, so a
// missing call means no preference, and English.
import { app } from 'electron'

export function systemLanguages(): string[] {
  try {
    const preferred = app.getPreferredSystemLanguages?.() ?? []
    return preferred.length > 0 ? preferred : [app.getLocale()]
  } catch {
    return []
  }
}
