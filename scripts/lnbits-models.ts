// Extracts from LNbits' published source what the simulator's LNbits flavor must match: the
// fields and types of the pydantic models its answers are made of, and the success status of
// each route the app calls. Reads git directories fetched from github:lnbits/lnbits,
// github:lnbits/withdraw and github:lnbits/lnurlp (no network) and writes
// test/simulator/lnbits/lnbitsModels.json, naming the commit each part was read from.
//   tsx scripts/lnbits-models.ts <lnbits git dir> <withdraw git dir> <lnurlp git dir>
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'

const [lnbitsDir, withdrawDir, lnurlpDir] = process.argv.slice(2)
if (!lnbitsDir || !withdrawDir || !lnurlpDir) {
  console.error('usage: tsx scripts/lnbits-models.ts <lnbits git dir> <withdraw git dir> <lnurlp git dir>')
  process.exit(2)
}

const git = (dir: string, ...args: string[]) => execFileSync('git', [`--git-dir=${dir}`, ...args], { encoding: 'utf8' })
const show = (dir: string, file: string) => git(dir, 'show', `HEAD:${file}`)
const commit = (dir: string) => git(dir, 'rev-parse', 'HEAD').trim()

interface Field {
  type: string
  required: boolean
  /** pydantic (v1) makes a field whose default is None optional, whatever its annotation */
  defaultNone: boolean
}

/** A model's own fields (4-space indented `name: type [= default]`), then its bases' in the same file. */
function model(source: string, name: string): Record<string, Field> {
  const head = new RegExp(`^class ${name}\\(([^)]*)\\):\\n`, 'm').exec(source)
  if (!head) throw new Error(`no class ${name}`)
  const body = source.slice(head.index + head[0].length).split('\n')
  const own: Record<string, Field> = {}
  for (const line of body) {
    if (/^\S/.test(line)) break
    const m = /^ {4}(\w+): ([^=]+?)(?:\s*=\s*(.*))?$/.exec(line)
    if (m?.[1] && m[2])
      own[m[1]] = {
        type: m[2].trim(),
        required: m[3] === undefined,
        defaultNone: /^(None|Query\(None|Field\(default=None)/.test(m[3] ?? ''),
      }
  }
  const bases = (head[1] ?? '').split(',').map((b) => b.trim())
  const inherited = bases
    .filter((b) => new RegExp(`^class ${b}\\(`, 'm').test(source))
    .reduce((acc, b) => Object.assign(acc, model(source, b)), {} as Record<string, Field>)
  return { ...inherited, ...own }
}

const STATUS: Record<string, number> = { OK: 200, CREATED: 201, BAD_REQUEST: 400, NOT_FOUND: 404, FORBIDDEN: 403 }

/** Each route of a views file: method, full path, success status (200 unless the decorator says). */
function routes(source: string, file: string, outerPrefix: string) {
  const prefixes = new Map<string, string>()
  for (const m of source.matchAll(/^(\w+)(?:: APIRouter)? = APIRouter\(([^)]*)\)/gm))
    prefixes.set(m[1] as string, /prefix="([^"]*)"/.exec(m[2] ?? '')?.[1] ?? '')
  const out: { file: string; method: string; path: string; status: number }[] = []
  for (const m of source.matchAll(/^@(\w+)\.(get|post|put|patch|delete)\(/gm)) {
    let depth = 1
    let i = (m.index ?? 0) + m[0].length
    // the decorator's own arguments only, up to its closing parenthesis
    for (; depth > 0 && i < source.length; i++) {
      if (source[i] === '(') depth++
      else if (source[i] === ')') depth--
    }
    const args = source.slice((m.index ?? 0) + m[0].length, i)
    const path = /^\s*"([^"]*)"/.exec(args)?.[1] ?? ''
    const code = /status_code=HTTPStatus\.(\w+)/.exec(args)?.[1]
    out.push({
      file,
      method: (m[2] as string).toUpperCase(),
      path: `${outerPrefix}${prefixes.get(m[1] as string) ?? ''}${path}`,
      status: code ? (STATUS[code] ?? 0) : 200,
    })
  }
  return out
}

const payments = show(lnbitsDir, 'lnbits/core/models/payments.py')
const wallets = show(lnbitsDir, 'lnbits/core/models/wallets.py')
const withdrawModels = show(withdrawDir, 'models.py')
const lnurlpModels = show(lnurlpDir, 'models.py')
const fixture = {
  read_from: {
    'lnbits/lnbits': commit(lnbitsDir),
    'lnbits/withdraw': commit(withdrawDir),
    'lnbits/lnurlp': commit(lnurlpDir),
  },
  models: {
    Payment: { file: 'lnbits/core/models/payments.py', fields: model(payments, 'Payment') },
    CreateInvoice: { file: 'lnbits/core/models/payments.py', fields: model(payments, 'CreateInvoice') },
    Wallet: { file: 'lnbits/core/models/wallets.py', fields: model(wallets, 'Wallet') },
    WithdrawLink: { file: 'withdraw/models.py', fields: model(withdrawModels, 'WithdrawLink') },
    PaginatedWithdraws: { file: 'withdraw/models.py', fields: model(withdrawModels, 'PaginatedWithdraws') },
    PayLink: { file: 'lnurlp/models.py', fields: model(lnurlpModels, 'PayLink') },
  },
  routes: [
    ...routes(show(lnbitsDir, 'lnbits/core/views/payment_api.py'), 'lnbits/core/views/payment_api.py', ''),
    ...routes(show(lnbitsDir, 'lnbits/core/views/wallet_api.py'), 'lnbits/core/views/wallet_api.py', ''),
    ...routes(show(withdrawDir, 'views_api.py'), 'withdraw/views_api.py', '/withdraw'),
    ...routes(show(withdrawDir, 'views_lnurl.py'), 'withdraw/views_lnurl.py', '/withdraw'),
    ...routes(show(lnurlpDir, 'views_api.py'), 'lnurlp/views_api.py', '/lnurlp'),
    ...routes(show(lnurlpDir, 'views_lnurl.py'), 'lnurlp/views_lnurl.py', '/lnurlp'),
  ],
}
writeFileSync('test/simulator/lnbits/lnbitsModels.json', `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`wrote test/simulator/lnbits/lnbitsModels.json (${fixture.routes.length} routes)`)
