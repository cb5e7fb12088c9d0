// Test helpers: a plain fetch client for the simulator (no app code, so the tests check the
// simulator and not the client).

import { expect } from 'vitest'
import { ErrorBody } from '../../electron/main/services/backends/service/schemas'
import { type SimulatorHandle, type SimulatorOptions, startSimulator } from './index'

export interface CallOptions {
  key?: string
  auth?: 'header' | 'basic' | 'query'
  json?: unknown
  form?: Record<string, string>
  rawBody?: string
  headers?: Record<string, string>
}

export async function call(sim: SimulatorHandle, method: string, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = { ...o.headers }
  let url = sim.url + path
  if (o.key) {
    const how = o.auth ?? 'header'
    if (how === 'header') headers['X-Api-Key'] = o.key
    else if (how === 'basic') headers.Authorization = `Basic ${Buffer.from(`${o.key}:`).toString('base64')}`
    else url += `${url.includes('?') ? '&' : '?'}access-token=${encodeURIComponent(o.key)}`
  }
  let body: BodyInit | undefined
  if (o.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(o.json)
  } else if (o.form) {
    // no Content-Type at all: the service reads the body as form fields
    body = new TextEncoder().encode(new URLSearchParams(o.form).toString())
  } else if (o.rawBody !== undefined) body = new TextEncoder().encode(o.rawBody)
  const res = await fetch(url, { method, headers, body })
  const text = await res.text()
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    data = text
  }
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field or by the app's zod schemas
  return { status: res.status, headers: res.headers, data: data as any, text }
}

/** A second simulator for one test (another account, other options), closed whatever happens. */
export async function withSimulator(
  opts: SimulatorOptions,
  use: (sim: SimulatorHandle) => Promise<void>,
): Promise<void> {
  const sim = await startSimulator(opts)
  try {
    await use(sim)
  } finally {
    await sim.close()
  }
}

export function firstWallet(sim: SimulatorHandle) {
  const w = sim.keys.wallets[0]
  if (!w) throw new Error('seed has no wallet')
  return w
}

/** The service's one error shape, with this status (and message: exact text or a pattern). */
export function expectError(r: { status: number; data: unknown }, status: number, message?: string | RegExp) {
  expect(r.status).toBe(status)
  const body = ErrorBody.parse(r.data)
  expect(body.status).toBe(status)
  expect(body.code).toBe(0)
  if (typeof message === 'string') expect(body.message).toBe(message)
  else if (message) expect(body.message).toMatch(message)
}
