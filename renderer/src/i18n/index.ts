// The renderer's messages. The formatter and English (./runtime) and the chosen language's catalog
// are fetched on demand, while main is asked for the settings and before anything shows; the entry
// chunk carries none of them. `t` reads the current catalog; the tree under <I18nRoot> is keyed by
// locale, so a change re-renders it all.
import type en from '@shared/i18n/en.json'
import { type Language, type Locale, resolveLocale, SOURCE_LOCALE } from '@shared/i18n/locales'
import { sayWith, type Words } from '@shared/i18n/words'
import type { IntlShape } from 'react-intl'
import { create } from 'zustand'
import type { Catalog } from './runtime'

export type MessageId = keyof typeof en
type Values = Record<string, string | number | boolean | Date | null | undefined>

const runtime = () => import('./runtime')
/** Starts fetching the formatter early (with the first calls to main), so it is in when needed. */
export const preloadI18n = (): void => void runtime().catch(() => {})
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalog }>> = {
  es: () => import('@shared/i18n/es.json'),
  'pt-BR': () => import('@shared/i18n/pt-BR.json'),
  de: () => import('@shared/i18n/de.json'),
}

/** null until the first catalog is in (nothing is shown before: stores/lock.ts waits for it) */
let current: IntlShape | null = null

export const useI18n = create<{ locale: Locale; intl: IntlShape | null }>()(() => ({
  locale: SOURCE_LOCALE,
  intl: null,
}))

/** The message `id` in the current language, with `values` put in (the id itself before any catalog). */
export function t(id: MessageId, values?: Values): string {
  return current ? current.formatMessage({ id }, values) : id
}

/** Words @shared gave (a parse refusal, a link's summary) in the current language. */
export const tw = (w: Words): string => sayWith(t, w)

/** The formatter in use (a server render reads the store's first state, so it asks here). */
export const currentIntl = (): IntlShape | null => current

/** The current locale, for Intl formatters outside React (lib/format.ts, lib/money.ts). */
export const currentLocale = (): Locale => useI18n.getState().locale

const systemLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])

let asked = 0
/** Switches to the language `pref` settles on; resolves once its catalog is in. */
export async function setLanguage(pref: Language | undefined): Promise<void> {
  const locale = resolveLocale(pref, systemLanguages())
  if (current && locale === useI18n.getState().locale) return
  const mine = ++asked
  let made: IntlShape
  try {
    const [rt, extra] = await Promise.all([runtime(), locale === 'en' ? null : LOADERS[locale]()])
    made = rt.makeIntl(locale, extra ? { ...rt.en, ...extra.default } : rt.en)
  } catch (e) {
    console.error('catalog did not load', e)
    return
  }
  if (mine !== asked) return // a later choice won
  current = made
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  useI18n.setState({ locale, intl: made })
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
