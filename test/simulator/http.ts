// HTTP conventions of the service: body parsing, the error shape, authentication and key
// permissions, pagination headers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type Ledger, type Permission, ROLE_PERMS, SimError, type WalletRec } from './state'

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The base URL a request reached, for the links the service writes into its answers. */
export function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? req.hostname}`
}

export function errorBody(status: number, message: string) {
  return { name: STATUS_NAMES[status] ?? 'Error', message, code: 0, status }
}

export const INVALID_CREDENTIALS = 'Your request was made with invalid credentials.'

/**
 * Bodies: JSON only with `application/json`; anything else (no Content-Type included) is read as
 * form fields, as the service's request conventions say (docs/service.md).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch (e) {
      done(new SimError(400, `Invalid JSON data in request body: ${(e as Error).message}`), undefined)
    }
  })
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
}

export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body
  if (b == null) return {}
  if (typeof b !== 'object' || Array.isArray(b)) throw new SimError(400, 'The request body must be an object')
  return b as Record<string, unknown>
}

export function queryOf(req: FastifyRequest): Record<string, string | undefined> {
  const q = req.query as Record<string, unknown>
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(q ?? {}))
    out[k] = Array.isArray(v) ? String(v[0]) : v == null ? undefined : String(v)
  return out
}

/** Yii names a field by its label in a validation message ("Payment Request cannot be blank."). */
interface FieldOptions {
  required?: boolean
  label?: string
}

/** An integer field given as a JSON number or a form string; undefined when absent or empty. */
export function intField(
  src: Record<string, unknown>,
  name: string,
  opts: FieldOptions & { min?: number; max?: number } = {},
): number | undefined {
  const label = opts.label ?? name
  const v = src[name]
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new SimError(400, `${label} cannot be blank.`)
    return undefined
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN
  if (!Number.isSafeInteger(n)) throw new SimError(400, `${label} must be an integer.`)
  if (opts.min != null && n < opts.min) throw new SimError(400, `${label} must be no less than ${opts.min}.`)
  if (opts.max != null && n > opts.max) throw new SimError(400, `${label} must be no greater than ${opts.max}.`)
  return n
}

export function stringField(
  src: Record<string, unknown>,
  name: string,
  opts: FieldOptions & { max?: number } = {},
): string | undefined {
  const label = opts.label ?? name
  const v = src[name]
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new SimError(400, `${label} cannot be blank.`)
    return undefined
  }
  if (typeof v !== 'string') throw new SimError(400, `${label} must be a string.`)
  if (opts.max != null && v.length > opts.max)
    throw new SimError(400, `${label} should contain at most ${opts.max} characters.`)
  return v
}

/** The published server's refusal of a `passThru` that is not JSON (transfers word it otherwise). */
export const BAD_PASSTHRU = 'passThru data must be valid json'

/** `passThru`: a JSON object, or a JSON string of one. */
export function passThruField(src: Record<string, unknown>, message = BAD_PASSTHRU): Record<string, unknown> {
  const v = src.passThru
  if (v == null || v === '') return {}
  let o: unknown = v
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v)
    } catch {
      throw new SimError(400, message)
    }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new SimError(400, message)
  return o as Record<string, unknown>
}

// ---------- authentication ----------

export type AuthMethod = 'header' | 'basic' | 'query'

/**
 * The key a request carries. As the published server (Yii2 `CompositeAuth` with header, query
 * and Basic, in that order): the first method present decides, and a present but wrong key fails
 * at once without trying the others. A header that is present counts even when empty; Basic with
 * an empty user name counts as absent.
 */
export function presentedKey(req: FastifyRequest): { key: string; method: AuthMethod } | null {
  const header = req.headers['x-api-key']
  if (typeof header === 'string') return { key: header.trim(), method: 'header' }
  const token = queryOf(req)['access-token']
  if (token != null) return { key: token, method: 'query' }
  const auth = req.headers.authorization
  if (typeof auth === 'string' && /^basic\s+/i.test(auth)) {
    const decoded = Buffer.from(auth.replace(/^basic\s+/i, ''), 'base64').toString('utf8')
    const user = decoded.split(':')[0] ?? ''
    if (user !== '') return { key: user, method: 'basic' }
  }
  return null
}

export function carriesApiKey(req: FastifyRequest): boolean {
  return req.headers['x-api-key'] != null || req.headers.authorization != null || queryOf(req)['access-token'] != null
}

export interface Caller {
  accountId: string
  kind: 'secret' | 'public'
  key: string
  method: AuthMethod
}

export function authenticate(ledger: Ledger, req: FastifyRequest): Caller {
  const p = presentedKey(req)
  const acc = p && p.key !== '' ? ledger.accountByKey(p.key) : undefined
  if (!p || !acc) throw new SimError(401, INVALID_CREDENTIALS)
  return { ...acc, key: p.key, method: p.method }
}

function keyPrefix(key: string): string {
  const m = /^([a-z]+_)/.exec(key)
  return m ? (m[1] as string) : key.slice(0, 4)
}

/** The published server's permission names, as its refusals spell them. */
const PERMISSION_NAME: Record<Permission, string> = {
  read: 'wallet_read',
  transactions: 'wallet_tx_read',
  receive: 'wallet_deposit',
  send: 'wallet_withdraw',
  transfer: 'wallet_transfer',
}

/** The published server's refusal of a public key on the list-all operations. */
export const SECRET_KEY_ONLY = 'This resource can only be access with secret access key.'

export function requireSecretKey(caller: Caller): void {
  if (caller.kind !== 'secret') throw new SimError(401, SECRET_KEY_ONLY)
}

export function permissionDenied(key: string, permission: string): SimError {
  return new SimError(401, `${keyPrefix(key)} access key provided does not permission to do this: ${permission}`)
}

/**
 * The wallet a path key names, checked against the caller: a secret key may use a `wal_` id or
 * any wallet key of its own account and skips every permission check; a public key needs a
 * wallet key whose role has the permission.
 */
export function walletFor(ledger: Ledger, caller: Caller, pathKey: string, perm: Permission): WalletRec {
  const byId = ledger.wallets.get(pathKey)
  const byKey = byId ? undefined : ledger.walletKey(pathKey)
  const wallet = byId ?? (byKey ? ledger.wallets.get(byKey.walletId) : undefined)
  if (!wallet || wallet.accountId !== caller.accountId) throw new SimError(401, `Wallet not found: ${pathKey}`)
  if (caller.kind === 'secret') return wallet
  if (!byKey)
    throw new SimError(
      401,
      'Invalid Wallet Access Key. Keys prefixed with waka_, waki_, wakr, waklw are valid when using pak_',
    )
  if (!ROLE_PERMS[byKey.role].includes(perm)) throw permissionDenied(pathKey, PERMISSION_NAME[perm])
  return wallet
}

// ---------- pagination ----------

export function paginate<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  baseUrl: string,
  newestFirst: { length: number; slice(from: number, to: number): T[] },
  defaultPerPage = 100,
): T[] {
  const q = queryOf(req)
  const total = newestFirst.length
  const rawPer = Number.parseInt(q['per-page'] ?? '', 10)
  const perPage = Number.isFinite(rawPer) ? Math.min(500, Math.max(1, rawPer)) : defaultPerPage
  const pageCount = Math.ceil(total / perPage)
  const rawPage = Number.parseInt(q.page ?? '', 10)
  const page = Math.min(Math.max(1, Number.isFinite(rawPage) ? rawPage : 1), Math.max(1, pageCount))
  const url = new URL(req.url, baseUrl)
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p))
    url.searchParams.set('per-page', String(perPage))
    return `<${url.toString()}>; rel=${rel}`
  }
  const links = [link(page, 'self')]
  if (pageCount > 0) {
    links.push(link(1, 'first'))
    if (page > 1) links.push(link(page - 1, 'prev'))
    if (page < pageCount) links.push(link(page + 1, 'next'))
    links.push(link(pageCount, 'last'))
  }
  reply.header('X-Pagination-Total-Count', String(total))
  reply.header('X-Pagination-Page-Count', String(pageCount))
  reply.header('X-Pagination-Current-Page', String(page))
  reply.header('X-Pagination-Per-Page', String(perPage))
  reply.header('Link', links.join(', '))
  return newestFirst.slice((page - 1) * perPage, page * perPage)
}
