// Window closing and quitting. Closing hides to the tray only when there is a tray to come back
// from; quitting stops the sync loop, flushes settings and removes the tray before the process ends.

export type CloseAction = 'hide' | 'close'

export function closeAction(opts: { quitting: boolean; hasTray: boolean }): CloseAction {
  return !opts.quitting && opts.hasTray ? 'hide' : 'close'
}

/** With every window closed: macOS apps stay in the dock; elsewhere, without a tray, the app ends. */
export function quitWhenAllClosed(opts: { platform: string; hasTray: boolean }): boolean {
  return opts.platform !== 'darwin' && !opts.hasTray
}

/**
 * Vanilla GNOME shows no tray icons (Ubuntu's GNOME ships an AppIndicator extension, so it does).
 * `LT_TRAY=on|off` overrides the guess. Without a tray the window and the launcher are the way in.
 */
export function trayExpected(platform: string, env: Record<string, string | undefined>): boolean {
  const forced = env.LT_TRAY?.toLowerCase()
  if (forced === 'on') return true
  if (forced === 'off') return false
  if (platform !== 'linux') return true
  const desktops = (env.XDG_CURRENT_DESKTOP ?? '').toLowerCase().split(':')
  if (desktops.includes('gnome') && !desktops.includes('ubuntu') && !desktops.includes('unity')) return false
  return true
}

export interface Shutdown {
  /** runs the steps once (later calls get the same promise); never rejects */
  run(): Promise<void>
  readonly done: boolean
}

/**
 * Steps run in order; one failing does not stop the others. A step that hangs is abandoned after
 * `timeoutMs`: quitting must not wait forever on a network call.
 */
export function createShutdown(
  steps: ReadonlyArray<{ name: string; run: () => unknown }>,
  opts: { timeoutMs?: number; onError?: (name: string, err: unknown) => void } = {},
): Shutdown {
  const timeoutMs = opts.timeoutMs ?? 5_000
  let running: Promise<void> | null = null
  let done = false
  async function all() {
    for (const step of steps) {
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        await Promise.race([
          Promise.resolve().then(step.run),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${step.name} did not finish in ${timeoutMs} ms`)), timeoutMs)
          }),
        ])
      } catch (err) {
        opts.onError?.(step.name, err)
      } finally {
        clearTimeout(timer)
      }
    }
    done = true
  }
  return {
    run: () => {
      running ??= all()
      return running
    },
    get done() {
      return done
    },
  }
}
