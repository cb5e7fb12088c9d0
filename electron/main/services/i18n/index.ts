// Main's words (tray, menus, notifications) in the app's language, from the renderer's catalogs
// (shared/i18n). Main has all four at hand: they are read from disk with the app, not downloaded.
// One language at a time for the whole process; the app core sets it from the settings and the
// OS's languages (app/language.ts), in Electron, the browser preview and the tests alike.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import de from '@shared/i18n/de.json'
import en from '@shared/i18n/en.json'
import es from '@shared/i18n/es.json'
import { type Language, type Locale, resolveLocale, SOURCE_LOCALE } from '@shared/i18n/locales'
import ptBR from '@shared/i18n/pt-BR.json'
import { sayWith, type Words } from '@shared/i18n/words'

export type MessageId = keyof typeof en
type Values = Record<string, string | number | Date>

const CATALOGS: Record<Locale, Record<string, string>> = { en, es, 'pt-BR': ptBR, de }
const cache = createIntlCache()
const make = (locale: Locale): IntlShape<string> =>
  createIntl(
    {
      locale,
      defaultLocale: SOURCE_LOCALE,
      // a message a catalog lacks (the completeness test forbids it) falls back to English
      messages: { ...en, ...CATALOGS[locale] },
      onError: () => {},
    },
    cache,
  )

let current = make(SOURCE_LOCALE)

export function setMainLocale(locale: Locale): boolean {
  if (current.locale === locale) return false
  current = make(locale)
  return true
}

export const mainLocale = (): Locale => current.locale as Locale

/**
 * Main's language for the language setting: the one chosen, or for 'system' (or none) the first
 * of the system's languages the app speaks. True when it changed.
 */
export function followLanguage(language: Language | undefined, system: readonly string[]): boolean {
  return setMainLocale(resolveLocale(language, system))
}

/** The message `id` in main's current language. */
export function mt(id: MessageId, values?: Values): string {
  return current.formatMessage({ id }, values)
}

/** Words @shared gave (a parse refusal, a link's summary) in main's current language. */
export const mw = (w: Words): string => sayWith(mt, w)

/** Whether `text` is the message `id` (without values) in any of the four languages: words main wrote earlier. */
export function saidIn(id: MessageId, text: string | null): boolean {
  if (text === null) return false
  return (Object.keys(CATALOGS) as Locale[]).some((l) => make(l).formatMessage({ id }) === text)
}
