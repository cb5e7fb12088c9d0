// How many lines a function has of its own: the lines it spans, less those of the functions
// defined inside it (a `createX(deps)` factory is measured by its own wiring, not by its
// methods). The line a nested function starts on is the outer one's too (`const f = () => {`).
// Blank lines and lines holding only a comment are not counted (as ESLint's max-lines-per-function
// with skipBlankLines and skipComments): a comment saying why must never push a function over.
// Read with a parser (@babel/parser): TypeScript 7 has no compiler API to ask.
import { parse } from '@babel/parser'

export interface FunctionSize {
  name: string
  line: number
  own: number
  /** defined inside another function (a handler in a factory, a method) */
  nested: boolean
}

type Node = { type: string; loc?: { start: { line: number }; end: { line: number } } | null } & Record<string, unknown>

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
])

function children(node: Node): Node[] {
  const out: Node[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments') continue
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v === 'object' && typeof (v as Node).type === 'string') out.push(v as Node)
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') out.push(value as Node)
  }
  return out
}

/** The nearest functions inside `node` (not those inside them). */
function nestedFunctions(node: Node): Node[] {
  const found: Node[] = []
  const visit = (n: Node) => {
    for (const c of children(n)) {
      if (FUNCTION_TYPES.has(c.type)) found.push(c)
      else visit(c)
    }
  }
  visit(node)
  return found
}

function nameOf(node: Node, parent: Node | null): string {
  const id = node.id as { name?: string } | undefined
  if (id?.name) return id.name
  const key = node.key as { name?: string; value?: string } | undefined
  if (key) return String(key.name ?? key.value ?? '?')
  if (parent?.type === 'VariableDeclarator') return String((parent.id as { name?: string }).name ?? '?')
  if (parent?.type === 'ObjectProperty') {
    const k = parent.key as { name?: string; value?: string }
    return String(k.name ?? k.value ?? '?')
  }
  return '(anonymous)'
}

/** Every function of a source text with its own line count. */
export function functionSizes(code: string, file = 'x.ts'): FunctionSize[] {
  const ast = parse(code, {
    sourceType: 'module',
    plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'],
  }) as unknown as Node
  const codeLines = linesWithCode(code)
  const sizes: FunctionSize[] = []
  const visit = (n: Node, parent: Node | null, depth: number) => {
    const isFunction = FUNCTION_TYPES.has(n.type)
    if (isFunction && n.loc) {
      const { start, end } = n.loc
      const nestedLines = new Set<number>()
      for (const inner of nestedFunctions(n)) {
        if (!inner.loc) continue
        for (let l = inner.loc.start.line + 1; l <= inner.loc.end.line; l++) nestedLines.add(l)
      }
      let own = 0
      for (let l = start.line; l <= end.line; l++) if (!nestedLines.has(l) && codeLines.has(l)) own++
      sizes.push({ name: nameOf(n, parent), line: start.line, own, nested: depth > 0 })
    }
    for (const c of children(n)) visit(c, n, isFunction ? depth + 1 : depth)
  }
  visit(ast, null, 0)
  return sizes
}

/** The 1-based numbers of lines that hold code (not blank, not only a comment). */
function linesWithCode(code: string): Set<number> {
  const out = new Set<number>()
  let inBlock = false
  code.split('\n').forEach((raw, i) => {
    let line = raw.trim()
    if (inBlock) {
      const end = line.indexOf('*/')
      if (end < 0) return
      inBlock = false
      line = line.slice(end + 2).trim()
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2)
      if (end < 0) {
        inBlock = true
        return
      }
      line = line.slice(end + 2).trim()
    }
    if (line === '' || line.startsWith('//')) return
    out.add(i + 1)
  })
  return out
}
