// Router fuzz: thousands of malformed messages across every operation, through the real app
// (createApp) connected to the simulator. Every one gets a typed error envelope, none throws,
// and none reaches the service: the counting fetch and the simulator's request log stay at zero.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type OpName, operations } from '@shared/contract'
import { AppErrorShape, type Result } from '@shared/errors'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { APP_VERSION } from '../../../dev/preview/version'
import { type App, createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { validSamples as samples } from './samples'

let sim: SimulatorHandle
let app: App
let dir: string
let fetchCalls = 0
let walletId: string

const countingFetch: typeof fetch = (input, init) => {
  fetchCalls++
  return fetch(input, init)
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 'demo' })
  walletId = sim.keys.wallets[0]!.id
  dir = await mkdtemp(join(tmpdir(), 'lt-fuzz-'))
  app = createApp({
    userDataDir: dir,
    secretStore: createMemoryStore(),
    notifier: { show() {}, isSupported: () => true },
    emit() {},
    fetch: countingFetch,
    appVersion: APP_VERSION,
    logSink: () => {},
  })
  await app.start()
  const r = await app.router.handle('accounts.connect', {
    kind: 'service',
    baseUrl: sim.url,
    apiKey: sim.keys.secret,
    storage: 'keychain',
  })
  expect(r.ok).toBe(true)
  // connect refreshes the wallets in the background; wait for it so the count below starts clean
  await app.idle()
})
afterAll(async () => {
  await app.dispose()
  await sim.close()
  await rm(dir, { recursive: true, force: true })
})

const validSamples = () => samples({ simUrl: sim.url, apiKey: sim.keys.secret, walletId })

type Shape = Record<string, z.ZodType>
type Input = { shape?: Shape; options?: (z.ZodType & { shape: Shape })[] }
/** An input's fields; of a union of kinds (`accounts.connect`), those of the valid sample's kind. */
const shapeOf = (name: OpName): Shape => {
  const input = operations[name].input as unknown as Input
  return input.shape ?? (input.options ?? []).find((o) => o.safeParse(validSamples()[name]).success)?.shape ?? {}
}
const opNames = Object.keys(operations) as OpName[]
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']

/** An own property even for `__proto__` (as JSON.parse makes it), never the prototype setter. */
function withKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...obj }
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true })
  return out
}

const hugeString = fc.integer({ min: 2_001, max: 300_000 }).map((n) => 'x'.repeat(n))
const badScalars = fc.constantFrom<unknown>(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  -0,
  0.5,
  -1000.25,
  2 ** 60,
  1e21,
  '100',
  '',
  ' ',
  null,
  true,
  [],
  {},
  { valueOf: 1 },
  [1, 2],
  'sak_',
  '\u0000',
)
const anyBad = fc.oneof(badScalars, hugeString, fc.anything(), fc.string(), fc.double(), fc.integer())

describe('router fuzz', () => {
  it('every malformed message gets a typed error, none throws, none reaches the service', async () => {
    const valid = validSamples()
    // The valid samples are valid: so each mutation below is what makes a message bad.
    for (const name of opNames) expect(operations[name].input.safeParse(valid[name]).success, name).toBe(true)
    const strict = new Set(opNames.filter((n) => !operations[n].input.safeParse({ ...valid[n], zz: 1 }).success))
    const withFields = opNames.filter((n) => Object.keys(shapeOf(n)).length > 0)
    const required = (n: OpName) => Object.keys(shapeOf(n)).filter((k) => !shapeOf(n)[k]!.safeParse(undefined).success)
    const withRequired = opNames.filter((n) => required(n).length > 0)

    /** One field of a valid sample replaced by a value its schema refuses. */
    const badField = fc
      .constantFrom(...withFields)
      .chain((name) =>
        fc
          .constantFrom(...Object.keys(shapeOf(name)))
          .chain((key) =>
            anyBad
              .filter((v) => v !== undefined && !shapeOf(name)[key]!.safeParse(v).success)
              .map((v) => ({ name: name as string, input: { ...valid[name], [key]: v } as unknown })),
          ),
      )
    const missingField = fc.constantFrom(...withRequired).chain((name) =>
      fc.constantFrom(...required(name)).map((key) => {
        const { [key]: _gone, ...rest } = valid[name]
        return { name: name as string, input: rest as unknown }
      }),
    )
    const extraKey = fc
      .record({
        name: fc.constantFrom(...opNames),
        key: fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string({ minLength: 1 })),
        value: fc.anything(),
      })
      .filter(({ name, key }) => !Object.hasOwn(shapeOf(name), key))
      .chain(({ name, key, value }) => {
        const polluted = withKey(valid[name], key, value)
        if (strict.has(name)) return fc.constant({ name: name as string, input: polluted as unknown })
        // Non-strict inputs drop unknown keys; spoil a field too so the message is really bad.
        return fc
          .constantFrom(...required(name))
          .map((k) => ({ name: name as string, input: withKey(polluted, k, Number.NaN) as unknown }))
      })
    const notAnObject = fc.record({
      name: fc.constantFrom<string>(...opNames),
      input: fc.oneof(
        fc.string(),
        hugeString,
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.anything()),
      ) as fc.Arbitrary<unknown>,
    })
    const unknownOp = fc.record({
      name: fc
        .oneof(
          fc.string(),
          fc.constantFrom(...DANGEROUS_KEYS),
          fc.constantFrom(...opNames).map((n) => `${n}.x`),
        )
        .filter((s) => !Object.hasOwn(operations, s)),
      input: fc.anything() as fc.Arbitrary<unknown>,
    })
    const untrusted = fc.record({
      name: fc.constantFrom<string>(...opNames),
      input: fc.constant<unknown>(null),
      url: fc.oneof(fc.webUrl(), fc.constant('file:///etc/passwd'), fc.constant('')),
    })

    const message = fc.oneof(
      { arbitrary: badField.map((m) => ({ ...m, kind: 'badField' as const })), weight: 5 },
      { arbitrary: missingField.map((m) => ({ ...m, kind: 'missing' as const })), weight: 2 },
      { arbitrary: extraKey.map((m) => ({ ...m, kind: 'extra' as const })), weight: 2 },
      { arbitrary: notAnObject.map((m) => ({ ...m, kind: 'notObject' as const })), weight: 1 },
      { arbitrary: unknownOp.map((m) => ({ ...m, kind: 'unknownOp' as const })), weight: 1 },
      {
        arbitrary: untrusted.map((m) => ({
          name: m.name,
          // a valid message: only the sender is wrong
          input: validSamples()[m.name as OpName] as unknown,
          url: m.url,
          kind: 'untrusted' as const,
        })),
        weight: 1,
      },
    )

    // The sync loop reads the service on its own clock; stopped, every request below is the fuzz's.
    await app.sync.stop()
    fetchCalls = 0
    sim.control.resetRequests()
    const settingsBefore = await readFile(join(dir, 'settings.json'), 'utf8')
    const filesBefore = await readdir(dir)
    expect(filesBefore).toContain('settings.json')
    const kinds = new Map<string, number>()
    let runs = 0

    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        runs++
        kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1)
        const sender = m.kind === 'untrusted' ? { trusted: false, url: (m as { url: string }).url } : undefined
        const r: Result<unknown> = await app.router.handle(m.name, m.input, sender)
        expect(r.ok).toBe(false)
        if (r.ok) return
        expect(AppErrorShape.safeParse(r.error).success).toBe(true)
        expect(r.error.code).toBe(m.kind === 'untrusted' ? 'forbidden' : 'invalid_input')
        expect(r.error.message.length).toBeGreaterThan(0)
        expect(r.error.message.length).toBeLessThanOrEqual(200)
        expect(fetchCalls).toBe(0)
      }),
      { numRuns: 6_000 },
    )

    expect(runs).toBeGreaterThanOrEqual(6_000)
    for (const kind of ['badField', 'missing', 'extra', 'notObject', 'unknownOp', 'untrusted'])
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(100)
    expect(fetchCalls).toBe(0)
    expect(sim.control.requests()).toEqual([])
    // Nothing was written either, and no prototype was polluted.
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(settingsBefore)
    expect(await readdir(dir)).toEqual(filesBefore)
    expect(app.ledger().invoices()).toEqual([])
    expect(app.ledger().withdrawLinks()).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(app.sync.list()).toEqual([])

    // The same app still works for a valid message: the zero above is not a broken connection.
    const ok = await app.router.handle('wallets.list', {})
    expect(ok.ok).toBe(true)
    expect(fetchCalls).toBe(1)
  })
})
