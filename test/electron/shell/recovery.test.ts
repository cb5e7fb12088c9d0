// A crashed or hung renderer is reloaded with a notice, a bounded number of times.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recoveryMessages, superviseRenderer } from '../../../electron/main/shell/recovery'
import { FakeEvent, FakeWebContents } from './fakes'

let clock = 0
function supervise(answer: 'reload' | 'quit' = 'reload', opts: { quitting?: boolean } = {}) {
  const wc = new FakeWebContents()
  const notices: string[] = []
  const asked: Array<{ message: string; detail: string }> = []
  const logs: string[] = []
  let quits = 0
  const stop = superviseRenderer({
    contents: wc as never,
    notice: (m) => notices.push(m),
    askAfterRepeatedFailure: async (m) => {
      asked.push(m)
      return answer
    },
    quit: () => quits++,
    isQuitting: () => opts.quitting === true,
    log: (m) => logs.push(m),
    now: () => clock,
  })
  const gone = (reason: string) => wc.emit('render-process-gone', new FakeEvent(), { reason, exitCode: 1 })
  return { wc, notices, asked, logs, gone, stop, quits: () => quits }
}

beforeEach(() => {
  clock = 1_000_000
})
afterEach(() => vi.useRealTimers())

describe('renderer recovery', () => {
  it('reloads a crashed page and tells it why once it has loaded again', () => {
    const r = supervise()
    r.gone('crashed')
    expect(r.wc.reloads).toBe(1)
    expect(r.notices).toEqual([])
    r.wc.emit('did-finish-load')
    r.wc.emit('did-finish-load')
    expect(r.notices).toEqual([recoveryMessages().crashed])
    expect(r.logs).toEqual(['renderer gone'])
  })

  it('reloads after an out-of-memory end, a kill or a failed launch too; not after a clean exit', () => {
    const r = supervise()
    for (const reason of ['oom', 'killed', 'launch-failed']) r.gone(reason)
    expect(r.wc.reloads).toBe(3)
    const clean = supervise()
    clean.gone('clean-exit')
    expect(clean.wc.reloads).toBe(0)
  })

  it('says it once when the page failed again before it had loaded', () => {
    const r = supervise()
    r.gone('crashed')
    r.gone('launch-failed')
    expect(r.wc.reloads).toBe(2)
    r.wc.emit('did-finish-load')
    expect(r.notices).toEqual([recoveryMessages().crashed])
    // a load nobody asked for (the page's own navigation) brings no notice
    r.wc.emit('did-finish-load')
    expect(r.notices).toHaveLength(1)
  })

  it('ends a page that stays unresponsive past the grace period, then reloads it as hung', () => {
    vi.useFakeTimers()
    const r = supervise()
    r.wc.emit('unresponsive')
    r.wc.emit('unresponsive')
    vi.advanceTimersByTime(9_999)
    expect(r.wc.crashes).toBe(0)
    vi.advanceTimersByTime(1)
    expect(r.wc.crashes).toBe(1)
    expect(r.wc.reloads).toBe(1)
    // the end of the process we ended is not a second failure
    r.gone('killed')
    expect(r.wc.reloads).toBe(1)
    r.wc.emit('did-finish-load')
    expect(r.notices).toEqual([recoveryMessages().hung])
    // the next crash is a crash again
    r.gone('crashed')
    r.wc.emit('did-finish-load')
    expect(r.notices.at(-1)).toBe(recoveryMessages().crashed)
  })

  it('leaves a page alone that becomes responsive again in time', () => {
    vi.useFakeTimers()
    const r = supervise()
    r.wc.emit('unresponsive')
    vi.advanceTimersByTime(5_000)
    r.wc.emit('responsive')
    vi.advanceTimersByTime(60_000)
    expect([r.wc.crashes, r.wc.reloads]).toEqual([0, 0])
    r.wc.emit('unresponsive')
    r.stop()
    vi.advanceTimersByTime(60_000)
    expect(r.wc.crashes).toBe(0)
  })

  it('reloads at most three times a minute, then asks; "Reload" starts a new count', async () => {
    const r = supervise('reload')
    for (let i = 0; i < 3; i++) {
      r.gone('crashed')
      clock += 10_000
    }
    expect(r.wc.reloads).toBe(3)
    r.gone('crashed')
    expect(r.wc.reloads).toBe(3)
    expect(r.asked).toEqual([recoveryMessages().repeated])
    // while the question is open, more failures neither reload nor ask again
    r.gone('crashed')
    r.wc.emit('unresponsive')
    expect(r.asked).toHaveLength(1)
    await vi.waitFor(() => expect(r.wc.reloads).toBe(4))
    for (let i = 0; i < 2; i++) r.gone('crashed')
    expect(r.wc.reloads).toBe(6)
    expect(r.asked).toHaveLength(1)
    expect(r.logs).toContain('renderer keeps failing')
  })

  it('counts only the reloads of the last minute', () => {
    const r = supervise()
    for (let i = 0; i < 10; i++) {
      r.gone('crashed')
      clock += 30_001
    }
    expect(r.wc.reloads).toBe(10)
    expect(r.asked).toEqual([])
  })

  it('"Quit" quits instead of reloading', async () => {
    const r = supervise('quit')
    for (let i = 0; i < 4; i++) r.gone('crashed')
    await vi.waitFor(() => expect(r.quits()).toBe(1))
    expect(r.wc.reloads).toBe(3)
  })

  it('does nothing while the app quits or once the window is gone', () => {
    const quitting = supervise('reload', { quitting: true })
    quitting.gone('crashed')
    expect(quitting.wc.reloads).toBe(0)
    const closed = supervise()
    closed.wc.destroyed = true
    closed.gone('crashed')
    expect(closed.wc.reloads).toBe(0)
  })
})
