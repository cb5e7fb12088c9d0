// The wallet service's gate (gate.ts; docs/nwc.md, "Floods"), on its own: what it drops and in
// which order, and above all that every cheap drop comes before the signature check, which costs
// milliseconds (the gate's signature check is counted here). The seal check agrees with nostr-tools'.
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { type Event, finalizeEvent, generateSecretKey, getPublicKey, nip04, nip44 } from 'nostr-tools'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sealedWith } from '../../../electron/main/services/nwc/crypto'
import { createGate, type Verdict } from '../../../electron/main/services/nwc/gate'
import { signingCompiled, verifySignature } from '../../../electron/main/services/nwc/signing'

// the gate's own check (libsecp256k1 once compiled), counted
const verify = vi.fn(verifySignature)
const checks = () => verify.mock.calls.length

const wallet = generateSecretKey()
const walletPubkey = getPublicKey(wallet)
const app = generateSecretKey()
const appPubkey = getPublicKey(app)
let clock = 1_800_000_000_000
const nowSec = () => Math.floor(clock / 1000)
const limits = { strangersPerMin: 3, nip04PerMin: 2 }
let gate: ReturnType<typeof createGate>
beforeEach(async () => {
  expect(await signingCompiled).toBe(true)
  verify.mockClear()
  gate = createGate({
    wallet: (pk) => (pk === walletPubkey ? { secret: wallet, clientPubkey: appPubkey } : undefined),
    nowMs: () => clock,
    limits,
    verify,
  })
})

const body = JSON.stringify({ method: 'get_balance', params: {} })
/** a request signed by `key`, sealed by it for the wallet (NIP-44 unless said) */
function request(key = app, o: { enc?: 'nip04'; content?: string } = {}): Event {
  const content =
    o.content ??
    (o.enc === 'nip04'
      ? nip04.encrypt(key, walletPubkey, body)
      : nip44.encrypt(body, nip44.getConversationKey(key, walletPubkey)))
  const tags = [
    ['p', walletPubkey],
    ['encryption', o.enc ?? 'nip44_v2'],
  ]
  return finalizeEvent({ kind: 23194, created_at: nowSec(), tags, content }, key)
}
/** the same event with another id and a signature that is not one (a forgery) */
const forged = (e: Event, change: Partial<Event> = {}): Event => ({
  ...e,
  id: randomBytes(32).toString('hex'),
  sig: randomBytes(64).toString('hex'),
  ...change,
})
/** a stranger's verdict, its deferred part run */
const finish = (v: Verdict): Verdict => ('later' in v ? v.later() : v)
/** the app's NIP-44 verdict with its signature check run, as the worker runs it once it handed the request on */
const checked = (v: Verdict): Verdict => {
  if (!('heard' in v) || !v.signature) return v
  return v.signature() ? { heard: v.heard } : { drop: 'bad signature' }
}

describe('the app', () => {
  it("hands on the app's sealed request, decrypted, before its signature check, and drops its replay before any check", () => {
    const e = request()
    const v = gate.read(e)
    expect(v).toMatchObject({
      heard: { walletPubkey, id: e.id, pubkey: appPubkey, enc: 'nip44_v2', text: body, checking: true },
    })
    expect(checks()).toBe(0) // handed on first: main may start a read while it is checked
    expect('heard' in v && v.signature?.()).toBe(true)
    expect(checks()).toBe(1)
    expect(gate.read({ ...e })).toEqual({ drop: 'seen' })
    expect(checks()).toBe(1)
  })

  it('drops without a signature check: a bad shape, an old event, another wallet key, a body not sealed for the app', () => {
    const e = request()
    expect(gate.read({ ...e, tags: 'p' })).toEqual({ drop: 'malformed' })
    expect(gate.read(null)).toEqual({ drop: 'malformed' })
    expect(gate.read({ ...e, content: 'x'.repeat(70_000) })).toEqual({ drop: 'malformed' })
    expect(gate.read({ ...e, created_at: nowSec() - 301 })).toEqual({ drop: 'too old' })
    expect(gate.read({ ...e, tags: [['p', getPublicKey(generateSecretKey())]] })).toEqual({ drop: 'not ours' })
    // the app's key claimed, a body sealed by someone else, or changed, or not sealed at all
    const other = nip44.encrypt(body, nip44.getConversationKey(generateSecretKey(), walletPubkey))
    expect(gate.read(forged(e, { content: other }))).toEqual({ drop: 'not sealed for us' })
    expect(gate.read(forged(e, { content: `${e.content.slice(0, -4)}AAAA` }))).toEqual({ drop: 'not sealed for us' })
    expect(gate.read(forged(e, { content: randomBytes(300).toString('base64') }))).toEqual({
      drop: 'not sealed for us',
    })
    expect(checks()).toBe(0)
  })

  it('checks the signature of a genuine body once: copied into forged events, it is dropped before', () => {
    const e = request()
    expect(checked(gate.read(e))).toHaveProperty('heard')
    for (let i = 0; i < 5; i++) expect(gate.read(forged(e))).toEqual({ drop: 'body seen' })
    expect(checks()).toBe(1)
    // a fresh genuine body in a forged event: its one check fails
    const fresh = request()
    expect(checked(gate.read(forged(fresh)))).toEqual({ drop: 'bad signature' })
    expect(gate.read(forged(fresh))).toEqual({ drop: 'body seen' })
    expect(checks()).toBe(2)
  })

  it('serves NIP-04, and checks at most its budget of NIP-04 signatures a minute (no MAC to check first)', () => {
    const v = gate.read(request(app, { enc: 'nip04' }))
    // no MAC: checked before anything of it is read, and handed on after
    expect(v).toEqual({ heard: { walletPubkey, id: expect.any(String), pubkey: appPubkey, enc: 'nip04', text: body } })
    expect(checks()).toBe(1)
    const junk = () => forged(request(app, { enc: 'nip04' }))
    expect(gate.read(junk())).toEqual({ drop: 'bad signature' })
    expect(gate.read(junk())).toEqual({ drop: 'nip04 over budget' })
    expect(checks()).toBe(limits.nip04PerMin)
    clock += 30_000 // half a minute: one more
    expect(gate.read(junk())).toEqual({ drop: 'bad signature' })
    expect(gate.read(junk())).toEqual({ drop: 'nip04 over budget' })
    expect(checks()).toBe(limits.nip04PerMin + 1)
  })

  it('drops a replay across a restart before the seal is checked (ids seeded from disk)', () => {
    const e = request()
    gate.seed([e.id])
    expect(gate.read(e)).toEqual({ drop: 'seen' })
    expect(checks()).toBe(0)
  })
})

describe('strangers', () => {
  it('lets each key through once a minute, signature checked later, and drops its replays', () => {
    const key = generateSecretKey()
    const first = request(key)
    const v = gate.read(first)
    expect(v).toHaveProperty('later')
    expect(checks()).toBe(0) // deferred: the app's work goes first
    expect(finish(v)).toEqual({ heard: { walletPubkey, id: first.id, pubkey: getPublicKey(key), enc: 'nip44_v2' } })
    expect(gate.read(first)).toEqual({ drop: 'seen' })
    expect(gate.read(request(key))).toEqual({ drop: 'stranger' })
    clock += 61_000
    expect(finish(gate.read(request(key)))).toHaveProperty('heard')
    expect(checks()).toBe(2)
  })

  it(`lets ${limits.strangersPerMin} strangers through at once in all, and checks a forged one's signature`, () => {
    const keys = Array.from({ length: limits.strangersPerMin + 1 }, () => generateSecretKey())
    const verdicts = keys.map((k) => gate.read(request(k)))
    expect(verdicts.filter((v) => 'later' in v)).toHaveLength(limits.strangersPerMin)
    expect(verdicts.at(-1)).toEqual({ drop: 'stranger' })
    expect(checks()).toBe(0)
    clock += 60_000
    expect(finish(gate.read(forged(request(generateSecretKey()))))).toEqual({ drop: 'bad signature' })
  })
})

it("checks a NIP-44 seal as nostr-tools' decryption does", () => {
  const key = nip44.getConversationKey(app, walletPubkey)
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 2000 }), fc.nat(), (text, at) => {
      const sealed = nip44.encrypt(text, key)
      expect(sealedWith(key, sealed)).toBe(true)
      const bytes = Buffer.from(sealed, 'base64')
      const i = at % bytes.length
      bytes[i] = (bytes[i] as number) ^ (1 << (at % 8))
      const changed = bytes.toString('base64')
      expect(sealedWith(key, changed)).toBe(false)
      expect(() => nip44.decrypt(changed, key)).toThrow()
    }),
    { numRuns: 200 },
  )
})
