// The renderer validates nothing main has not validated already (api.ts): it takes types from the
// contract, not schemas. A value imported from a module of schemas brings zod (55 KB) and the
// schemas into the chunk that imports it; this walks the renderer's imports and finds any way to
// zod's full build. The decoder of payment requests keeps zod's mini build (its boundary check).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

const ROOT = resolve(__dirname, '../..')
const RENDERER = join(ROOT, 'renderer/src')

/** the specifiers a file imports for their values (`import type` and all-`type` lists left out) */
function valueImports(source: string): string[] {
  const out: string[] = []
  const re = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm
  for (const m of source.matchAll(re)) {
    if (m[5]) {
      out.push(m[5])
      continue
    }
    if (m[2]) continue
    // `{ type A, type B }` alone is erased like `import type` (isolatedModules, no verbatim syntax)
    const named = /^\{([^}]*)\}$/.exec((m[3] ?? '').trim())
    const onlyTypes =
      named?.[1]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type ')) ?? false
    if (!onlyTypes) out.push(m[4] ?? '')
  }
  return out
}

function resolveFile(from: string, spec: string): string | null {
  const base = spec.startsWith('@shared/')
    ? join(ROOT, 'shared', spec.slice('@shared/'.length))
    : spec.startsWith('.')
      ? resolve(dirname(from), spec)
      : null
  if (!base) return null
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => isFile(f)) ?? null
}

const isFile = (f: string) => statSync(f, { throwIfNoEntry: false })?.isFile() === true

/** every package the renderer's code reaches for values, with one path that reaches it */
function packagesReached(): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  const seen = new Set<string>()
  const files = readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(RENDERER, f))
  const walk = (file: string, path: string[]) => {
    if (seen.has(file) || file.endsWith('.json')) return
    seen.add(file)
    for (const spec of valueImports(readFileSync(file, 'utf8'))) {
      const next = resolveFile(file, spec)
      if (next) walk(next, [...path, relative(ROOT, next)])
      else if (!spec.startsWith('.') && !spec.startsWith('@shared/') && !reached.has(spec))
        reached.set(spec, [...path, spec])
    }
  }
  for (const f of files) walk(f, [relative(ROOT, f)])
  return reached
}

test('the renderer reaches no module that imports zod, but the payment decoder its mini build', () => {
  const reached = packagesReached()
  expect(reached.get('zod'), `zod reached by ${reached.get('zod')?.join(' → ')}`).toBeUndefined()
  expect([...reached.keys()].filter((p) => p.startsWith('zod/') && p !== 'zod/mini')).toEqual([])
  expect(reached.get('zod/mini')?.at(-2)).toBe('shared/payment/bolt11.ts')
  // the walk sees the renderer's packages at all
  expect(reached.has('react')).toBe(true)
})

test('value imports: type-only imports and lists are left out, side-effect imports kept', () => {
  const src = [
    "import type { A } from 'a'",
    "import { type B, type C } from 'b'",
    "import { type D, E } from 'c'",
    "import F from 'd'",
    "import G, { type H } from 'e'",
    "import './f.css'",
    "export { I } from 'g'",
    "export type { J } from 'h'",
  ].join('\n')
  expect(valueImports(src)).toEqual(['c', 'd', 'e', './f.css', 'g'])
})
