// vouchers.create and vouchers.save through the whole app against the simulator: a double submit
// makes one sheet, a failure part-way keeps what was made and says so, every voucher is watched
// like any withdraw link, and a claim shows up in the list.

import type { OpOutput, WithdrawLinkView } from '@shared/contract'
import type { Result } from '@shared/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cardBox } from '../../../electron/main/services/vouchers'
import { claimWithdraw } from '../../support/lud03Client'
import { rasterise, readQrIn } from '../../support/pdfQr'
import { savedBytes } from '../../support/savedBytes'
import { type ConnectedApp, startConnectedApp } from './appHarness'

type Made = OpOutput<'vouchers.create'>
const MINT = /^\/v1\/wallet\/[^/]+\/lnurl\/withdraw$/

let t: ConnectedApp
/** after this many answered mints, the simulator fails every further mint (set per test) */
let failAfterMint: number | null = null
let mintsAnswered = 0
/** what the save dialog does (set per test) */
let dialog: 'save' | 'cancel' = 'save'
const saved: Array<{ defaultName: string; bytes: Uint8Array }> = []

beforeAll(async () => {
  t = await startConnectedApp({
    label: 'Everyday',
    balanceSat: 100_000,
    saveFile: async (req) => {
      if (dialog === 'cancel') return { status: 'cancelled' }
      saved.push({ defaultName: req.defaultName, bytes: await savedBytes(req) })
      return { status: 'saved', fileName: req.defaultName }
    },
    // a service that breaks after the Nth mint, by the simulator's own fault control over HTTP
    fetch: (sim) => async (input, init) => {
      const res = await fetch(input, init)
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (MINT.test(url.pathname) && ++mintsAnswered === failAfterMint)
        await control('POST', '/_sim/faults', { path: '/lnurl/withdraw', kind: 'status', status: 500 }, sim.url)
      return res
    },
  })
})
afterAll(() => t.close())
afterEach(async () => {
  failAfterMint = null
  mintsAnswered = 0
  dialog = 'save'
  saved.length = 0
  t.events.length = 0
  await control('DELETE', '/_sim/faults')
})

async function control(method: string, path: string, json?: unknown, base = t.sim.url) {
  const res = await fetch(base + path, {
    method,
    headers: json ? { 'Content-Type': 'application/json' } : {},
    body: json ? JSON.stringify(json) : undefined,
  })
  expect(res.ok).toBe(true)
  return res.json() as Promise<unknown>
}

const mintRequests = () => t.sim.control.requests({ method: 'GET' }).filter((r) => MINT.test(r.path))
const run = (input: unknown) => t.app.router.handle('vouchers.create', input) as Promise<Result<Made>>
const sheetInput = (requestId: string, count = 12, amountSat = 1000) => ({
  walletId: t.w.id,
  count,
  amountSat,
  note: 'Meetup',
  requestId,
})
const listed = async () => (await t.call<{ links: WithdrawLinkView[] }>('withdraw.list')).links

async function qrsOf(pdf: Uint8Array, count: number): Promise<string[]> {
  const [page] = await rasterise(pdf)
  return Array.from({ length: count }, (_, i) => readQrIn(page!, cardBox(i))?.data ?? `(card ${i + 1} unreadable)`)
}

describe('vouchers.create', () => {
  it('a double submit with one request id mints 12 once and saves one sheet of them', async () => {
    const before = mintRequests().length
    const input = sheetInput('req-sheet-twice')
    const [first, second] = await Promise.all([run(input), run(input)])
    expect(second).toMatchObject({ ok: false, error: { code: 'busy' } })
    if (!first.ok) throw new Error(first.error.message)
    expect(await run(input)).toEqual(first)
    expect(mintRequests().length - before).toBe(12)

    const made = first.value
    expect(made).toMatchObject({ requested: 12, problem: null, sheet: { status: 'saved' } })
    expect(made.links).toHaveLength(12)
    expect(new Set(made.links.map((l) => l.ott)).size).toBe(12)
    for (const l of made.links)
      expect(l).toMatchObject({ walletId: t.w.id, amountSat: 1000, memo: 'Meetup', status: 'waiting' })
    expect(saved).toHaveLength(1)
    expect(saved[0]!.defaultName).toMatch(/^vouchers-12x1000-sats-\d{4}-\d\d-\d\d\.pdf$/)
    expect(await qrsOf(saved[0]!.bytes, 12)).toEqual(made.links.map((l) => l.lnurl))

    // each one watched like any withdraw link, announced as made, with progress to 12
    const otts = new Set((await listed()).map((l) => l.ott))
    for (const l of made.links) expect(otts.has(l.ott)).toBe(true)
    const updates = t.events
      .filter((e) => e.name === 'withdraw.updated')
      .map((e) => (e.payload as WithdrawLinkView).ott)
    expect(updates).toEqual(made.links.map((l) => l.ott))
    const progress = t.events.filter((e) => e.name === 'vouchers.progress').map((e) => e.payload)
    expect(progress).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ requestId: 'req-sheet-twice', made: i + 1, count: 12 })),
    )
  })

  it('a failure after the 7th mint stops: the 7 are kept, watched, on the sheet, and said plainly', async () => {
    failAfterMint = 7
    const before = mintRequests().length
    const r = await run(sheetInput('req-sheet-fault'))
    if (!r.ok) throw new Error(r.error.message)
    const made = r.value
    expect(made.links).toHaveLength(7)
    expect(made.requested).toBe(12)
    expect(made.problem).toMatch(/^7 of 12 vouchers were made\. \S/)
    // the 8th was asked once, failed, and nothing more was asked (no retry, no 9th)
    expect(mintRequests().length - before).toBe(8)
    expect(mintRequests().at(-1)?.status).toBe(500)
    expect(made.sheet.status).toBe('saved')
    expect(await qrsOf(saved[0]!.bytes, 7)).toEqual(made.links.map((l) => l.lnurl))
    const otts = new Set((await listed()).map((l) => l.ott))
    for (const l of made.links) expect(otts.has(l.ott)).toBe(true)
  })

  it('a failure of the first mint is the error itself, nothing made', async () => {
    await control('POST', '/_sim/faults', { path: '/lnurl/withdraw', kind: 'status', status: 500 })
    const before = (await listed()).length
    const r = await run(sheetInput('req-sheet-first-fails', 3))
    expect(r).toMatchObject({ ok: false, error: { code: 'service_error' } })
    expect((await listed()).length).toBe(before)
    expect(saved).toHaveLength(0)
  })

  it('more than the wallet holds is refused before anything is minted', async () => {
    const before = mintRequests().length
    const balanceSat = Math.floor(t.sim.control.balanceMsat(t.w.id) / 1000)
    const amountSat = Math.floor(balanceSat / 10) + 1
    const r = await run(sheetInput('req-sheet-too-much', 10, amountSat))
    expect(r).toMatchObject({ ok: false, error: { code: 'insufficient_funds' } })
    if (!r.ok) expect(r.error.message).toContain(`10 × `)
    expect(mintRequests().length).toBe(before)
  })

  it('a note over 60 characters or a count over 50 is refused at the door', async () => {
    const long = await run({ ...sheetInput('req-sheet-long-note'), note: 'x'.repeat(61) })
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/note/) } })
    const many = await run(sheetInput('req-sheet-51', 51, 1))
    expect(many).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('a cancelled dialog keeps the vouchers; vouchers.save offers their sheet again', async () => {
    dialog = 'cancel'
    const r = await run(sheetInput('req-sheet-cancel', 2, 10))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.sheet).toEqual({ status: 'cancelled' })
    expect(r.value.links).toHaveLength(2)
    dialog = 'save'
    const again = await t.call<OpOutput<'vouchers.save'>>('vouchers.save', {
      otts: r.value.links.map((l) => l.ott),
      note: 'Meetup',
    })
    expect(again).toMatchObject({ count: 2, sheet: { status: 'saved' } })
    expect(await qrsOf(saved[0]!.bytes, 2)).toEqual(r.value.links.map((l) => l.lnurl))
    // the same voucher named twice is printed once
    const twice = r.value.links.flatMap((l) => [l.ott, l.ott])
    expect(await t.call<OpOutput<'vouchers.save'>>('vouchers.save', { otts: twice, note: '' })).toMatchObject({
      count: 2,
    })
    expect(await qrsOf(saved[1]!.bytes, 3)).toEqual([...r.value.links.map((l) => l.lnurl), '(card 3 unreadable)'])
    const unknown = await t.app.router.handle('vouchers.save', { otts: ['not-a-voucher'], note: '' })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

describe('a claimed voucher', () => {
  it('shows up as claimed in the list of withdraw links; the others still wait', async () => {
    const r = await run(sheetInput('req-sheet-claim', 2, 50))
    if (!r.ok) throw new Error(r.error.message)
    const [claimed, waiting] = r.value.links as [WithdrawLinkView, WithdrawLinkView]
    const answer = await claimWithdraw(claimed.lnurl, (msat) => t.sim.control.outsideInvoice(msat / 1000))
    expect(answer.status).toBe('OK')
    t.app.sync.onResume() // look now rather than at the next poll
    await t.app.sync.idle()
    const byOtt = new Map((await listed()).map((l) => [l.ott, l]))
    expect(byOtt.get(claimed.ott)).toMatchObject({ status: 'claimed', claimedAt: expect.any(Number) })
    expect(byOtt.get(waiting.ott)).toMatchObject({ status: 'waiting', claimedAt: null })
    const claims = t.events.filter(
      (e) => e.name === 'withdraw.updated' && (e.payload as WithdrawLinkView).status === 'claimed',
    )
    expect(claims.map((e) => (e.payload as WithdrawLinkView).ott)).toEqual([claimed.ott])
    // and it cannot be claimed a second time
    const twice = await claimWithdraw(claimed.lnurl, (msat) => t.sim.control.outsideInvoice(Math.max(1, msat / 1000)))
    expect(twice.status).toBe('ERROR')
  })
})
