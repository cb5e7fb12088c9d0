// The renderer's build parses each catalog (scripts/lib/messagesAst.ts) and leaves the ICU parser
// out of the page: every message, parsed, must say exactly what its text says.
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { catalogAst, messagesAst, noMessageParser } from '../scripts/lib/messagesAst'
import { LOCALES } from '../shared/i18n/locales'

const ROOT = resolve(__dirname, '..')
const catalogText = (locale: string) => readFileSync(join(ROOT, 'shared/i18n', `${locale}.json`), 'utf8')

type Element = {
  type: number
  value: string
  options?: Record<string, { value: Element[] }>
  children?: Element[]
}
type Value = string | number | Date | ((chunks: unknown[]) => string)

/** A value for each argument a message names, of the kind its placeholder formats. */
function sampleValues(els: Element[], into: Record<string, Value> = {}): Record<string, Value> {
  for (const el of els) {
    if (el.type === 1) into[el.value] = `«${el.value}»`
    if (el.type === 2 || el.type === 6) into[el.value] = 2
    if (el.type === 3 || el.type === 4) into[el.value] = new Date(Date.UTC(2026, 10, 27, 5, 6))
    if (el.type === 5) into[el.value] = Object.keys(el.options ?? {}).find((k) => k !== 'other') ?? 'other'
    if (el.type === 8) into[el.value] = (chunks) => `<${el.value}>${chunks.join('')}</${el.value}>`
    for (const option of Object.values(el.options ?? {})) sampleValues(option.value, into)
    if (el.children) sampleValues(el.children, into)
  }
  return into
}

describe.each(LOCALES)('%s, parsed at build time', (locale) => {
  const text = JSON.parse(catalogText(locale)) as Record<string, string>
  const parsed = JSON.parse(catalogAst(catalogText(locale), locale)) as Record<string, Element[]>

  it('has every message, none left as text', () => {
    expect(Object.keys(parsed)).toEqual(Object.keys(text))
    for (const ast of Object.values(parsed)) expect(Array.isArray(ast)).toBe(true)
  })

  it('formats every message as its text does', () => {
    const fromText = createIntl({ locale, messages: text })
    const fromParsed = createIntl({ locale, messages: parsed as never })
    for (const id of Object.keys(text)) {
      const values = sampleValues(parsed[id]!)
      expect(fromParsed.formatMessage({ id }, values as never), id).toEqual(
        fromText.formatMessage({ id }, values as never),
      )
    }
  })
})

describe('the renderer build', () => {
  it('parses the catalogs it imports and nothing else', () => {
    const plugin = messagesAst()
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null
    const de = transform.call({}, catalogText('de'), join(ROOT, 'shared/i18n/de.json'))
    expect(JSON.parse(de!.code)['home.total']).toEqual([
      { type: 0, value: JSON.parse(catalogText('de'))['home.total'] },
    ])
    expect(transform.call({}, '{"a":"b"}', join(ROOT, 'package.json'))).toBeNull()
  })

  it('gives the page the parser package without its parser', () => {
    const alias = noMessageParser(ROOT)
    expect(String(alias.find)).toBe(String(/^@formatjs\/icu-messageformat-parser$/))
    expect(alias.replacement).toMatch(/icu-messageformat-parser[\\/]no-parser\.js$/)
    expect(existsSync(alias.replacement)).toBe(true)
  })
})
