// A short confirmation ("Copied") that goes away by itself, so a screen does not keep saying it
// long after. One timer at a time; cleared when the component that shows it goes.
import { useEffect, useRef, useState } from 'react'
import { visibleTimeout } from './visibleTimers'

/** how long a confirmation stays: long enough to read, short enough not to linger */
export const FLASH_MS = 2000

export interface Flash {
  /** Shows `text`; it clears after FLASH_MS unless `stay` (a refusal that says what to do instead). */
  show(text: string, opts?: { stay?: boolean }): void
  /** Drops a pending clear (on unmount). `show` still works afterwards (StrictMode mounts twice). */
  dispose(): void
}

export function createFlash(set: (message: string) => void, ms = FLASH_MS): Flash {
  let cancel: (() => void) | undefined
  const dispose = () => {
    cancel?.()
    cancel = undefined
  }
  return {
    show(text, opts = {}) {
      dispose()
      set(text)
      if (!opts.stay)
        // shown for `ms` of visible time: a window hidden meanwhile still says it when shown again
        cancel = visibleTimeout(() => {
          cancel = undefined
          set('')
        }, ms)
    },
    dispose,
  }
}

/** The message to show, and the flash that sets it; the timer is cleared on unmount. */
export function useFlash(ms = FLASH_MS): [string, Flash] {
  const [message, setMessage] = useState('')
  const [flash] = useState(() => createFlash(setMessage, ms))
  useEffect(() => () => flash.dispose(), [flash])
  return [message, flash]
}

/** "Saved." for a moment once a save that was on its way ends well: a setting that saves itself says it did. */
export function useSavedSign(saving: boolean, failed: boolean): string {
  const [said, flash] = useFlash()
  const was = useRef(saving)
  useEffect(() => {
    if (was.current && !saving && !failed) flash.show('Saved.')
    was.current = saving
  }, [saving, failed, flash])
  return said
}
