// When the app locks by itself: the screen locks, the computer sleeps, or nobody has touched
// keyboard or mouse for the minutes set (powerMonitor's idle time, sampled here and passed in, so
// the lock service decides without knowing Electron).
import type { LockReason } from '../services/lock'

type LockEvent = 'lock-screen' | 'suspend'

export interface LockPowerMonitor {
  on(event: LockEvent, listener: () => void): unknown
  removeListener(event: LockEvent, listener: () => void): unknown
  /** seconds since the last keyboard or mouse input anywhere on the system */
  getSystemIdleTime(): number
}

export function watchForLock(deps: {
  powerMonitor: LockPowerMonitor
  lock: { lock(reason: LockReason): unknown; idle(seconds: number): void }
  /** how often the idle time is read (default 15 s: a lock comes at most that late) */
  intervalMs?: number
}): () => void {
  const onScreen = () => deps.lock.lock('screen')
  const onSleep = () => deps.lock.lock('sleep')
  deps.powerMonitor.on('lock-screen', onScreen)
  deps.powerMonitor.on('suspend', onSleep)
  const timer = setInterval(() => deps.lock.idle(deps.powerMonitor.getSystemIdleTime()), deps.intervalMs ?? 15_000)
  timer.unref?.()
  return () => {
    clearInterval(timer)
    deps.powerMonitor.removeListener('lock-screen', onScreen)
    deps.powerMonitor.removeListener('suspend', onSleep)
  }
}
