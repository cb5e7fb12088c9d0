// The renderer's catalogs, parsed at build time. react-intl then formats each message from its
// parsed form: a plain text message is returned as it is, and the page carries no ICU parser
// (the alias below). Main and the tests read the same JSON files as text (docs/i18n.md).
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createIntl } from '@formatjs/intl'
import type { Alias, Plugin } from 'vite'

const CATALOG = /[\\/]shared[\\/]i18n[\\/][\w-]+\.json$/

/** Each message of a catalog (JSON text) as react-intl's own parser reads it at run time. */
export function catalogAst(json: string, locale: string): string {
  const messages = JSON.parse(json) as Record<string, unknown>
  const intl = createIntl({ locale, messages: {} })
  const parsed: Record<string, unknown> = {}
  for (const [id, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${locale}: ${id} is not a string`)
    // the formatter react-intl makes for a text message, whose getAst() is the parser's output
    parsed[id] = intl.formatters.getMessageFormat(text, locale).getAst()
  }
  return JSON.stringify(parsed)
}

/** Vite plugin: `shared/i18n/<locale>.json` imports become their parsed messages (still JSON). */
export function messagesAst(): Plugin {
  return {
    name: 'lightning-tray:messages-ast',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id
      if (!CATALOG.test(file)) return null
      const locale = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '')
      return { code: catalogAst(code, locale), map: null }
    },
  }
}

/**
 * intl-messageformat's parser replaced by the package's no-parser build (its types and helpers
 * only): every message the page formats was parsed by `messagesAst`, so a message left as text
 * throws in the page instead of being parsed there. Resolved the way intl-messageformat (under
 * react-intl) finds it, from the project at `root`.
 */
export function noMessageParser(root: string): Alias {
  const fromRoot = createRequire(join(root, 'package.json'))
  const fromFormatter = createRequire(
    fromRoot.resolve('intl-messageformat', { paths: [dirname(fromRoot.resolve('react-intl'))] }),
  )
  return {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: fromFormatter.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
  }
}
