// The shell's part of locking by itself: screen lock and sleep lock at once, and the system's idle
// time is read on a timer and handed to the lock, which decides; stopping lets go of everything.
import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LockReason } from '../../../electron/main/services/lock'
import { watchForLock } from '../../../electron/main/shell/lockWatch'

afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  vi.useFakeTimers()
  const monitor = Object.assign(new EventEmitter(), { idle: 0, getSystemIdleTime: () => monitor.idle })
  const reasons: LockReason[] = []
  const idles: number[] = []
  const stop = watchForLock({
    powerMonitor: monitor,
    lock: { lock: (r) => reasons.push(r), idle: (s) => idles.push(s) },
    intervalMs: 1000,
  })
  return { monitor, reasons, idles, stop }
}

describe('watchForLock', () => {
  it('locks on screen lock and on sleep', () => {
    const t = setup()
    t.monitor.emit('lock-screen')
    t.monitor.emit('suspend')
    expect(t.reasons).toEqual(['screen', 'sleep'])
    t.stop()
  })

  it('passes the system idle time to the lock on every tick', () => {
    const t = setup()
    t.monitor.idle = 42
    vi.advanceTimersByTime(1000)
    t.monitor.idle = 601
    vi.advanceTimersByTime(1000)
    expect(t.idles).toEqual([42, 601])
    t.stop()
  })

  it('once stopped, hears nothing and reads nothing', () => {
    const t = setup()
    t.stop()
    t.monitor.emit('lock-screen')
    vi.advanceTimersByTime(5000)
    expect([t.reasons, t.idles]).toEqual([[], []])
    expect(t.monitor.listenerCount('lock-screen') + t.monitor.listenerCount('suspend')).toBe(0)
  })
})
