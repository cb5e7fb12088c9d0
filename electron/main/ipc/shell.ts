// The shell's own operations: the popover's pin, and opening a link in the person's browser. Where
// there is no popover (Linux, the browser preview, a desktop without a tray) the pin is not
// available and stays off.
import { AppError } from '@shared/errors'
import { mt } from '../services/i18n'
import type { OpIn, OpOut } from './router'

export interface ShellDeps {
  /** the popover, null (or absent) where there is none; setPinned returns the pin now in force */
  popover?: () => { setPinned(pinned: boolean): boolean; pinned(): boolean } | null
  /** opens an https link in the browser, false when it refuses one (shell/security.ts); absent, none */
  openLink?: (url: string) => boolean
}

export function shellHandlers(d: ShellDeps) {
  return {
    'window.pin': async ({ pinned }: OpIn<'window.pin'>): Promise<OpOut<'window.pin'>> => {
      const popover = d.popover?.()
      if (!popover) return { pinned: false, available: false }
      return { pinned: pinned === undefined ? popover.pinned() : popover.setPinned(pinned), available: true }
    },
    // The renderer's word is not taken: the link is checked here again, and only https opens.
    'link.open': async ({ url }: OpIn<'link.open'>): Promise<OpOut<'link.open'>> => {
      if (!d.openLink?.(url)) throw new AppError('invalid_input', mt('errors.onlyHttpsLinks'))
      return { opened: true }
    },
  }
}
