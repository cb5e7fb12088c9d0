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

// The same clues against the monotonic clock: what the daily spending limit is counted on.
describe('service time by the monotonic clock', () => {
  /** a wall clock the test moves apart from a monotonic one that only runs on; the service on the true time */
  function steadyWorld() {
    let wall = T0
    let mono = 1_000
    let truth = T0
    const seen: Array<[string, number]> = []
    const st = createServiceTime({
      now: () => wall,
      monotonic: () => mono,
      onSeen: (id, sec) => void seen.push([id, sec]),
    })
    const pass = (ms: number) => {
      wall += ms
      mono += ms
      truth += ms
    }
    /** one answer, dated by the service halfway */
    const answer = (rttMs = 80) => {
      const sent = wall
      pass(rttMs / 2)
      const dated = Math.floor(truth / 1000)
      pass(rttMs / 2)
      st.sample('acc', dated, sent, wall)
    }
    return {
      st,
      seen,
      pass,
      answer,
      setWall: (ms: number) => (wall += ms),
      truth: () => truth,
    }
  }

  it('is unknown until an answer, then the service’s time to within a second', () => {
    const w = steadyWorld()
    expect(w.st.steadyMs('acc')).toBeNull()
    for (let i = 0; i < 5; i++) {
      w.answer(40 + i * 70)
      w.pass(1_333)
    }
    expect(Math.abs((w.st.steadyMs('acc') as number) - w.truth())).toBeLessThanOrEqual(1_000)
  })

  for (const moved of [25 * H, -25 * H]) {
    it(`stays on the service’s time when the computer’s clock is moved ${moved / H} h meanwhile`, () => {
      const w = steadyWorld()
      for (let i = 0; i < WINDOW; i++) w.answer()
      w.setWall(moved)
      w.pass(10 * 60_000)
      // the wall-clock estimate jumps with the computer's clock until new answers outvote it
      expect(Math.abs(w.st.nowMs('acc') - w.truth() - moved)).toBeLessThanOrEqual(1_000)
      expect(Math.abs((w.st.steadyMs('acc') as number) - w.truth())).toBeLessThanOrEqual(1_000)
      w.answer() // an answer while the wall clock is off is the same sample to it
      expect(Math.abs((w.st.steadyMs('acc') as number) - w.truth())).toBeLessThanOrEqual(1_000)
    })
  }

  it('takes an answer too slow for a sample as a lower bound: never ahead of the service', () => {
    const w = steadyWorld()
    w.answer(MAX_ROUND_TRIP_MS + 20_000)
    expect(w.st.offsetMs('acc')).toBeNull()
    const est = w.st.steadyMs('acc') as number
    expect(est).toBeLessThanOrEqual(w.truth())
    expect(est).toBeGreaterThan(w.truth() - MAX_ROUND_TRIP_MS - 20_000)
    w.pass(60_000)
    expect((w.st.steadyMs('acc') as number) - est).toBe(60_000)
  })

  it('tells the time seen first and then once a minute of it has passed, to be kept', () => {
    const w = steadyWorld()
    w.answer()
    w.pass(30_000)
    w.answer()
    w.pass(31_000)
    w.answer()
    expect(w.seen.map(([id]) => id)).toEqual(['acc', 'acc'])
    const [first, second] = w.seen.map(([, sec]) => sec) as [number, number]
    expect(second - first).toBeGreaterThanOrEqual(60)
    expect(Math.abs(first * 1000 - T0)).toBeLessThanOrEqual(1_000)
  })
})
