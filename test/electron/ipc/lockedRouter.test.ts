// While the app is locked, main's router refuses every operation the contract does not mark open:
// every money operation and every one whose answer carries amounts, history, links or keys. The
// operations are listed from the contract, and each one's output schema is read: an operation
// marked open whose answer could show money data fails here, as does one missing from the table.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  EVENT_NAMES,
  eventsWhileLocked,
  OP_NAMES,
  type OpName,
  operations,
  opKind,
  whileLocked,
} from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { type ConnectedApp, startConnectedApp, value } from './appHarness'
import { validSamples } from './samples'

const PASSPHRASE = 'a desk with nobody at it'

/** Field names of an answer that show money data: amounts, history, links, keys. */
const REVEALING: RegExp[] = [
  /msat$/i,
  /sat$/i,
  /^amount/i,
  /balance/i,
  /^total/i,
  /fee/i,
  /lnurl/i,
  /^uri$/,
  /url$/i,
  /invoice/i,
  /paymentRequest|paymentHash|preimage/,
  /^ott/,
  /key/i,
  /^(items|rows|links|payments|recipients|wallets|accounts|transactions|invoices)$/,
  /memo|label|description|target/i,
]

type Def = { type: string; [k: string]: unknown }
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def

/** Every field name in a schema whose value can carry data (booleans and enums say nothing of money). */
function dataFields(schema: z.ZodType, out = new Set<string>()): Set<string> {
  const def = defOf(schema)
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const leaf = defOf(unwrap(field)).type
        if (leaf !== 'boolean' && leaf !== 'enum' && leaf !== 'literal') out.add(key)
        dataFields(field, out)
      }
      break
    case 'array':
      dataFields(def.element as z.ZodType, out)
      break
    case 'union':
      for (const option of def.options as z.ZodType[]) dataFields(option, out)
      break
    case 'pipe':
      dataFields(def.in as z.ZodType, out)
      dataFields(def.out as z.ZodType, out)
      break
    case 'record':
      out.add('*')
      dataFields(def.valueType as z.ZodType, out)
      break
    default:
      if ('innerType' in def) dataFields(def.innerType as z.ZodType, out)
  }
  return out
}
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema)
  return 'innerType' in def ? unwrap(def.innerType as z.ZodType) : schema
}
const revealing = (name: OpName) =>
  [...dataFields(operations[name].output)].filter((f) => f === '*' || REVEALING.some((r) => r.test(f)))

describe('the contract’s lock table', () => {
  it('has an entry for every operation and every event, and nothing else', () => {
    expect(Object.keys(whileLocked).sort()).toEqual([...OP_NAMES].sort())
    for (const name of OP_NAMES) expect(['open', 'refused'], name).toContain(whileLocked[name])
    expect(Object.keys(eventsWhileLocked).sort()).toEqual([...EVENT_NAMES].sort())
  })

  it('refuses every money and create operation, and every one whose answer carries money data', () => {
    for (const name of OP_NAMES) {
      if (opKind(name) === 'money' || opKind(name) === 'create') expect(whileLocked[name], name).toBe('refused')
      if (revealing(name).length > 0)
        expect(whileLocked[name], `${name}: ${revealing(name).join(', ')}`).toBe('refused')
    }
    // the reader finds what it must: a balance, a history page, a key hint, a link
    expect(revealing('wallets.list')).toContain('balanceMsat')
    expect(revealing('history.page')).toContain('amountMsat')
    expect(revealing('accounts.list')).toContain('keyHint')
    expect(revealing('withdraw.list')).toContain('lnurl')
    // and the open ones say nothing of money
    const open = OP_NAMES.filter((n) => whileLocked[n] === 'open')
    expect(open.sort()).toEqual(
      ['app.info', 'lock.lock', 'lock.osUnlock', 'lock.status', 'lock.unlock', 'settings.get', 'window.pin'].sort(),
    )
  })

  it('lets only events without money data out while locked', () => {
    const sent = EVENT_NAMES.filter((n) => eventsWhileLocked[n] === 'sent')
    expect(sent.sort()).toEqual(['connection', 'lock.changed', 'notice', 'settings.updated'])
  })
})

describe('router while locked (the whole app against the simulator)', () => {
  let t: ConnectedApp
  beforeAll(async () => {
    t = await startConnectedApp({ label: 'Locked', balanceSat: 50_000 })
    value(await t.app.router.handle('lock.set', { passphrase: PASSPHRASE }))
    await t.app.sync.idle()
    await t.app.idle()
  }, 60_000)
  afterAll(() => t.close())

  it('keeps syncing while locked, but what carries money stays in main, and the banner has no amount', async () => {
    expect(value(await t.app.router.handle('lock.lock', {}))).toMatchObject({ set: true, locked: true })
    const before = t.events.length
    const shown = t.notifications.length
    await t.sim.control.payInbound(t.w.id, 4_321, 'rent for 9876')
    t.app.sync.onResume() // a tick at once, as on waking
    await vi.waitFor(() => expect(t.notifications.length).toBeGreaterThan(shown), { timeout: 10_000 })
    await t.app.sync.idle()
    // the tick did read it: the ledger has the row
    const accountId = t.app.accounts.list().activeId ?? ''
    expect(t.app.ledger().count({ accountId, walletId: t.w.id, search: 'rent' })).toBe(1)
    const sent = t.events.slice(before)
    expect(sent.filter((e) => eventsWhileLocked[e.name as keyof typeof eventsWhileLocked] !== 'sent')).toEqual([])
    expect(t.notifications.slice(shown)).toEqual([
      { title: 'Payment received', body: `To ${t.w.label}`, onClick: expect.any(Function) },
    ])
    expect(JSON.stringify(t.notifications.slice(shown).map((n) => [n.title, n.body]))).not.toMatch(/4,?321|9876/)
  })

  it('refuses each refused operation with `locked`, before its input is read, reaching nobody', async () => {
    const samples = validSamples({ simUrl: t.sim.url, apiKey: t.sim.keys.secret, walletId: t.w.id })
    await t.app.sync.stop() // the loop's own reads stay out of the count below
    expect(t.app.lock.isLocked()).toBe(true)
    const settingsBefore = await readFile(join(t.dir, 'settings.json'), 'utf8')
    const eventsBefore = t.events.length
    t.sim.control.resetRequests()
    const refused: string[] = []
    for (const name of OP_NAMES) {
      // valid input: a refusal comes from the lock alone
      expect(operations[name].input.safeParse(samples[name]).success, name).toBe(true)
      if (whileLocked[name] !== 'refused') continue
      refused.push(name)
      expect(await t.app.router.handle(name, samples[name]), name).toEqual({
        ok: false,
        error: {
          code: 'locked',
          message: 'The app is locked. Unlock it with your passphrase to go on.',
          retryable: false,
        },
      })
      // and so is anything else sent in its name
      expect(await t.app.router.handle(name, { nonsense: true }), name).toMatchObject({ error: { code: 'locked' } })
    }
    // every money operation and every reader of balances, history, links and keys was among them
    for (const name of [
      ...OP_NAMES.filter((n) => opKind(n) === 'money'),
      'wallets.list',
      'history.page',
      'transactions.page',
      'withdraw.list',
      'invoices.list',
      'accounts.list',
      'payments.unfinished',
    ])
      expect(refused, name).toContain(name)
    await t.app.idle()
    expect(t.sim.control.requests()).toEqual([])
    expect(await readFile(join(t.dir, 'settings.json'), 'utf8')).toBe(settingsBefore)
    expect(t.events.slice(eventsBefore)).toEqual([])
  })

  it('answers the open ones, none of which shows money data', async () => {
    const info = await t.app.router.handle('app.info', {})
    expect(info.ok).toBe(true)
    const settings = value<{ hideBalances: boolean }>(await t.app.router.handle('settings.get', {}))
    expect(settings.hideBalances).toBe(false)
    expect(value(await t.app.router.handle('lock.status', {}))).toMatchObject({ set: true, locked: true })
    expect(JSON.stringify([info, settings])).not.toMatch(/msat|sak_|4,?321/i)
  })

  it('unlocks with the passphrase after the back-off; the tray then gets the balances again', async () => {
    const before = t.events.length
    const wrong = value<{ outcome: string }>(await t.app.router.handle('lock.unlock', { passphrase: 'not it at all' }))
    expect(wrong.outcome).toBe('wrong')
    const early = value<{ outcome: string }>(await t.app.router.handle('lock.unlock', { passphrase: PASSPHRASE }))
    expect(early.outcome).toBe('wait')
    expect((await t.app.router.handle('wallets.list', {})).ok).toBe(false)
    // the first back-off (1 s), until the lock itself says the next try may be checked
    const status = async () => value<{ retryAt: number | null }>(await t.app.router.handle('lock.status', {}))
    await vi.waitFor(async () => expect((await status()).retryAt).toBeNull(), { timeout: 10_000, interval: 50 })
    const right = value<{ outcome: string }>(await t.app.router.handle('lock.unlock', { passphrase: PASSPHRASE }))
    expect(right.outcome).toBe('unlocked')
    await t.app.idle()
    expect(t.events.slice(before).map((e) => e.name)).toEqual([
      'lock.changed',
      'lock.changed',
      'lock.changed',
      'wallets.updated',
    ])
    expect((await t.app.router.handle('wallets.list', {})).ok).toBe(true)
  })
})
