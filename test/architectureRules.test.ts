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
 * The backends (one folder each), which carry a payment rather than decide one: the service's
 * HTTP client, an NWC account's NIP-47 client (docs/nwc.md), and whichever comes next. Their
 * paying methods are called from payments/ alone, which the check below holds for every other file.
 */
// services/lnurlpay is the client of a backend that cannot pay addresses: its payInvoice is
// called inside the journaled send, as the client's own payLightningAddress would be
const CLIENT_DIRS = ['electron/main/services/backends/', 'electron/main/services/lnurlpay/']
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
const rendererFiles = Object.fromEntries(sourceFiles(join(ROOT, 'renderer')).map((f) => [f, read(f)]))

const MAX_SCREEN_LINES = 300
/** Renderer functions still over the limit (issue 45, item 5), by `file name (lines)`, and why each is left. */
const RENDERER_LONG_FUNCTIONS: Record<string, string> = {}
/** Screen files still over the limit, and why each is left. */
const RENDERER_LONG_SCREENS: Record<string, string> = {}

describe('reading the code', () => {
  it(`no function under electron/ has more than ${MAX_FUNCTION_LINES} lines of its own`, () => {
    expect(longFunctions(electronFiles, MAX_FUNCTION_LINES)).toEqual([])
  })

  it(`no function under renderer/ has more than ${MAX_FUNCTION_LINES} lines of its own`, () => {
    const long = longFunctions(rendererFiles, MAX_FUNCTION_LINES).map((l) => l.replace(/:\d+ /, ' '))
    expect(long.filter((l) => !Object.hasOwn(RENDERER_LONG_FUNCTIONS, l))).toEqual([])
  })

  it(`no screen file under renderer/ is over ${MAX_SCREEN_LINES} lines`, () => {
    const over = Object.entries(rendererFiles)
      .filter(([f, code]) => f.includes('/screens/') && code.split('\n').length - 1 > MAX_SCREEN_LINES)
      .map(([f]) => f)
    expect(over.filter((f) => !Object.hasOwn(RENDERER_LONG_SCREENS, f))).toEqual([])
  })

  it('the renderer exceptions are still needed: each names something still over its limit', () => {
    const long = new Set(longFunctions(rendererFiles, MAX_FUNCTION_LINES).map((l) => l.replace(/:\d+ .*/, '')))
    for (const key of Object.keys(RENDERER_LONG_FUNCTIONS)) expect(long, key).toContain(key.replace(/ .*/, ''))
    for (const f of Object.keys(RENDERER_LONG_SCREENS))
      expect(read(f).split('\n').length - 1, f).toBeGreaterThan(MAX_SCREEN_LINES)
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

/** The one field a secret is typed into (show/hide, autocomplete, label, its error). */
const PASSPHRASE_FIELD = 'renderer/src/components/PassphraseField.tsx'

const astOfTsx = (code: string) => parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] })

/** Where a renderer file other than the passphrase field makes a password input (`type="password"`, `{ type: 'password' }`). */
function passwordInputsOutside(files: Record<string, string>): string[] {
  const out: string[] = []
  for (const [file, code] of Object.entries(files)) {
    if (file === PASSPHRASE_FIELD) continue
    walk(astOfTsx(code).program, (n) => {
      const text =
        n.type === 'StringLiteral' ? n.value : n.type === 'TemplateElement' ? (n.value as { raw: string }).raw : null
      const line = (n.loc as { start: { line: number } } | undefined)?.start.line
      if (text === 'password') out.push(`${file}:${line}`)
    })
  }
  return out
}

describe('one passphrase field', () => {
  it(`a password input is made only in ${PASSPHRASE_FIELD}`, () => {
    expect(passwordInputsOutside(rendererFiles)).toEqual([])
  })

  it('the check catches a password input written elsewhere, as an attribute or a spread', () => {
    const files = {
      'renderer/src/screens/X.tsx': 'export const X = () => <input\n  type="password" />',
      'renderer/src/screens/Y.tsx': "const secret = { type: 'password', autoComplete: 'off' }",
      'renderer/src/screens/Z.tsx': 'const label = "Password"',
      [PASSPHRASE_FIELD]: "const type = shown ? 'text' : 'password'",
    }
    expect(passwordInputsOutside(files)).toEqual(['renderer/src/screens/X.tsx:2', 'renderer/src/screens/Y.tsx:1'])
  })
})

/** The renderer's files that draw: they reach main through a store or the api module's named calls. */
const SCREEN_DIRS = ['renderer/src/screens/', 'renderer/src/components/', 'renderer/src/App.tsx']
const API_MODULE = 'renderer/src/api'
/** The api module's bridge itself, for stores (and start-up) only. */
const BRIDGE = new Set(['invoke', 'on', 'early', 'earlyAnswer', 'dropEarlyReads', 'whenLocked'])

/** Where a screen or component calls main directly: the bridge imported, or `window.wallet` touched. */
function directCallsFromScreens(files: Record<string, string>): string[] {
  const out: string[] = []
  for (const [file, code] of Object.entries(files)) {
    if (!SCREEN_DIRS.some((d) => file.startsWith(d))) continue
    const toApi = (spec: string) => relative(ROOT, join(ROOT, file, '..', spec)).replace(/\.tsx?$/, '') === API_MODULE
    walk(astOfTsx(code).program, (n) => {
      const line = (n.loc as { start: { line: number } } | undefined)?.start.line
      if (n.type === 'ImportDeclaration' && toApi(String((n.source as { value: string }).value))) {
        for (const sp of n.specifiers as AstNode[]) {
          const name = sp.type === 'ImportSpecifier' ? String((sp.imported as { name?: string }).name) : '*'
          if (name === '*' || BRIDGE.has(name)) out.push(`${file}:${line} imports ${name} from the bridge`)
        }
      }
      if (n.type === 'ImportExpression' || (n.type === 'CallExpression' && (n.callee as AstNode).type === 'Import')) {
        const arg = ((n.source ?? (n.arguments as AstNode[])[0]) as { value?: string }).value
        if (arg && toApi(arg)) out.push(`${file}:${line} imports the bridge`)
      }
      if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') {
        const obj = (n.object as { name?: string }).name
        const prop = (n.property as { name?: string }).name
        if ((obj === 'window' || obj === 'globalThis') && prop === 'wallet')
          out.push(`${file}:${line} uses ${obj}.wallet`)
      }
    })
  }
  return out
}

describe('screens reach main through stores or the api module', () => {
  it('no screen or component imports the bridge (invoke, on, …) or touches window.wallet', () => {
    expect(directCallsFromScreens(rendererFiles)).toEqual([])
  })

  it('the check catches a direct call, however it is written', () => {
    const files = {
      'renderer/src/screens/X.tsx': "import { invoke, onScreen } from '../api'\nvoid invoke('nwc.list', {})",
      'renderer/src/components/Y.tsx':
        "import * as api from '../api.ts'\nconst r = await window.wallet.invoke('a', {})",
      'renderer/src/screens/Z.tsx': "import { on as listen } from '../api'\nconst m = await import('../api')",
      'renderer/src/stores/w.ts': "import { invoke } from '../api'",
      'renderer/src/screens/V.tsx': "import { backup } from '../api'\nvoid backup.status({})",
    }
    expect(directCallsFromScreens(files)).toEqual([
      'renderer/src/screens/X.tsx:1 imports invoke from the bridge',
      'renderer/src/components/Y.tsx:1 imports * from the bridge',
      'renderer/src/components/Y.tsx:2 uses window.wallet',
      'renderer/src/screens/Z.tsx:1 imports on from the bridge',
      'renderer/src/screens/Z.tsx:2 imports the bridge',
    ])
  })
})

describe('one way money leaves', () => {
  const methods = payingMethods(read(`electron/main/services/backends/service/createServiceClient.ts`))

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

/**
 * A backend's wire format: its zod schemas, an NWC wallet's NIP-47 answers, and each backend's
 * translation of them (its rows.ts, which takes wire records).
 */
const WIRE_MODULES = [
  /^electron\/main\/services\/backends\/[^/]+\/(schemas|rows)$/,
  /^electron\/main\/services\/backends\/nwc\/answers$/,
]
const BACKENDS_DIR = 'electron/main/services/backends/'

/** Module specifiers a file imports or re-exports (`from '…'`, `import('…')`, `import '…'`). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm

/** The files outside backends/ that import a backend's wire module, by where their imports resolve. */
function wireImportsOutside(files: Record<string, string>): string[] {
  const out: string[] = []
  for (const [file, code] of Object.entries(files)) {
    if (file.startsWith(BACKENDS_DIR)) continue
    for (const [, spec = ''] of code.matchAll(SPECIFIER)) {
      const target = spec.startsWith('@shared/')
        ? `shared/${spec.slice('@shared/'.length)}`
        : spec.startsWith('.')
          ? relative(ROOT, join(ROOT, file, '..', spec))
          : spec
      if (WIRE_MODULES.some((m) => m.test(target.replace(/\.tsx?$/, '')))) out.push(`${file} imports ${spec}`)
    }
  }
  return out
}

const productFiles = {
  ...electronFiles,
  ...Object.fromEntries(
    ['shared', 'renderer'].flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => [f, read(f)] as const),
  ),
}

describe('no wire format outside backends', () => {
  it('only services/backends/ (and the simulator, a test) import a backend\u2019s wire schemas', () => {
    expect(wireImportsOutside(productFiles)).toEqual([])
  })

  it('the check catches a wire import outside backends/, however it is written', () => {
    const files = {
      'electron/main/services/sync/x.ts': "import type { Wallet } from '../backends/service/schemas'",
      'electron/main/services/payments/y.ts': "export { rowOf } from '../backends/nwc/rows'",
      'renderer/z.ts': "import { LnTx } from '../electron/main/services/backends/service/schemas.ts'",
      'electron/main/services/backends/lnbits/w.ts': "import { Wallet } from '../service/schemas'",
      'electron/main/services/views2.ts': "import type { WalletBackend } from './backends'",
    }
    expect(wireImportsOutside(files)).toEqual([
      'electron/main/services/sync/x.ts imports ../backends/service/schemas',
      'electron/main/services/payments/y.ts imports ../backends/nwc/rows',
      'renderer/z.ts imports ../electron/main/services/backends/service/schemas.ts',
    ])
  })
})
