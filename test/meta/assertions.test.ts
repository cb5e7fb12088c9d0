// Assertions that cannot fail are defects. In vitest, `toMatchObject({ message: /re/ })` passes
// for ANY string: a RegExp inside an object given to `toMatchObject` or `objectContaining` is
// compared as an object, not matched. Write `expect.stringMatching(/re/)` instead. This test reads
// every test file with a parser and fails on such a RegExp, naming where it stands.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parse } from '@babel/parser'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')
const MATCHERS = new Set(['toMatchObject', 'objectContaining'])

interface Node {
  type: string
  loc?: { start: { line: number } }
  [key: string]: unknown
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'

function children(node: Node): Node[] {
  const out: Node[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue
    if (Array.isArray(value)) out.push(...value.filter(isNode))
    else if (isNode(value)) out.push(value)
  }
  return out
}

/** The name a call is made by: `x.toMatchObject(…)`, `expect.objectContaining(…)`, `objectContaining(…)`. */
function calleeName(node: Node): string | undefined {
  const callee = node.callee as Node | undefined
  if (!callee) return undefined
  if (callee.type === 'Identifier') return callee.name as string
  if (callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier')
    return (callee.property as Node).name as string
  return undefined
}

/** RegExps standing as values inside object and array literals (not inside nested calls, which may be matchers). */
function regexpsIn(node: Node, found: number[]): void {
  if (node.type === 'RegExpLiteral' || (node.type === 'NewExpression' && (node.callee as Node).name === 'RegExp')) {
    found.push(node.loc?.start.line ?? 0)
    return
  }
  if (node.type === 'ObjectExpression' || node.type === 'ArrayExpression' || node.type === 'ObjectProperty') {
    for (const child of children(node)) regexpsIn(child, found)
  }
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') regexpsIn(node.expression as Node, found)
}

/** Every line where a RegExp stands inside an object given to one of MATCHERS. */
function findRegexpsInObjectMatchers(source: string, jsx = false): number[] {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: jsx ? ['typescript', 'jsx'] : ['typescript'],
  }) as unknown as Node
  const found: number[] = []
  const visit = (node: Node) => {
    if (node.type === 'CallExpression' && MATCHERS.has(calleeName(node) ?? '')) {
      for (let arg of (node.arguments as Node[]) ?? []) {
        while (arg.type === 'TSAsExpression' || arg.type === 'TSSatisfiesExpression') arg = arg.expression as Node
        if (arg.type === 'ObjectExpression' || arg.type === 'ArrayExpression') regexpsIn(arg, found)
      }
    }
    for (const child of children(node)) visit(child)
  }
  visit(ast)
  return found
}

function testFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...testFiles(path))
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(path)
  }
  return out
}

describe('assertions that cannot fail', () => {
  it('finds a RegExp inside toMatchObject and objectContaining, and only there', () => {
    const lines = findRegexpsInObjectMatchers(
      [
        'expect(r).toMatchObject({ ok: false, error: { message: /x/ } })', // 1: found
        'expect(r).toMatchObject({ message: expect.stringMatching(/x/) })', // 2: fine
        "expect(r).toEqual(expect.objectContaining({ list: [new RegExp('y')] }))", // 3: found
        'expect(r).toMatch(/x/)', // 4: fine
        'expect(r).rejects.toMatchObject({ message: /z/ } as never)', // 5: found
      ].join('\n'),
    )
    expect(lines).toEqual([1, 3, 5])
  })

  it('no test file gives a RegExp to toMatchObject or objectContaining', () => {
    const offenders: string[] = []
    for (const file of testFiles(join(ROOT, 'test'))) {
      for (const line of findRegexpsInObjectMatchers(readFileSync(file, 'utf8'), file.endsWith('.tsx')))
        offenders.push(`${relative(ROOT, file)}:${line}`)
    }
    expect(offenders).toEqual([])
  })
})
