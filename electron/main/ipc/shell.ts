// The shell's own operation: the popover's pin. Where there is no popover (Linux, the browser
// preview, a desktop without a tray) the pin is not available and stays off.
import type { OpIn, OpOut } from './router'

export interface ShellDeps {
  /** absent without a popover; returns the pin now in force */
  popover?: { setPinned(pinned: boolean): boolean; available(): boolean }
}

export function shellHandlers(d: ShellDeps) {
  return {
    'window.pin': async ({ pinned }: OpIn<'window.pin'>): Promise<OpOut<'window.pin'>> => {
      if (!d.popover?.available()) return { pinned: false, available: false }
      return { pinned: d.popover.setPinned(pinned), available: true }
    },
  }
}
