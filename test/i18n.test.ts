// The catalogs are complete and the code speaks only through them (docs/i18n.md): every language
// has exactly English's ids, each message parses as ICU with English's placeholders, and no
// user-facing words are written into the renderer's JSX or main's menus and notifications.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parse as parseIcu, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../shared/i18n/locales'
import { errorLiterals, mainSentences, reasonLiterals, sentenceLiterals } from './support/errorLiterals'
import { jsxLiterals, mainLiterals } from './support/uiLiterals'

const ROOT = resolve(__dirname, '..')
const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, 'shared/i18n', `${locale}.json`), 'utf8'))
const en = catalog('en')

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = []
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...files(path, ext))
    else if (ext.test(name)) out.push(relative(ROOT, join(ROOT, path)))
  }
  return out
}

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] }
/** The argument names a message uses (plural/select arguments and those inside their branches). */
function placeholders(els: Element[], into = new Set<string>()): Set<string> {
  for (const el of els) {
    if (el.type !== TYPE.literal && el.type !== TYPE.pound && el.value) into.add(el.value)
    for (const o of Object.values(el.options ?? {})) placeholders(o.value, into)
    if (el.children) placeholders(el.children, into)
  }
  return into
}

/** Problems of one catalog against English: ids missing or extra, parse errors, other placeholders. */
function catalogProblems(source: Record<string, string>, other: Record<string, string>): string[] {
  const out: string[] = []
  for (const id of Object.keys(source)) if (!(id in other)) out.push(`missing ${id}`)
  for (const id of Object.keys(other)) if (!(id in source)) out.push(`extra ${id}`)
  for (const [id, text] of Object.entries(other)) {
    if (typeof text !== 'string' || text.trim() === '') {
      out.push(`empty ${id}`)
      continue
    }
    let mine: Set<string>
    try {
      mine = placeholders(parseIcu(text) as Element[])
    } catch (e) {
      out.push(`ICU error in ${id}: ${(e as Error).message}`)
      continue
    }
    if (!(id in source)) continue
    const theirs = placeholders(parseIcu(source[id] as string) as Element[])
    const a = [...mine].sort().join(',')
    const b = [...theirs].sort().join(',')
    if (a !== b) out.push(`placeholders of ${id}: {${a}} against English {${b}}`)
  }
  return out
}

/** Main's files that build menus and notifications. */
const MAIN_TEXT_FILES = [
  ...files('electron/main/services/notify', /\.ts$/),
  ...files('electron/main/services/tray', /\.ts$/),
  'electron/main/shell/menu.ts',
  'electron/main/shell/tray.ts',
]

/**
 * Files whose `message:` texts are not for a person: a backup's zod issues, the dev demo's log, the
 * service's wire schemas' zod issues (a failed parse becomes the client's own catalog words).
 */
const NOT_FOR_A_PERSON = [
  'electron/main/shell/start.ts',
  'electron/main/services/backup/payload.ts',
  'electron/main/services/backends/service/schemas.ts',
  'electron/main/services/backends/lnbits/schemas.ts',
]
/** Files whose sentences are read by someone other than the person, and by whom. */
const WORDS_FOR_OTHERS: Record<string, string> = {
  // NIP-47 answers to a connected app (docs/nwc.md); the person reads the app's own catalog words
  'electron/main/services/nwc/index.ts': 'a connected app',
  'electron/main/services/nwc/pay.ts': 'a connected app',
  // the log's: a caller says the failure in catalog words (rates/source.ts names each class)
  'electron/main/services/http/boundedFetch.ts': 'the log',
  'electron/main/services/http/readBody.ts': 'the log',
}

describe('catalogs', () => {
  it('English parses and has ids', () => {
    expect(Object.keys(en).length).toBeGreaterThan(100)
    expect(catalogProblems(en, en)).toEqual([])
  })
  for (const locale of LOCALES.filter((l) => l !== 'en'))
    it(`${locale} has English's ids, valid ICU and the same placeholders`, () => {
      expect(catalogProblems(en, catalog(locale))).toEqual([])
    })

  it('finds a missing id, an extra one, a syntax error and a wrong placeholder', () => {
    const source = { a: 'One {n}', b: 'Two', c: '{count, plural, one {# row} other {# rows}}' }
    expect(catalogProblems(source, { a: 'Uno {m}', c: '{count, plural, one {# fila', d: 'x' })).toEqual([
      'missing b',
      'extra d',
      'placeholders of a: {m} against English {n}',
      expect.stringMatching(/^ICU error in c/),
    ])
  })

  it('every id the renderer names is in English', () => {
    const unknown: string[] = []
    for (const file of files('renderer/src', /\.tsx?$/)) {
      const code = readFileSync(join(ROOT, file), 'utf8')
      for (const m of code.matchAll(/<FormattedMessage\s+id="([^"]+)"|\bt\('([^']+)'/g)) {
        const id = (m[1] ?? m[2]) as string
        if (!(id in en)) unknown.push(`${file}: ${id}`)
      }
    }
    expect(unknown).toEqual([])
  })
})

describe('no words outside the catalog', () => {
  it('the renderer JSX has no literal text, aria-label, title, placeholder or alt', () => {
    const found: string[] = []
    for (const file of files('renderer/src', /\.tsx$/))
      for (const hit of jsxLiterals(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    expect(found).toEqual([])
  })

  it("main's menus and notifications have no literal labels, titles or bodies", () => {
    const found: string[] = []
    for (const file of MAIN_TEXT_FILES)
      for (const hit of mainLiterals(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    expect(found).toEqual([])
  })

  it("main's error messages come from the catalogs, not from literals", () => {
    const found: string[] = []
    for (const file of files('electron/main', /\.ts$/)) {
      for (const hit of errorLiterals(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    }
    expect(found).toEqual([])
  })

  it('no sentence for a person is written in main: refusals, notes and warnings come from the catalogs', () => {
    const found: string[] = []
    for (const file of files('electron/main', /\.ts$/)) {
      if (NOT_FOR_A_PERSON.includes(file) || Object.hasOwn(WORDS_FOR_OTHERS, file)) continue
      for (const hit of mainSentences(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    }
    expect(found).toEqual([])
    const sample =
      "throw refuse('This invoice has expired. Ask for a new one.')\n// a comment's words here.\ndb.prepare('DELETE FROM x WHERE id = ?')\nconst why = e ? e.message : 'Something went wrong here.'\nlog.warn('handler threw', { id })"
    expect(mainSentences(sample)).toEqual([
      '1: "This invoice has expired. Ask for a new one."',
      '4: "Something went wrong here."',
    ])
  })

  it("the price source's reasons and the lock's refusals come from the catalogs", () => {
    const found: string[] = []
    for (const file of [...files('electron/main/services/rates', /\.ts$/), 'electron/main/services/lock/index.ts'])
      for (const hit of reasonLiterals(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    expect(found).toEqual([])
    const sample = "return { ok: false, reason: 'No price.' }\nreturn 'Too slow.'\nreturn `\u0024{a}`"
    expect(reasonLiterals(sample)).toEqual(['1: "No price."', '2: "Too slow."'])
  })

  it("@shared's payment reader, private-host warning and history kinds give message ids, never sentences", () => {
    const found: string[] = []
    // the history's filter kinds are named by the renderer (HistoryFilters.tsx), not in @shared
    for (const file of [...files('shared/payment', /\.ts$/), 'shared/netAddress.ts', 'shared/historyLimits.ts'])
      for (const hit of sentenceLiterals(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${hit}`)
    expect(found).toEqual([])
    const sample =
      "const A = 'This is far too long.'\n// a comment's words\nreturn invalid('link', `This is a \u0024{s}: link`)\nwords('parse.x')"
    expect(sentenceLiterals(sample)).toEqual(['1: "This is far too long."', '3: "This is a  : link"'])
  })

  it("main's notices (`message:`) come from the catalogs", () => {
    const found: string[] = []
    for (const file of files('electron/main', /\.ts$/)) {
      if (NOT_FOR_A_PERSON.includes(file)) continue
      for (const hit of reasonLiterals(readFileSync(join(ROOT, file), 'utf8'), ['message:']))
        found.push(`${file}:${hit}`)
    }
    expect(found).toEqual([])
  })

  it('the error finder sees a literal, a template with words and a ternary, not ids or comparisons', () => {
    const code = `throw new AppError('timeout', 'Too slow.')
new AppError(code, \`Over \${n} sats\`, { retryable: false })
new AppError('x', msg ? mt('a.b', { msg }) : 'Refused.')
new AppError('x', k === 'invalid' ? why : mt('c.d'))
new RemoteError('garbage', \`\${host} is odd\`)
new AppError('x', \`\${a} \${b}\`)
return fail('busy', 'Wait.')`
    expect(errorLiterals(code)).toEqual([
      '1: AppError "Too slow."',
      '2: AppError "Over   sats"',
      '3: AppError "Refused."',
      '5: RemoteError "is odd"',
      '7: fail "Wait."',
    ])
  })

  it('the finder sees text, attributes, strings shown as children and menu labels', () => {
    const jsx = `const A = () => <p title="Hi there" aria-label={x ? 'Yes it is' : t('a')}>Hello {n} {ok ? 'Sent' : ''}<i>{' · '}</i></p>`
    expect(jsxLiterals(jsx).map((h) => h.replace(/^\d+: /, ''))).toEqual([
      'title="Hi there"',
      'aria-label="Yes it is"',
      'Hello',
      'Sent',
    ])
    expect(mainLiterals(`m({ label: 'Quit', click }); n({ title: t('x'), body: \`Got \${a}\` })`)).toEqual([
      '1: label: "Quit"',
      '1: body: "Got  "',
    ])
  })
})
