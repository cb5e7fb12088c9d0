// The shell's own operation: the popover's pin. Where there is no popover (Linux, the browser
// preview, a desktop without a tray) the pin is not available and stays off.
import type { OpIn, OpOut } from './router'

export interface ShellDeps {
  /** the popover, null (or absent) where there is none; setPinned returns the pin now in force */
  popover?: () => { setPinned(pinned: boolean): boolean; pinned(): boolean } | null
}

export function shellHandlers(d: ShellDeps) {
  return {
    'window.pin': async ({ pinned }: OpIn<'window.pin'>): Promise<OpOut<'window.pin'>> => {
      const popover = d.popover?.()
      if (!popover) return { pinned: false, available: false }
      return { pinned: pinned === undefined ? popover.pinned() : popover.setPinned(pinned), available: true }
    },
  }
}
