// Sleep/wake and network changes, passed to the sync loop so it refetches at once instead of
// waiting out its interval. Electron's main process has `net.isOnline()` but no event, so it is
// sampled.

export interface PowerTarget {
  onResume(): void
  onOnline(): void
  onOffline(): void
}

export interface PowerMonitorLike {
  on(event: 'resume' | 'unlock-screen', listener: () => void): unknown
  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): unknown
}

export function watchPowerAndNetwork(deps: {
  powerMonitor: PowerMonitorLike
  isOnline: () => boolean
  target: PowerTarget
  intervalMs?: number
}): () => void {
  const { target } = deps
  const onResume = () => target.onResume()
  deps.powerMonitor.on('resume', onResume)
  let online = deps.isOnline()
  const timer = setInterval(() => {
    const now = deps.isOnline()
    if (now === online) return
    online = now
    if (now) target.onOnline()
    else target.onOffline()
  }, deps.intervalMs ?? 5_000)
  timer.unref?.()
  return () => {
    clearInterval(timer)
    deps.powerMonitor.removeListener('resume', onResume)
  }
}
