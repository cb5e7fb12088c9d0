// The page's first script as the build makes it (scripts/lib/earlyScript.ts): one classic script,
// small, carrying the catalogs' own words for the early total (renderer/src/early).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildEarlyScript, EARLY_TAG, earlyWords, withEarlyTag } from '../scripts/lib/earlyScript'

const ROOT = resolve(__dirname, '..')

describe('the early script', () => {
  it('takes its words from the catalogs, for every language', () => {
    const words = earlyWords(ROOT)
    expect(Object.keys(words).sort()).toEqual(['de', 'en', 'es', 'pt-BR'])
    expect(words.en).toEqual({ total: 'Total', lockNow: 'Lock now' })
    expect(words.de).toEqual({ total: 'Gesamt', lockNow: 'Jetzt sperren' })
  })

  it('is built as one classic script: no import or export, the words in, under 8 KB', async () => {
    const code = await buildEarlyScript(ROOT)
    expect(code).toMatch(/^\(function\(\)\{/)
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\b/m)
    expect(code).toContain('Gesamt')
    expect(code).toContain('Bloquear agora')
    expect(code).not.toContain('__EARLY_WORDS__')
    expect(Buffer.byteLength(code)).toBeLessThan(8 * 1024)
  })
})

describe("the early script's tag", () => {
  it('is not in renderer/index.html, where Vite warns of a classic script it cannot bundle; the plugin adds it after #root', () => {
    const html = readFileSync(resolve(ROOT, 'renderer/index.html'), 'utf8')
    expect(html).not.toMatch(/<script(?![^>]*type="module")[^>]*src=/)
    const built = withEarlyTag(html)
    expect(built).toContain(`<div id="root"></div>\n    ${EARLY_TAG}`)
    expect(built.indexOf(EARLY_TAG)).toBeLessThan(built.indexOf('type="module"'))
  })
})
