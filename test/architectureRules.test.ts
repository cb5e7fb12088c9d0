// Rules that keep the main process readable and money on one path (docs/money.md, "Money
// rules" and "Reading the code"): functions short enough to read in one go, an entry file that
// only calls registrars, IPC files that only adapt, and the service's paying endpoints reached
// from the payments module alone. Functions are measured with a parser (test/support/functionLines.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parse } from '@babel/parser'
import { describe, expect, it } from 'vitest'
import { functionSizes } from './support/functionLines'

const ROOT = resolve(__dirname, '..')
const MAX_FUNCTION_LINES = 60
const MAX_ENTRY_LINES = 120
const MAX_HANDLER_LINES = 10
/** The IPC boundary's own machinery (parsing, the once-guard), not handlers of operations. */
const IPC_MACHINERY = new Set(['electron/main/ipc/router.ts', 'electron/main/ipc/once.ts'])
/**
 * Handlers still holding their logic, each with why. ipc/history.ts's page and CSV export move to a
 * history service once the work on exports (issue 25) that reshapes them is merged.
 */
/** Paths of the service's calls that send money or make it spendable (docs/service.md). */
const PAYING_ENDPOINTS = [/\/withdraw\b/, /\/transfers?\b/, /lnurlp\/pay\b/, /lnurl-process\b/]
/**
 * The two ServiceClient implementations, which carry a payment rather than decide one: the
 * service's HTTP client, and an NWC account's NIP-47 client (docs/nwc.md). Their paying methods
 * are called from payments/ alone, which the check below holds for every other file.
 */
const CLIENT_DIRS = ['electron/main/services/client/', 'electron/main/services/nwc/client/']
const PAYMENTS_DIR = 'electron/main/services/payments/'

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name)) out.push(relative(ROOT, path))
  }
  return out
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/** Functions over the limit, as `file:line name (n lines)`. */
function longFunctions(files: Record<string, string>, max: number, onlyNested = false): string[] {
  const out: string[] = []
  for (const [file, code] of Object.entries(files))
    for (const f of functionSizes(code, file))
      if (f.own > max && (!onlyNested || f.nested)) out.push(`${file}:${f.line} ${f.name} (${f.own} lines)`)
  return out
}

type AstNode = { type: string } & Record<string, unknown>

function walk(node: unknown, visit: (n: AstNode) => void) {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit)
    return
  }
  const n = node as AstNode
  if (typeof n.type !== 'string') return
  visit(n)
  for (const [key, value] of Object.entries(n)) if (key !== 'loc' && !key.endsWith('Comments')) walk(value, visit)
}

const astOf = (code: string) => parse(code, { sourceType: 'module', plugins: ['typescript'] })

/** The client's methods whose bodies reach a paying endpoint (read from the client's source). */
function payingMethods(clientCode: string): Set<string> {
  const methods = new Set<string>()
  walk(astOf(clientCode).program, (n) => {
    const fn = n.type === 'ObjectMethod' || (n.type === 'ObjectProperty' && /Function/.test((n.value as AstNode).type))
    if (!fn) return
    const key = (n.key as { name?: string }).name
    const { start, end } = n as unknown as { start: number; end: number }
    const text = clientCode.slice(start, end)
    if (key && PAYING_ENDPOINTS.some((p) => p.test(text))) methods.add(key)
  })
  return methods
}

/** Where a file outside payments/ names a paying endpoint or calls a paying method of the client. */
function payingCallsOutside(files: Record<string, string>, methods: ReadonlySet<string>): string[] {
  const out: string[] = []
  for (const [file, code] of Object.entries(files)) {
    if (file.startsWith(PAYMENTS_DIR) || CLIENT_DIRS.some((d) => file.startsWith(d))) continue
    walk(astOf(code).program, (n) => {
      const line = (n.loc as { start: { line: number } } | undefined)?.start.line
      if (n.type === 'StringLiteral' || n.type === 'TemplateElement') {
        const text = n.type === 'StringLiteral' ? String(n.value) : String((n.value as { raw: string }).raw)
        if (PAYING_ENDPOINTS.some((p) => p.test(text)) && /v1\/|^\//.test(text))
          out.push(`${file}:${line} names '${text}'`)
      }
      if (n.type === 'CallExpression' || n.type === 'OptionalCallExpression') {
        const callee = n.callee as AstNode
        const name =
          callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression'
            ? (callee.property as { name?: string }).name
            : undefined
        if (name && methods.has(name)) out.push(`${file}:${line} calls ${name}`)
      }
    })
  }
  return out
}

const electronFiles = Object.fromEntries(sourceFiles(join(ROOT, 'electron')).map((f) => [f, read(f)]))

describe('reading the code', () => {
  it(`no function under electron/ has more than ${MAX_FUNCTION_LINES} lines of its own`, () => {
    expect(longFunctions(electronFiles, MAX_FUNCTION_LINES)).toEqual([])
  })

  it(`electron/main/index.ts stays under ${MAX_ENTRY_LINES} lines: it only calls registrars`, () => {
    const lines = read('electron/main/index.ts').split('\n').length - 1
    expect(lines).toBeLessThan(MAX_ENTRY_LINES)
  })

  it(`each IPC handler is at most ${MAX_HANDLER_LINES} lines: parse, call, return`, () => {
    const handlerFiles = Object.fromEntries(
      Object.entries(electronFiles).filter(([f]) => f.startsWith('electron/main/ipc/') && !IPC_MACHINERY.has(f)),
    )
    expect(longFunctions(handlerFiles, MAX_HANDLER_LINES, true)).toEqual([])
  })

  it('the measures catch what they are for', () => {
    const factory = [
      'export function createX(d) {',
      ...Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i}`),
      '  function method() {',
      ...Array.from({ length: 70 }, (_, i) => `    d.call(${i})`),
      '  }',
      '  // a comment is not a line of code',
      '',
      '  return { method }',
      '}',
    ].join('\n')
    const sizes = functionSizes(factory)
    expect(sizes).toEqual([
      { name: 'createX', line: 1, own: 9, nested: false },
      { name: 'method', line: 7, own: 72, nested: true },
    ])
    expect(longFunctions({ 'x.ts': factory }, 60)).toEqual(['x.ts:7 method (72 lines)'])
    expect(longFunctions({ 'x.ts': factory }, 8, true)).toEqual(['x.ts:7 method (72 lines)'])
  })
})

describe('one way money leaves', () => {
  const methods = payingMethods(read(`electron/main/services/client/createServiceClient.ts`))

  it("reads the client's paying calls from its source", () => {
    expect([...methods].sort()).toEqual(['mintWithdrawLink', 'payInvoice', 'payLightningAddress', 'transfer'])
  })

  it("nothing outside services/payments/ calls the service's paying endpoints", () => {
    expect(payingCallsOutside(electronFiles, methods)).toEqual([])
  })

  it('the check catches a paying call or endpoint outside payments/', () => {
    const files = {
      'electron/main/ipc/x.ts': 'const c = d.client()\nawait c.payInvoice(w, {})\nawait c?.transfer(w, {})',
      // a template literal with a hole, as the client writes its paths
      'electron/main/services/y.ts': ['const path = `v1/wallet/$', '{k}/lnurlp/pay`'].join(''),
      'electron/main/services/payments/z.ts': 'await client.payInvoice(w, {})',
    }
    expect(payingCallsOutside(files, methods)).toEqual([
      'electron/main/ipc/x.ts:2 calls payInvoice',
      'electron/main/ipc/x.ts:3 calls transfer',
      "electron/main/services/y.ts:1 names '/lnurlp/pay'",
    ])
  })
})
