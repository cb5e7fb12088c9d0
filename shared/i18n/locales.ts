// The languages the app speaks, and how a preference ('system' or one of them) and the system's
// own list of languages settle on one. Catalogs are `<locale>.json` beside this file. No zod here:
// the renderer's first chunk imports this file.
export const LOCALES = ['en', 'es', 'pt-BR', 'de'] as const
export type Locale = (typeof LOCALES)[number]
/** The setting: the system's language or one of the app's (its schema: ./language.ts). */
export type Language = 'system' | Locale
export const SOURCE_LOCALE: Locale = 'en'

/** Each language's own name, shown in the language setting whatever the app's language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
}

/** The first of `system` (BCP 47 tags, most preferred first) the app speaks; any Portuguese is pt-BR. */
export function matchLocale(system: readonly string[]): Locale {
  for (const tag of system) {
    const lang = tag.toLowerCase().split(/[-_]/)[0]
    const hit = LOCALES.find((l) => l.toLowerCase().split('-')[0] === lang)
    if (hit) return hit
  }
  return SOURCE_LOCALE
}

export function resolveLocale(pref: Language | undefined, system: readonly string[]): Locale {
  return pref && pref !== 'system' ? pref : matchLocale(system)
}
