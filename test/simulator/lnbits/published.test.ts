// The LNbits flavor checked against LNbits' published source, not against our own reading: the
// fields and types its pydantic models declare and the success status of its routes, extracted
// by scripts/lnbits-models.ts into lnbitsModels.json (the commits it was read from are named there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../index'
import type { LnbitsWallet } from './index'
import published from './lnbitsModels.json'

interface Field {
  type: string
  required: boolean
  defaultNone: boolean
}
type ModelName = keyof typeof published.models

let sim: SimulatorHandle
let a: LnbitsWallet
let b: LnbitsWallet
const answers: { method: string; route: string; status: number; json: unknown }[] = []

async function call(method: string, route: string, path: string, key: string | null, body?: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { ...(key && { 'X-Api-Key': key }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  answers.push({ method, route, status: res.status, json })
  return json
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo', flavor: 'lnbits' })
  ;[a, b] = sim.lnbits as [LnbitsWallet, LnbitsWallet]
  const inv = await call('POST', '/api/v1/payments', '/api/v1/payments', b.inkey, { out: false, amount: 3, memo: 'm' })
  await call('POST', '/api/v1/payments', '/api/v1/payments', a.adminkey, { out: true, bolt11: inv.bolt11 })
  await call('GET', '/api/v1/payments', '/api/v1/payments', a.inkey)
  await call('GET', '/api/v1/payments/paginated', '/api/v1/payments/paginated', a.inkey)
  await call('GET', '/api/v1/payments/{payment_hash}', `/api/v1/payments/${inv.payment_hash}`, b.inkey)
  await call('GET', '/api/v1/wallet', '/api/v1/wallet', a.adminkey)
  const link = { title: 't', min_withdrawable: 1, max_withdrawable: 5, uses: 2, wait_time: 1, is_unique: false }
  await call('POST', '/withdraw/api/v1/links', '/withdraw/api/v1/links', a.adminkey, link)
  await call('GET', '/withdraw/api/v1/links', '/withdraw/api/v1/links', a.inkey)
  const pay = await call('POST', '/lnurlp/api/v1/links', '/lnurlp/api/v1/links', b.adminkey, {
    description: 'd',
    min: 1,
    max: 9,
  })
  await call('GET', '/lnurlp/api/v1/links', '/lnurlp/api/v1/links', b.inkey)
  await call('GET', '/lnurlp/{link_id}', `/lnurlp/${pay.id}`, null)
  await call('GET', '/lnurlp/api/v1/lnurl/cb/{link_id}', `/lnurlp/api/v1/lnurl/cb/${pay.id}?amount=2000`, null)
})
afterAll(() => sim.close())

/** Whether a JSON value fits a Python annotation as pydantic serializes it. */
function fits(type: string, v: unknown): boolean {
  const parts = type.split('|').map((t) => t.trim())
  if (parts.length > 1) return parts.some((p) => fits(p, v))
  if (type === 'None') return v === null
  if (type === 'str') return typeof v === 'string'
  if (type === 'int') return Number.isInteger(v)
  if (type === 'float') return typeof v === 'number'
  if (type === 'bool') return typeof v === 'boolean'
  if (type === 'dict') return typeof v === 'object' && v !== null && !Array.isArray(v)
  if (type === 'datetime') return typeof v === 'string' && !Number.isNaN(Date.parse(v))
  if (type.startsWith('list[')) return Array.isArray(v)
  throw new Error(`no check for the annotation ${type}`)
}

function conforms(name: ModelName, value: unknown): void {
  const fields = published.models[name].fields as Record<string, Field>
  expect(Object.keys(value as object).sort(), name).toEqual(Object.keys(fields).sort())
  for (const [field, f] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[field]
    if (v === null && f.defaultNone) continue
    expect(fits(f.type, v), `${name}.${field}: ${f.type}, got ${JSON.stringify(v)}`).toBe(true)
  }
}

const answersOf = (method: string, route: string) => answers.filter((x) => x.method === method && x.route === route)
function first<T>(method: string, route: string): T {
  const found = answersOf(method, route)[0]
  if (!found) throw new Error(`no answer of ${method} ${route}`)
  return found.json as T
}

describe("the simulator's answers against LNbits' models", () => {
  it('Payment: the created invoice, the payment, the lists and the details', () => {
    const payments = [
      ...answersOf('POST', '/api/v1/payments').map((x) => x.json),
      ...first<unknown[]>('GET', '/api/v1/payments'),
      ...first<{ data: unknown[] }>('GET', '/api/v1/payments/paginated').data,
      first<{ details: unknown }>('GET', '/api/v1/payments/{payment_hash}').details,
    ]
    expect(payments.length).toBeGreaterThan(20)
    for (const p of payments) conforms('Payment', p)
  })

  it('WithdrawLink and its page; PayLink', () => {
    conforms('WithdrawLink', answersOf('POST', '/withdraw/api/v1/links')[0]?.json)
    const pageOf = answersOf('GET', '/withdraw/api/v1/links')[0]?.json as { data: unknown[] }
    conforms('PaginatedWithdraws', pageOf)
    for (const l of pageOf.data) conforms('WithdrawLink', l)
    conforms('PayLink', answersOf('POST', '/lnurlp/api/v1/links')[0]?.json)
    for (const l of first<unknown[]>('GET', '/lnurlp/api/v1/links')) conforms('PayLink', l)
  })

  it('the wallet answer is a subset of Wallet, balance in msat as balance_msat', () => {
    const w = answersOf('GET', '/api/v1/wallet')[0]?.json as Record<string, unknown>
    const fields = published.models.Wallet.fields as Record<string, Field>
    expect(fits(fields.id?.type ?? '', w.id)).toBe(true)
    expect(fits(fields.name?.type ?? '', w.name)).toBe(true)
    expect(fits(fields.balance_msat?.type ?? '', w.balance)).toBe(true)
  })
})

describe("the simulator's statuses against LNbits' routes", () => {
  it('answers each route it serves with the status LNbits declares for success', () => {
    const served = new Set(answers.map((x) => `${x.method} ${x.route}`))
    expect(served.size).toBe(11)
    for (const key of served) {
      const route = published.routes.find((r) => `${r.method} ${r.path}` === key)
      expect(route, `${key} is a route of LNbits`).toBeDefined()
      for (const x of answers.filter((y) => `${y.method} ${y.route}` === key)) expect(x.status, key).toBe(route?.status)
    }
  })
})
