// Comments and docs point to the docs by file and section ("docs/sync.md, \"The sync loop\"");
// when a section moves or is renamed, the pointers must move with it, or a reader lands nowhere.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
// a file, then (maybe after a comma, a parenthesis or "section") the quoted title, which may be
// wrapped over comment lines
const REF = /docs\/([\w.-]+\.md)(?:[,:]?\s*\(?\s*(?:section\s*)?["“]([^"”]{1,120})["”])?/g

function headings(file: string): string[] {
  return [...readFileSync(join(root, 'docs', file), 'utf8').matchAll(/^#{1,4} (.+)$/gm)].map((m) =>
    (m[1] as string).replace(/`/g, '').trim(),
  )
}

/** every pointer in `text` that names no file or no heading there, as `file "title"` */
function brokenRefs(text: string, exists: (file: string) => boolean, titles: (file: string) => string[]) {
  const broken: string[] = []
  for (const m of text.matchAll(REF)) {
    const file = m[1] as string
    if (!exists(file)) {
      broken.push(file)
      continue
    }
    const raw = m[2]
    if (raw === undefined) continue
    const title = raw
      .replace(/\s*(?:\/\/|\*|#)\s*/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/`/g, '')
      .trim()
    if (!titles(file).some((h) => h.startsWith(title))) broken.push(`${file} "${title}"`)
  }
  return broken
}

describe('pointers to the docs', () => {
  it('each names a file in docs/ and a heading of it', () => {
    const files = execFileSync(
      'git',
      ['ls-files', 'electron', 'renderer', 'shared', 'test', 'scripts', 'bench', 'dev', 'docs', 'README.md'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|md|sh|css)$/.test(f) && existsSync(join(root, f)))
      // this file's own examples are broken on purpose
      .filter((f) => f !== 'test/docsRefs.test.ts')
    const broken: string[] = []
    const cache = new Map<string, string[]>()
    const titles = (f: string) => cache.get(f) ?? cache.set(f, headings(f)).get(f) ?? []
    for (const f of files) {
      for (const b of brokenRefs(readFileSync(join(root, f), 'utf8'), (d) => existsSync(join(root, 'docs', d)), titles))
        broken.push(`${f}: ${b}`)
    }
    expect(broken).toEqual([])
  })

  it('the check catches a moved section and a missing file', () => {
    const titles = () => ['The sync loop', 'Shell: tray, popover']
    const exists = (f: string) => f === 'sync.md'
    expect(brokenRefs('(docs/sync.md, "The sync\n// loop")', exists, titles)).toEqual([])
    expect(brokenRefs('(docs/sync.md, "Shell")', exists, titles)).toEqual([])
    expect(brokenRefs('(docs/sync.md, "Money rules")', exists, titles)).toEqual(['sync.md "Money rules"'])
    expect(brokenRefs('see docs/gone.md', exists, titles)).toEqual(['gone.md'])
  })
})
