// A renderer that crashes or hangs is reloaded, so the window is never left blank, with a notice
// once the page is back. Reloading cannot repeat a payment: payments are made by main, and the
// page starts again from main's state. A page that keeps failing is not reloaded in a loop: after
// `maxReloads` in `windowMs` the person is asked whether to reload once more or quit.
import type { RenderProcessGoneDetails, WebContents } from 'electron'
import { mt } from '../services/i18n'

export type RendererLike = Pick<WebContents, 'reload' | 'forcefullyCrashRenderer' | 'isDestroyed'> & {
  on(event: string, listener: (...args: never[]) => void): unknown
}

export interface RecoveryDeps {
  contents: RendererLike
  /** shown on the reloaded page */
  notice(message: string): void
  /** too many reloads: ask the person */
  askAfterRepeatedFailure(message: { message: string; detail: string }): Promise<'reload' | 'quit'>
  quit(): void
  /** no reloads while the app is quitting */
  isQuitting(): boolean
  log?(message: string, fields: Record<string, unknown>): void
  now?: () => number
  maxReloads?: number
  windowMs?: number
  /** how long a page may stay unresponsive before it is ended and reloaded */
  hangGraceMs?: number
}

/** What the person is told, in the app's language at the moment it is told. */
export const recoveryMessages = () => ({
  crashed: mt('recovery.reloaded', { why: 'crashed' }),
  hung: mt('recovery.reloaded', { why: 'hung' }),
  repeated: { message: mt('recovery.keepsStopping'), detail: mt('recovery.keepsStoppingDetail') },
})

/** Watches one window's renderer. Returns a function that stops the pending hang timer. */
export function superviseRenderer(deps: RecoveryDeps): () => void {
  const { contents } = deps
  const now = deps.now ?? Date.now
  const maxReloads = deps.maxReloads ?? 3
  const windowMs = deps.windowMs ?? 60_000
  const hangGraceMs = deps.hangGraceMs ?? 10_000
  const reloads: number[] = []
  let hangTimer: ReturnType<typeof setTimeout> | null = null
  let endedForHang = false
  let asking = false
  /** why the page is being reloaded: told once it has loaded, however many reloads that took */
  let reloadedFor: 'crashed' | 'hung' | null = null

  const clearHang = () => {
    if (hangTimer) clearTimeout(hangTimer)
    hangTimer = null
  }

  const reload = (why: 'crashed' | 'hung') => {
    reloads.push(now())
    reloadedFor = why
    contents.reload()
  }

  const recover = (why: 'crashed' | 'hung') => {
    if (asking || deps.isQuitting() || contents.isDestroyed()) return
    const t = now()
    while (reloads.length > 0 && t - (reloads[0] as number) >= windowMs) reloads.shift()
    if (reloads.length < maxReloads) return reload(why)
    asking = true
    deps.log?.('renderer keeps failing', { reloads: reloads.length, windowMs })
    void deps.askAfterRepeatedFailure(recoveryMessages().repeated).then(
      (answer) => {
        asking = false
        if (answer === 'quit') return deps.quit()
        reloads.length = 0
        if (!contents.isDestroyed()) reload(why)
      },
      () => {
        asking = false
      },
    )
  }

  contents.on('did-finish-load', () => {
    if (reloadedFor === null) return
    endedForHang = false
    deps.notice(recoveryMessages()[reloadedFor])
    reloadedFor = null
  })
  contents.on('render-process-gone', (_event: unknown, details: RenderProcessGoneDetails) => {
    clearHang()
    deps.log?.('renderer gone', { reason: details.reason, exitCode: details.exitCode })
    // The end of a hung page we ended ourselves: its reload is already under way.
    if (endedForHang && (details.reason === 'killed' || details.reason === 'crashed')) {
      endedForHang = false
      return
    }
    // A clean exit is the window closing, not a failure.
    if (details.reason === 'clean-exit') return
    recover('crashed')
  })
  contents.on('unresponsive', () => {
    if (hangTimer || asking) return
    hangTimer = setTimeout(() => {
      hangTimer = null
      if (deps.isQuitting() || contents.isDestroyed()) return
      deps.log?.('renderer unresponsive, ending it', { graceMs: hangGraceMs })
      // Electron's recipe for a hung page: end its process, then reload at once in a new one.
      // `render-process-gone` (killed or crashed) follows and is not a second failure.
      endedForHang = true
      contents.forcefullyCrashRenderer()
      recover('hung')
    }, hangGraceMs)
  })
  contents.on('responsive', clearHang)
  return clearHang
}
