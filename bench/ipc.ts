// One IPC operation through the router (validation, client, response parsing, view mapping)
// against a raw HTTP GET of the same resource, in this Node process against the simulator.
import ky from 'ky'
import type { BootedApp } from '../dev/preview/boot'
import { median } from './lib/stats'

type Timed = (i: number) => Promise<void>

async function time(f: Timed, i: number): Promise<number> {
  const t0 = performance.now()
  await f(i)
  return performance.now() - t0
}

/** Medians of `samples` calls of each, interleaved (and order alternated) so both see the same machine. */
async function compare(viaRouter: Timed, raw: Timed, samples: number, warmup: number) {
  for (let i = 0; i < warmup; i++) {
    await viaRouter(i)
    await raw(i)
  }
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < samples; i++) {
    if (i % 2) {
      a.push(await time(viaRouter, i))
      b.push(await time(raw, i))
    } else {
      b.push(await time(raw, i))
      a.push(await time(viaRouter, i))
    }
  }
  return { routerMs: median(a), rawMs: median(b), samples }
}

function rawGet(baseUrl: string, apiKey: string) {
  return async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { 'X-Api-Key': apiKey } })
    if (res.status !== 200) throw new Error(`raw GET ${path} answered ${res.status}`)
    await res.json()
  }
}

async function routed(booted: BootedApp, name: string, input: unknown) {
  const r = await booted.app.router.handle(name, input, { trusted: true, url: 'bench://' })
  if (!r.ok) throw new Error(`${name} failed: ${r.error.message}`)
}

export function measureIpc(opts: { booted: BootedApp; baseUrl: string; apiKey: string; walletId: string }) {
  const get = rawGet(opts.baseUrl, opts.apiKey)
  const id = encodeURIComponent(opts.walletId)
  return compare(
    () => routed(opts.booted, 'wallets.get', { walletId: opts.walletId }),
    () => get(`/v1/wallet/${id}`),
    400,
    50,
  )
}

/** The service client alone (ky, auth, zod parse of the body) for the same resource: where the time goes. */
export function measureClientOnly(opts: { booted: BootedApp; baseUrl: string; apiKey: string; walletId: string }) {
  const get = rawGet(opts.baseUrl, opts.apiKey)
  const id = encodeURIComponent(opts.walletId)
  const client = opts.booted.app.accounts.client()
  return compare(
    async () => {
      await client.getWallet(opts.walletId)
    },
    () => get(`/v1/wallet/${id}`),
    400,
    50,
  )
}

/**
 * ky alone with the client's kind of instance (prefix URL, timeout, GET retries, the key in its
 * headers), reading and JSON-parsing the body but no zod: the floor the client is built on.
 */
export function measureKyOnly(opts: { baseUrl: string; apiKey: string; walletId: string }) {
  const get = rawGet(opts.baseUrl, opts.apiKey)
  const id = encodeURIComponent(opts.walletId)
  const api = ky.create({
    prefix: opts.baseUrl,
    timeout: 15_000,
    headers: { Accept: 'application/json', 'X-Api-Key': opts.apiKey },
    retry: { limit: 2, methods: ['get'] },
  })
  return compare(
    async () => {
      JSON.parse(await api(`v1/wallet/${id}`).text())
    },
    () => get(`/v1/wallet/${id}`),
    400,
    50,
  )
}

/** transactions.page (100 rows) against the raw GET of the same page, pages 2…51 in turn. */
export function measureTxPageIpc(opts: { booted: BootedApp; baseUrl: string; apiKey: string; walletId: string }) {
  const get = rawGet(opts.baseUrl, opts.apiKey)
  const id = encodeURIComponent(opts.walletId)
  const page = (i: number) => 2 + (i % 50)
  return compare(
    (i) => routed(opts.booted, 'transactions.page', { walletId: opts.walletId, page: page(i), perPage: 100 }),
    (i) => get(`/v1/wallet/${id}/transactions?page=${page(i)}&per-page=100`),
    60,
    5,
  )
}
