import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeAction, createShutdown, quitWhenAllClosed, trayExpected } from '../../../electron/main/shell/lifecycle'
import { watchPowerAndNetwork } from '../../../electron/main/shell/power'

describe('closing and quitting', () => {
  it('hides to the tray only when a tray exists and the app is not quitting', () => {
    expect(closeAction({ quitting: false, hasTray: true })).toBe('hide')
    expect(closeAction({ quitting: false, hasTray: false })).toBe('close')
    expect(closeAction({ quitting: true, hasTray: true })).toBe('close')
  })

  it('quits with the last window on Linux/Windows without a tray; never on macOS', () => {
    expect(quitWhenAllClosed({ platform: 'linux', hasTray: false })).toBe(true)
    expect(quitWhenAllClosed({ platform: 'win32', hasTray: false })).toBe(true)
    expect(quitWhenAllClosed({ platform: 'linux', hasTray: true })).toBe(false)
    expect(quitWhenAllClosed({ platform: 'darwin', hasTray: false })).toBe(false)
  })

  it('expects no tray on vanilla GNOME, one elsewhere, and obeys LT_TRAY', () => {
    expect(trayExpected('linux', { XDG_CURRENT_DESKTOP: 'GNOME' })).toBe(false)
    expect(trayExpected('linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toBe(true)
    expect(trayExpected('linux', { XDG_CURRENT_DESKTOP: 'KDE' })).toBe(true)
    expect(trayExpected('linux', {})).toBe(true)
    expect(trayExpected('linux', { XDG_CURRENT_DESKTOP: 'GNOME', LT_TRAY: 'on' })).toBe(true)
    expect(trayExpected('win32', { LT_TRAY: 'off' })).toBe(false)
    expect(trayExpected('darwin', { XDG_CURRENT_DESKTOP: 'GNOME' })).toBe(true)
  })

  it('shutdown runs every step once, in order, past a failing one', async () => {
    const ran: string[] = []
    const errors: string[] = []
    const shutdown = createShutdown(
      [
        { name: 'watcher', run: async () => void ran.push('watcher') },
        {
          name: 'broken',
          run: () => {
            throw new Error('boom')
          },
        },
        { name: 'tray', run: () => void ran.push('tray') },
      ],
      { onError: (name) => errors.push(name) },
    )
    expect(shutdown.done).toBe(false)
    const a = shutdown.run()
    const b = shutdown.run()
    expect(a).toBe(b)
    await a
    await shutdown.run()
    expect(ran).toEqual(['watcher', 'tray'])
    expect(errors).toEqual(['broken'])
    expect(shutdown.done).toBe(true)
  })

  it('shutdown abandons a step that hangs', async () => {
    const errors: string[] = []
    const ran: string[] = []
    const shutdown = createShutdown(
      [
        { name: 'hangs', run: () => new Promise(() => {}) },
        { name: 'after', run: () => void ran.push('after') },
      ],
      { timeoutMs: 20, onError: (name, err) => errors.push(`${name}: ${(err as Error).message}`) },
    )
    await shutdown.run()
    expect(errors).toEqual(['hangs: hangs did not finish in 20 ms'])
    expect(ran).toEqual(['after'])
  })
})

describe('power and network hooks', () => {
  afterEach(() => vi.useRealTimers())

  it('tells the watcher about resume and online/offline changes, and stops when disposed', () => {
    vi.useFakeTimers()
    const calls: string[] = []
    const listeners = new Map<string, () => void>()
    const powerMonitor = {
      on: (e: string, fn: () => void) => listeners.set(e, fn),
      removeListener: (e: string, fn: () => void) => listeners.get(e) === fn && listeners.delete(e),
    }
    let online = true
    const stop = watchPowerAndNetwork({
      powerMonitor,
      isOnline: () => online,
      intervalMs: 1000,
      target: {
        onResume: () => calls.push('resume'),
        onOnline: () => calls.push('online'),
        onOffline: () => calls.push('offline'),
      },
    })
    listeners.get('resume')?.()
    vi.advanceTimersByTime(3000)
    expect(calls).toEqual(['resume'])
    online = false
    vi.advanceTimersByTime(1000)
    vi.advanceTimersByTime(1000)
    online = true
    vi.advanceTimersByTime(1000)
    expect(calls).toEqual(['resume', 'offline', 'online'])
    stop()
    expect(listeners.size).toBe(0)
    online = false
    vi.advanceTimersByTime(5000)
    expect(calls).toEqual(['resume', 'offline', 'online'])
  })
})
