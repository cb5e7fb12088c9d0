// The renderer's messages: English is bundled (the source and the fallback); another language's
// catalog is fetched when it is chosen, so the first chunk does not carry all four. `t` reads the
// current catalog; the tree under <I18nRoot> is keyed by locale, so a change re-renders it all.
import en from '@shared/i18n/en.json'
import { type Language, type Locale, resolveLocale, SOURCE_LOCALE } from '@shared/i18n/locales'
import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { create } from 'zustand'

export type MessageId = keyof typeof en
type Catalog = Record<string, string>
type Values = Record<string, string | number | boolean | Date | null | undefined>

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('@shared/i18n/es.json'),
  'pt-BR': () => import('@shared/i18n/pt-BR.json'),
  de: () => import('@shared/i18n/de.json'),
}

const cache = createIntlCache()
const make = (locale: Locale, messages: Catalog): IntlShape =>
  createIntl({ locale, messages, defaultLocale: SOURCE_LOCALE, onError: reportMissing }, cache)

/** A missing message is a bug the completeness test catches; in the app the English text shows. */
function reportMissing(err: { code?: string; message: string }) {
  if (err.code !== 'MISSING_TRANSLATION') console.error(err.message)
}

let current: IntlShape = make(SOURCE_LOCALE, en)

export const useI18n = create<{ locale: Locale; intl: IntlShape }>()(() => ({ locale: SOURCE_LOCALE, intl: current }))

/** The message `id` in the current language, with `values` put in. */
export function t(id: MessageId, values?: Values): string {
  return current.formatMessage({ id }, values)
}

/** The current locale, for Intl formatters outside React (lib/format.ts, lib/money.ts). */
export const currentLocale = (): Locale => useI18n.getState().locale

const systemLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])

let asked = 0
/** Switches to the language `pref` settles on; resolves once its catalog is in. */
export async function setLanguage(pref: Language | undefined): Promise<void> {
  const locale = resolveLocale(pref, systemLanguages())
  if (locale === useI18n.getState().locale) return
  const mine = ++asked
  let messages: Catalog = en
  if (locale !== 'en') {
    try {
      messages = { ...en, ...(await LOADERS[locale]()).default }
    } catch (e) {
      console.error('catalog did not load', e)
      return
    }
  }
  if (mine !== asked) return // a later choice won
  current = make(locale, messages)
  document.documentElement.lang = locale
  useI18n.setState({ locale, intl: current })
}

/**
 * The locale dates and currencies are written in: the system's own variant when it speaks the
 * app's language (en-GB dates for a British English system), else the app's language.
 */
export function formatLocale(): string {
  const locale = currentLocale()
  const system = typeof navigator === 'undefined' ? undefined : navigator.language
  return system && system.split('-')[0] === locale.split('-')[0] ? system : locale
}

/** An Intl.DateTimeFormat made once per locale (a page of rows formats many dates). */
export function dateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: { locale: string; f: Intl.DateTimeFormat } | null = null
  return () => {
    const locale = formatLocale()
    if (made?.locale !== locale) made = { locale, f: new Intl.DateTimeFormat(locale, options) }
    return made.f
  }
}
