// The message formatter and the English catalog, in a chunk of their own: the page fetches it
// (with the chosen language's catalog) while it asks main for the settings, before the first
// screen shows, so the entry chunk carries neither (bench: initial JS). The build gives each
// catalog's messages parsed and leaves the ICU parser out (scripts/lib/messagesAst.ts); the unit
// tests import them as text, which react-intl parses as before.
import en from '@shared/i18n/en.json'
import type { Locale } from '@shared/i18n/locales'
import { SOURCE_LOCALE } from '@shared/i18n/locales'
import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl'

/** A message as text (unit tests) or parsed (the build) */
export type Catalog = Record<string, string | MessageFormatElement[]>
export { en }

const cache = createIntlCache()

/** A missing message is a bug the completeness test catches; in the app the English text shows. */
function reportMissing(err: { code?: string; message: string }) {
  if (err.code !== 'MISSING_TRANSLATION') console.error(err.message)
}

export function makeIntl(locale: Locale, messages: Catalog): IntlShape {
  // react-intl types a catalog as all text or all parsed; a catalog is one or the other
  const all = messages as Record<string, MessageFormatElement[]>
  return createIntl({ locale, messages: all, defaultLocale: SOURCE_LOCALE, onError: reportMissing }, cache)
}
