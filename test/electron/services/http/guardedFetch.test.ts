// Links from outside never reach this computer or a private network unconfirmed: the transport
// refuses such an address before a byte is sent, whether written as an address in any of its
// forms or reached through a name, including a name that answers a public address to one look-up
// and a loopback one to the next (DNS rebinding). Counted at real servers on 127.0.0.1.
import type { LookupAddress } from 'node:dns'
import { afterAll, describe, expect, it } from 'vitest'
import { createRemote, plainHttpWhen, RemoteError } from '../../../../electron/main/services/claim'
import {
  guardedFetch,
  PrivateHostError,
  privateRangeOfHost,
} from '../../../../electron/main/services/http/guardedFetch'
import { type Loopback, serve } from '../loopback'

const servers: Loopback[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))
async function server() {
  const s = await serve((_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
  servers.push(s)
  return s
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  )

describe('guardedFetch', () => {
  it('refuses a loopback address unless that host was confirmed', async () => {
    const s = await server()
    const e = await refusal(guardedFetch({ confirmed: new Set() })(`${s.url}/w`))
    expect(e).toBeInstanceOf(PrivateHostError)
    expect(e).toMatchObject({ host: `127.0.0.1:${s.port}`, range: 'loopback' })
    // another host confirmed (or the same address on another port) is not this one
    const other = new Set(['127.0.0.1', `127.0.0.1:${s.port + 1}`, 'localhost'])
    expect(await refusal(guardedFetch({ confirmed: other })(`${s.url}/w`))).toBeInstanceOf(PrivateHostError)
    expect(s.seen).toHaveLength(0)
    const res = await guardedFetch({ confirmed: new Set([`127.0.0.1:${s.port}`]) })(`${s.url}/w`)
    expect(await res.json()).toEqual({ ok: true })
    expect(s.seen).toHaveLength(1)
  })

  it('refuses loopback written as IPv4-mapped IPv6, as a decimal number and as 0.0.0.0', async () => {
    const s = await server()
    for (const url of [
      `http://[::ffff:127.0.0.1]:${s.port}/w`,
      `http://2130706433:${s.port}/w`,
      `http://0x7f.1:${s.port}/w`,
      `http://0.0.0.0:${s.port}/w`,
    ])
      expect(await refusal(guardedFetch({ confirmed: new Set() })(url))).toBeInstanceOf(PrivateHostError)
    expect(s.seen).toHaveLength(0)
  })

  it('resolves a name and refuses it when it leads here (localhost, through the real resolver)', async () => {
    const s = await server()
    const url = `http://localhost:${s.port}/w`
    expect(await privateRangeOfHost(new URL(url))).toBe('loopback')
    expect(await refusal(guardedFetch({ confirmed: new Set() })(url))).toBeInstanceOf(PrivateHostError)
    expect(s.seen).toHaveLength(0)
    const res = await guardedFetch({ confirmed: new Set([`localhost:${s.port}`]) })(url)
    expect(res.status).toBe(200)
    expect(s.seen).toHaveLength(1)
  })

  it('checks the addresses it connects to: a name rebound to loopback after a first look-up gets nowhere', async () => {
    const s = await server()
    let lookups = 0
    // a hostile name server: a public address first, this computer afterwards
    const rebinding = async (): Promise<LookupAddress[]> =>
      ++lookups === 1 ? [{ address: '93.184.215.14', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]
    const url = new URL(`http://rebind.example:${s.port}/w`)
    expect(await privateRangeOfHost(url, rebinding)).toBeNull() // the first answer looks public
    const e = await refusal(guardedFetch({ confirmed: new Set(), resolve: rebinding })(url.href))
    expect(e).toBeInstanceOf(PrivateHostError)
    expect(lookups).toBe(2)
    // one public and one private address at once: refused too
    const mixed = async (): Promise<LookupAddress[]> => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]
    expect(await refusal(guardedFetch({ confirmed: new Set(), resolve: mixed })(url.href))).toBeInstanceOf(
      PrivateHostError,
    )
    expect(s.seen).toHaveLength(0)
    // the same name confirmed: the connection goes where the check looked, and arrives
    const res = await guardedFetch({ confirmed: new Set([url.host]), resolve: rebinding })(url.href)
    expect(res.status).toBe(200)
    expect(s.seen).toHaveLength(1)
  })
})

describe('createRemote: plain http only where the demo and tests allow it', () => {
  it('refuses plain http (even confirmed, even on loopback) unless allowed', async () => {
    const s = await server()
    const confirmed = [`127.0.0.1:${s.port}`]
    const e = await refusal(createRemote({ plainHttp: () => false }).get(`${s.url}/w`, confirmed))
    expect(e).toBeInstanceOf(RemoteError)
    expect(e).toMatchObject({
      problem: 'unsafe',
      message: `The link leads to 127.0.0.1:${s.port} without https, so the app does not open it.`,
    })
    expect(s.seen).toHaveLength(0)
    const allowed = createRemote({ plainHttp: () => true })
    expect(await refusal(allowed.get(`${s.url}/w`))).toMatchObject({ problem: 'private' })
    expect(s.seen).toHaveLength(0)
    expect(await allowed.get(`${s.url}/w`, confirmed)).toEqual({ status: 200, body: { ok: true } })
    expect(s.seen).toHaveLength(1)
  })

  it('plain http: never packaged, and only while the active service is itself on loopback', () => {
    expect(plainHttpWhen(true, () => 'http://127.0.0.1:4210')()).toBe(false)
    expect(plainHttpWhen(false, () => 'http://127.0.0.1:4210')()).toBe(true)
    expect(plainHttpWhen(false, () => 'http://[::1]:4210')()).toBe(true)
    expect(plainHttpWhen(false, () => 'https://wallet.example')()).toBe(false)
    expect(plainHttpWhen(false, () => 'http://192.168.1.5:4210')()).toBe(false)
    expect(plainHttpWhen(false, () => undefined)()).toBe(false)
  })
})

describe('createRemote: where a callback resolves', () => {
  it('says the range, null for a public or unknown name, and gives up on a resolver that hangs', async () => {
    const remote = createRemote({ timeoutMs: 200, resolve: async () => [{ address: '10.1.2.3', family: 4 }] })
    expect(await remote.privateRange('https://lan.example/cb')).toBe('private')
    expect(await remote.privateRange('https://[fe80::1]/cb')).toBe('link-local')
    const failing = createRemote({ resolve: () => Promise.reject(new Error('ENOTFOUND')) })
    expect(await failing.privateRange('https://nowhere.example/cb')).toBeNull()
    const hanging = createRemote({ timeoutMs: 200, resolve: () => new Promise(() => {}) })
    const started = Date.now()
    expect(await hanging.privateRange('https://slow.example/cb')).toBeNull()
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
