// The renderer's timers stand still while the window is hidden and catch up when it shows.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AFTER_PAINT_LATEST_MS,
  afterPaint,
  visibleInterval,
  visibleTimeout,
} from '../../renderer/src/lib/visibleTimers'

class FakeDoc extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible'
  set(state: DocumentVisibilityState) {
    this.visibilityState = state
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('visibleInterval', () => {
  it('ticks while visible, not at all while hidden, once at once when shown, then on', () => {
    const doc = new FakeDoc()
    let n = 0
    const stop = visibleInterval(() => n++, 1000, doc)
    vi.advanceTimersByTime(3000)
    expect(n).toBe(3)
    doc.set('hidden')
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(60_000)
    expect(n).toBe(3)
    doc.set('visible')
    expect(n).toBe(4)
    vi.advanceTimersByTime(1000)
    expect(n).toBe(5)
    // a second "visible" while already running starts no second timer
    doc.set('visible')
    expect(vi.getTimerCount()).toBe(1)
    stop()
    expect(vi.getTimerCount()).toBe(0)
    doc.set('hidden')
    doc.set('visible')
    vi.advanceTimersByTime(5000)
    expect(n).toBe(5)
  })

  it('starts stopped on a page that is hidden already', () => {
    const doc = new FakeDoc()
    doc.visibilityState = 'hidden'
    let n = 0
    visibleInterval(() => n++, 1000, doc)
    expect(vi.getTimerCount()).toBe(0)
    doc.set('visible')
    expect(n).toBe(1)
  })
})

describe('visibleTimeout', () => {
  it('fires after its time when the page stays visible, once', () => {
    const doc = new FakeDoc()
    let n = 0
    visibleTimeout(() => n++, 2000, doc, Date.now)
    vi.advanceTimersByTime(1999)
    expect(n).toBe(0)
    vi.advanceTimersByTime(1)
    expect(n).toBe(1)
    doc.set('hidden')
    doc.set('visible')
    expect(n).toBe(1)
  })

  it('waits while hidden; shown after its time it fires at once, shown before it fires on time', () => {
    const late = new FakeDoc()
    let n = 0
    visibleTimeout(() => n++, 2000, late, Date.now)
    late.set('hidden')
    vi.advanceTimersByTime(10_000)
    expect(n).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
    late.set('visible')
    expect(n).toBe(1)

    const early = new FakeDoc()
    let m = 0
    visibleTimeout(() => m++, 2000, early, Date.now)
    early.set('hidden')
    vi.advanceTimersByTime(500)
    early.set('visible')
    vi.advanceTimersByTime(1499)
    expect(m).toBe(0)
    vi.advanceTimersByTime(1)
    expect(m).toBe(1)
  })

  it('cancelled, it never fires, hidden or shown', () => {
    const doc = new FakeDoc()
    let n = 0
    const cancel = visibleTimeout(() => n++, 1000, doc, Date.now)
    doc.set('hidden')
    cancel()
    vi.advanceTimersByTime(5000)
    doc.set('visible')
    vi.advanceTimersByTime(5000)
    expect(n).toBe(0)
  })
})

describe('afterPaint', () => {
  /** a frame source the test paints by hand */
  const frames = () => {
    const waiting: Array<() => void> = []
    return {
      frame: (cb: () => void) => waiting.push(cb),
      paint: () => {
        for (const cb of waiting.splice(0)) cb()
      },
    }
  }

  it('runs after the next frame is painted, in a task of its own, once', () => {
    const doc = new FakeDoc()
    const f = frames()
    let n = 0
    afterPaint(() => n++, doc, f.frame)
    vi.advanceTimersByTime(0)
    expect(n).toBe(0) // no frame yet
    f.paint()
    expect(n).toBe(0) // not inside the frame's callbacks
    vi.advanceTimersByTime(0)
    expect(n).toBe(1)
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS * 2)
    expect(n).toBe(1)
  })

  it('runs after its longest wait when no frame comes, and not again when one does', () => {
    const doc = new FakeDoc()
    const f = frames()
    let n = 0
    afterPaint(() => n++, doc, f.frame)
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS - 1)
    expect(n).toBe(0)
    vi.advanceTimersByTime(1)
    expect(n).toBe(1)
    f.paint()
    vi.advanceTimersByTime(0)
    expect(n).toBe(1)
  })

  it('runs at once on a hidden page, which paints no frame', () => {
    const doc = new FakeDoc()
    doc.set('hidden')
    const f = frames()
    let n = 0
    afterPaint(() => n++, doc, f.frame)
    vi.advanceTimersByTime(0)
    expect(n).toBe(1)
  })
})

describe('renderer timers', () => {
  it('every timer in the renderer goes through visibleTimers', () => {
    const root = join(__dirname, '../../renderer/src')
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))
    expect(files.length).toBeGreaterThan(10)
    const raw = files.filter(
      (f) =>
        f !== join('lib', 'visibleTimers.ts') &&
        // the page's first script warms Intl in one idle callback at load (it carries no app modules)
        f !== join('early', 'reads.ts') &&
        /\b(setTimeout|setInterval|requestAnimationFrame|requestIdleCallback)\s*\(/.test(
          readFileSync(join(root, f), 'utf8'),
        ),
    )
    expect(raw).toEqual([])
  })
})
