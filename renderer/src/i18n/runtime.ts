// The message formatter and the English catalog, in a chunk of their own: the page fetches it
// (with the chosen language's catalog) while it asks main for the settings, before the first
// screen shows, so the entry chunk carries neither (bench: initial JS).
import en from '@shared/i18n/en.json'
import type { Locale } from '@shared/i18n/locales'
import { SOURCE_LOCALE } from '@shared/i18n/locales'
import { createIntl, createIntlCache, type IntlShape } from 'react-intl'

export type Catalog = Record<string, string>
export { en }

const cache = createIntlCache()

/** A missing message is a bug the completeness test catches; in the app the English text shows. */
function reportMissing(err: { code?: string; message: string }) {
  if (err.code !== 'MISSING_TRANSLATION') console.error(err.message)
}

export function makeIntl(locale: Locale, messages: Catalog): IntlShape {
  return createIntl({ locale, messages, defaultLocale: SOURCE_LOCALE, onError: reportMissing }, cache)
}
