// The layers point one way and no module imports itself round a loop (docs/architecture.md,
// "Layers"). The import graph is read from the sources' import specifiers: no compiler needed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '..')
const SCANNED = ['electron', 'shared', 'renderer', 'dev']

type Layer = 'shared' | 'services' | 'ipc' | 'app' | 'shell' | 'preload' | 'renderer' | 'dev'

/** What each layer may import besides itself. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  shared: [],
  services: ['shared'],
  ipc: ['services', 'shared'],
  app: ['ipc', 'services', 'shared'],
  shell: ['app', 'ipc', 'services', 'shared'],
  preload: ['shared'],
  renderer: ['shared'],
  // dev-only tools (the browser preview) run main's pieces in Node; nothing imports them
  dev: ['shell', 'app', 'ipc', 'services', 'shared'],
}

/** Packages a layer must never load: shared stays pure, the renderer is a web page. */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  shared: /^(electron|node:|fs$|path$|os$|crypto$|keytar$|ky$)/,
  renderer: /^(electron|node:|fs$|path$|os$|crypto$|keytar$|ky$)/,
  preload: /^(?!electron$)/, // a sandboxed preload can require nothing but electron
}

function layerOf(file: string): Layer | null {
  if (file.startsWith('shared/')) return 'shared'
  if (file.startsWith('renderer/')) return 'renderer'
  if (file.startsWith('dev/')) return 'dev'
  if (file.startsWith('electron/preload/')) return 'preload'
  if (file === 'electron/main/index.ts' || file.startsWith('electron/main/shell/')) return 'shell'
  if (file.startsWith('electron/main/app/')) return 'app'
  if (file.startsWith('electron/main/ipc/')) return 'ipc'
  if (file === 'electron/main/log.ts' || file.startsWith('electron/main/services/')) return 'services'
  return null
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name)) out.push(path)
  }
  return out
}

/** The code without its comments (strings kept), so a commented-out import is not counted. */
function withoutComments(text: string): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    const next = text[i + 1]
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else {
      out += c
      i++
    }
  }
  return out
}

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g, // import … from '…', export … from '…'
  /\bimport\s*(['"])([^'"]+)\1/g, // import '…'
  /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g, // import('…')
  /\brequire\s*\(\s*(['"])([^'"]+)\1\s*\)/g, // require('…')
]

function importSpecifiers(text: string): string[] {
  const code = withoutComments(text)
  const found = new Set<string>()
  for (const pattern of IMPORT_PATTERNS) for (const m of code.matchAll(pattern)) found.add(m[2]!)
  return [...found]
}

/** `import type …`, `export type …` and a list of types alone (`{ type A, type B }`): erased from the build */
const TYPE_ONLY =
  /\b(?:import|export)\s+(?:type\s[^'"`;]*?|\{(?:\s*type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?)+\s*\})\s*from\s*(['"])[^'"]+\1/g

/** The specifiers a file imports for their values, as the build keeps them (type-only imports left out). */
function valueImportSpecifiers(text: string): string[] {
  return importSpecifiers(withoutComments(text).replace(TYPE_ONLY, ''))
}

/** A project file (relative to the root) for a specifier, or null for a package. */
function resolveSpecifier(fromFile: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@shared/')) base = join(ROOT, 'shared', spec.slice('@shared/'.length))
  else if (spec.startsWith('.')) base = resolve(dirname(join(ROOT, fromFile)), spec)
  else return null
  const stem = base.replace(/\.js$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate)
  }
  throw new Error(`${fromFile}: cannot resolve '${spec}'`)
}

interface Graph {
  /** file → the project files it imports */
  edges: Map<string, string[]>
  /** file → the packages it imports */
  packages: Map<string, string[]>
  /** the same, for the imports the build keeps (no type-only ones): what a bundle carries */
  valueEdges: Map<string, string[]>
  valuePackages: Map<string, string[]>
}

function readGraph(): Graph {
  const g: Graph = { edges: new Map(), packages: new Map(), valueEdges: new Map(), valuePackages: new Map() }
  const add = (file: string, specs: string[], edges: Graph['edges'], packages: Graph['packages']) => {
    const local: string[] = []
    const external: string[] = []
    for (const spec of specs) {
      const target = resolveSpecifier(file, spec)
      if (target === null) external.push(spec)
      else local.push(target)
    }
    edges.set(file, local)
    packages.set(file, external)
  }
  for (const root of SCANNED) {
    for (const path of sourceFiles(join(ROOT, root))) {
      const file = relative(ROOT, path)
      const text = readFileSync(path, 'utf8')
      add(file, importSpecifiers(text), g.edges, g.packages)
      add(file, valueImportSpecifiers(text), g.valueEdges, g.valuePackages)
    }
  }
  return g
}

/** Each package the files under `prefix` reach through the build's imports, with one path to it. */
function packagesReached(g: Pick<Graph, 'valueEdges' | 'valuePackages'>, prefix: string): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  const seen = new Set<string>()
  const walk = (file: string, path: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const p of g.valuePackages.get(file) ?? []) if (!reached.has(p)) reached.set(p, [...path, p])
    for (const next of g.valueEdges.get(file) ?? []) walk(next, [...path, next])
  }
  for (const file of [...g.valueEdges.keys()].sort()) if (file.startsWith(prefix)) walk(file, [file])
  return reached
}

/** Every import between project files that breaks a layer rule, as `from → to` lines. */
function layerViolations(edges: Map<string, readonly string[]>): string[] {
  const out: string[] = []
  for (const [from, targets] of edges) {
    const own = layerOf(from)
    if (own === null) {
      out.push(`${from}: in no layer (give its folder one in test/architecture.test.ts)`)
      continue
    }
    for (const to of targets) {
      if (!/\.tsx?$/.test(to)) continue // a stylesheet or an asset
      const theirs = layerOf(to)
      if (theirs === own) continue
      if (theirs === null || !MAY_IMPORT[own].includes(theirs))
        out.push(`${from} (${own}) → ${to} (${theirs ?? 'none'})`)
    }
  }
  return out
}

/** The import cycles of a graph, each as a path that ends where it starts. */
function findCycles(edges: Map<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      const s = state.get(next)
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (s === undefined) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node)
  return cycles
}

describe('architecture', () => {
  const graph = readGraph()

  it('reads the import graph (a known edge of each kind is there)', () => {
    expect(graph.edges.get('electron/main/app/createApp.ts')).toContain('electron/main/ipc/router.ts')
    // the @shared alias, a type-only import and an index file
    expect(graph.edges.get('electron/main/app/operations.ts')).toEqual(
      expect.arrayContaining(['shared/contract/index.ts', 'electron/main/services/accounts/index.ts']),
    )
    expect(graph.edges.get('renderer/src/main.tsx')).toContain('renderer/src/App.tsx')
    expect(graph.packages.get('electron/preload/index.ts')).toEqual(['electron'])
    expect(graph.edges.size).toBeGreaterThan(80)
  })

  it('has no import cycle', () => {
    expect(findCycles(graph.edges).map((c) => c.join(' → '))).toEqual([])
  })

  it('points one way: shell → app → ipc → services → shared; preload and renderer → shared', () => {
    expect(layerViolations(graph.edges)).toEqual([])
  })

  it('keeps shared pure, the renderer a web page and the preload on electron alone', () => {
    const bad: string[] = []
    for (const [file, specs] of graph.packages) {
      const layer = layerOf(file)
      const forbidden = layer ? FORBIDDEN_PACKAGES[layer] : undefined
      for (const spec of specs) if (forbidden?.test(spec)) bad.push(`${file} → ${spec}`)
    }
    expect(bad).toEqual([])
  })

  it('keeps zod out of the renderer: types from the contract, not schemas, but the payment decoder', () => {
    // main validated every answer; a value taken from a module of schemas brings zod and the schemas
    // into the page's chunks (docs/architecture.md, "The contract"). The decoder checks its output
    // with zod's mini build.
    const reached = packagesReached(graph, 'renderer/')
    expect(reached.get('zod'), reached.get('zod')?.join(' → ')).toBeUndefined()
    expect([...reached.keys()].filter((p) => p.startsWith('zod/') && p !== 'zod/mini')).toEqual([])
    expect(reached.get('zod/mini')?.at(-2)).toBe('shared/payment/bolt11.ts')
    expect(reached.has('react')).toBe(true)
  })

  it('the checks catch what they are for', () => {
    expect(
      valueImportSpecifiers(
        [
          "import type { A } from 'a'",
          "import { type B, type C as D } from 'b'",
          "import { type E, F } from 'c'",
          "import G, { type H } from 'd'",
          "import './e.css'",
          "export { I } from 'f'",
          "export type { J } from 'g'",
        ].join('\n'),
      ),
    ).toEqual(['c', 'd', 'f', './e.css'])
    expect(
      packagesReached(
        {
          valueEdges: new Map([
            ['renderer/a.ts', ['shared/b.ts']],
            ['shared/b.ts', []],
            ['shared/c.ts', []],
          ]),
          valuePackages: new Map([
            ['renderer/a.ts', ['react']],
            ['shared/b.ts', ['zod']],
            ['shared/c.ts', ['ky']],
          ]),
        },
        'renderer/',
      ),
    ).toEqual(
      new Map([
        ['react', ['renderer/a.ts', 'react']],
        ['zod', ['renderer/a.ts', 'shared/b.ts', 'zod']],
      ]),
    )
    expect(
      importSpecifiers(
        [
          "import type { A } from './a'",
          "export { b } from '../b'",
          "import './side.css'",
          "const c = await import('./c')",
          "// import { gone } from './commented'",
          "const s = 'text from here'",
        ].join('\n'),
      ),
    ).toEqual(['./a', '../b', './side.css', './c'])
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']])
    expect(
      layerViolations(
        new Map([
          ['electron/main/services/watcher/x.ts', ['electron/main/ipc/handlers.ts', 'shared/contract/index.ts']],
          ['shared/x.ts', ['electron/main/log.ts']],
          ['renderer/src/x.ts', ['electron/main/app/createApp.ts']],
          ['electron/main/app/x.ts', ['electron/main/shell/tray.ts', 'electron/main/ipc/router.ts']],
        ]),
      ),
    ).toEqual([
      'electron/main/services/watcher/x.ts (services) → electron/main/ipc/handlers.ts (ipc)',
      'shared/x.ts (shared) → electron/main/log.ts (services)',
      'renderer/src/x.ts (renderer) → electron/main/app/createApp.ts (app)',
      'electron/main/app/x.ts (app) → electron/main/shell/tray.ts (shell)',
    ])
  })
})

describe('size', () => {
  it('no source file under electron/ reaches 300 lines, so each reads in one sitting', () => {
    const long = sourceFiles(join(ROOT, 'electron'))
      .map((f) => ({ f: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines >= 300)
    expect(long).toEqual([])
  })
})
