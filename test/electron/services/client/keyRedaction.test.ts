// A service whose error message repeats the key it was sent, in each form it may come back in:
// as sent, Basic-encoded, and URL-encoded (both ways a query is written). The service's words
// reach the person ("The service refused this: …"), so the client cuts the key out of them,
// for each auth method. The key has characters that each encoding changes, so every form differs.
import type { IncomingHttpHeaders } from 'node:http'
import type { AuthMethod } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServiceClient } from '../../../../electron/main/services/backends/service'
import { type Loopback, serve } from '../loopback'
import { failsWith } from '../support'

const KEY = 'sak_Echo me+/=&%~?#'
const FORMS = {
  raw: (k: string) => k,
  basic: (k: string) => Buffer.from(`${k}:`).toString('base64'),
  uri: (k: string) => encodeURIComponent(k),
  query: (k: string) => new URLSearchParams({ k }).toString().slice(2),
}
type Form = keyof typeof FORMS
const ALL_FORMS = Object.values(FORMS).map((f) => f(KEY))
const AUTH: AuthMethod[] = ['header', 'basic', 'query']

let service: Loopback
/** Which form the service repeats next. */
let echo: Form = 'raw'
/** The key as the service received it, per request. */
const received: string[] = []

/** The key as this request carried it, decoded the way a server would. */
function keyIn(url: string, headers: IncomingHttpHeaders): string {
  const header = headers['x-api-key']
  if (typeof header === 'string') return header
  const basic = /^Basic (.+)$/.exec(headers.authorization ?? '')
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString().replace(/:$/, '')
  return new URL(url, 'http://x').searchParams.get('access-token') ?? ''
}

beforeAll(async () => {
  service = await serve((req, res) => {
    received.push(keyIn(req.url ?? '', req.headers))
    const message = `Rejected, you sent ${FORMS[echo](received.at(-1) ?? '')} here`
    res.writeHead(400, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ name: 'Bad Request', message, code: 0, status: 400 }))
  })
})
afterAll(async () => {
  await service.close()
})

const cases = AUTH.flatMap((auth) => (Object.keys(FORMS) as Form[]).map((form) => [auth, form] as const))

describe('the key is cut out of the service’s error message', () => {
  it('the four forms of this key all differ', () => {
    expect(new Set(ALL_FORMS).size).toBe(4)
  })

  it.each(cases)('%s auth, the service repeats the key %s', async (authMethod, form) => {
    echo = form
    const c = createServiceClient({ baseUrl: service.url, getApiKey: () => KEY, authMethod, retries: 0 })
    const err = await failsWith(c.listWallets(), ALL_FORMS)
    // The service got the key whole, whichever way it was sent.
    expect(received.at(-1)).toBe(KEY)
    expect(err.code).toBe('invalid_input')
    // The rest of the service's words are kept: only the key went.
    expect(err.message).toBe('The service refused this: Rejected, you sent [redacted] here')
  })
})
