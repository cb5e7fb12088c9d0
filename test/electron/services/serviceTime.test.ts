// The service's clock, estimated per account from Date headers and created_at: robust to the
// second resolution, to slow answers and to a stray header; a missing or unreadable one is ignored.
import { describe, expect, it } from 'vitest'
import {
  createServiceTime,
  dateHeaderSec,
  MAX_ROUND_TRIP_MS,
  REPORT_STEP_MS,
  WINDOW,
} from '../../../electron/main/services/serviceTime'

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0)
const H = 3_600_000

/** a computer clock the test moves, and a service whose clock is `offsetMs` from it */
function world(offsetMs: number) {
  let now = T0
  const changes: string[] = []
  const st = createServiceTime({ now: () => now, onChange: (id) => changes.push(id) })
  /** one answer: sent now, dated by the service after `serverDelayMs`, received after `rttMs` */
  const answer = (accountId: string, o: { rttMs?: number; at?: number; date?: string | null } = {}) => {
    const rtt = o.rttMs ?? 80
    const sent = now
    const serviceMs = sent + (o.at ?? rtt / 2) + offsetMs
    const date = o.date === undefined ? new Date(serviceMs).toUTCString() : o.date
    now = sent + rtt
    st.sample(accountId, dateHeaderSec(date) ?? Number.NaN, sent, now)
  }
  return { st, changes, answer, tick: (ms: number) => (now += ms), computer: () => now }
}

describe('service time', () => {
  it('is the computer time until an answer says otherwise', () => {
    const { st } = world(0)
    expect(st.offsetMs('acc')).toBeNull()
    expect(st.offsetSec('acc')).toBeNull()
    expect(st.nowMs('acc')).toBe(T0)
  })

  for (const offset of [25 * H, -25 * H, 2 * H, -2 * H, 0, 7_300]) {
    it(`learns an offset of ${offset / 1000} s to within a second, from whole-second headers`, () => {
      const w = world(offset)
      for (let i = 0; i < 20; i++) {
        w.answer('acc', { rttMs: 40 + ((i * 37) % 300) })
        w.tick(1_234 + i * 97) // answers at every fraction of a second
      }
      expect(Math.abs((w.st.offsetMs('acc') as number) - offset)).toBeLessThanOrEqual(1_000)
      // "service now" is the computer's clock plus that offset
      expect(Math.abs(w.st.nowMs('acc') - w.computer() - offset)).toBeLessThanOrEqual(1_000)
      expect(w.st.nowSec('acc')).toBe(Math.floor(w.st.nowMs('acc') / 1000))
      // whole seconds, and never -0 (a zero offset reads the same everywhere)
      expect(w.st.offsetSec('acc')).toBe(Math.round((w.st.offsetMs('acc') as number) / 1000) + 0)
    })
  }

  it('keeps accounts apart', () => {
    const w = world(2 * H)
    w.answer('a')
    expect(w.st.offsetMs('b')).toBeNull()
    expect(Math.abs((w.st.offsetMs('a') as number) - 2 * H)).toBeLessThanOrEqual(1_000)
  })

  it('ignores a missing or unreadable Date header, and an answer too slow to say when it was dated', () => {
    const w = world(25 * H)
    w.answer('acc', { date: null })
    w.answer('acc', { date: 'not a date' })
    w.answer('acc', { date: 'x'.repeat(200) })
    w.answer('acc', { date: new Date(Date.UTC(1970, 0, 2)).toUTCString() }) // a broken clue, not an offset
    expect(w.st.offsetMs('acc')).toBeNull()
    // a 40 s answer dated at its very end would put the estimate 20 s out
    w.answer('acc', { rttMs: MAX_ROUND_TRIP_MS + 35_000, at: MAX_ROUND_TRIP_MS + 35_000 })
    expect(w.st.offsetMs('acc')).toBeNull()
    w.answer('acc')
    expect(Math.abs((w.st.offsetMs('acc') as number) - 25 * H)).toBeLessThanOrEqual(1_000)
  })

  it('a stray header (a cache, a proxy) does not move the estimate; a lasting change does', () => {
    const w = world(0)
    for (let i = 0; i < WINDOW; i++) w.answer('acc')
    w.answer('acc', { at: 3 * H }) // one answer dated three hours on
    expect(Math.abs(w.st.offsetMs('acc') as number)).toBeLessThanOrEqual(1_000)
    // the service's clock really moved: after more than half the window, the estimate follows
    for (let i = 0; i < Math.ceil(WINDOW / 2); i++) w.answer('acc', { at: H })
    expect(Math.abs((w.st.offsetMs('acc') as number) - H)).toBeLessThanOrEqual(1_000)
  })

  it('tells when the estimate is first known and when it moves by REPORT_STEP_MS, not on every answer', () => {
    const w = world(25 * H)
    for (let i = 0; i < 10; i++) w.answer('acc', { rttMs: 50 + i * 20 })
    expect(w.changes).toEqual(['acc'])
    for (let i = 0; i < WINDOW; i++) w.answer('acc', { at: REPORT_STEP_MS * 3 })
    expect(w.changes).toEqual(['acc', 'acc'])
  })

  it('learns from created_at of what was just made, and from each answer through its fetch', async () => {
    let now = T0
    const st = createServiceTime({ now: () => now })
    const made = await st.created(
      'acc',
      async () => {
        now += 100
        return { created_at: Math.floor((T0 + 50 - 2 * H) / 1000) }
      },
      (r) => r.created_at,
    )
    expect(made.created_at).toBeGreaterThan(0)
    expect(Math.abs((st.offsetMs('acc') as number) + 2 * H)).toBeLessThanOrEqual(1_000)

    const headers = new Headers({ date: new Date(now + 25 * H).toUTCString() })
    const f = st.observe('other', async () => new Response('{}', { headers }))
    await f('http://127.0.0.1/v1/wallets')
    expect(Math.abs((st.offsetMs('other') as number) - 25 * H)).toBeLessThanOrEqual(1_000)
    // an answer without the header teaches nothing, and is passed on as it came
    const bare = st.observe('bare', async () => new Response('{"ok":1}'))
    expect(await (await bare('http://127.0.0.1/')).json()).toEqual({ ok: 1 })
    expect(st.offsetMs('bare')).toBeNull()
  })
})
