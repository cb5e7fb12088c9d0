// Timers that stand still while the window is hidden (docs/shell.md, "Shell"): a tray app
// spends most of its life hidden, and nothing on its page needs to run then. Each stops when the
// page is hidden and catches up at once (in the visibilitychange handler, not by a timer) when it
// is shown again.

/** What these timers read of `document`; a test passes its own. */
export type VisibilityDoc = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>

const pageDoc = (): VisibilityDoc | undefined => (typeof document === 'undefined' ? undefined : document)
const hidden = (d: VisibilityDoc | undefined) => d?.visibilityState === 'hidden'

/**
 * Calls `fn` every `ms` while the page is visible, never while hidden, and once as soon as it is
 * shown again. Returns the stop function.
 */
export function visibleInterval(fn: () => void, ms: number, d: VisibilityDoc | undefined = pageDoc()): () => void {
  let timer: ReturnType<typeof setInterval> | undefined
  const start = () => {
    timer ??= setInterval(fn, ms)
  }
  const stop = () => {
    clearInterval(timer)
    timer = undefined
  }
  const onChange = () => {
    if (hidden(d)) return stop()
    if (timer !== undefined) return
    fn()
    start()
  }
  if (!hidden(d)) start()
  d?.addEventListener('visibilitychange', onChange)
  return () => {
    stop()
    d?.removeEventListener('visibilitychange', onChange)
  }
}

/**
 * Calls `fn` once, `ms` from now. While the page is hidden it waits; shown again after the time
 * is up, it runs at once. Returns the cancel function.
 */
export function visibleTimeout(
  fn: () => void,
  ms: number,
  d: VisibilityDoc | undefined = pageDoc(),
  now: () => number = Date.now,
): () => void {
  const due = now() + ms
  let timer: ReturnType<typeof setTimeout> | undefined
  let done = false
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
    d?.removeEventListener('visibilitychange', onChange)
  }
  const fire = () => {
    if (done) return
    done = true
    cancel()
    fn()
  }
  const arm = () => {
    const left = due - now()
    if (left <= 0) fire()
    else timer ??= setTimeout(fire, left)
  }
  function onChange() {
    if (hidden(d)) {
      clearTimeout(timer)
      timer = undefined
    } else arm()
  }
  d?.addEventListener('visibilitychange', onChange)
  if (!hidden(d)) timer = setTimeout(fire, ms)
  return () => {
    done = true
    cancel()
  }
}

/** Longest wait for a frame in `afterPaint`: the work must happen even if none comes. */
export const AFTER_PAINT_LATEST_MS = 250

/**
 * Calls `fn` once, after the page's next frame is painted (in a task after the frame), so what
 * the first screen does not show waits behind it: every call to main and every render before the
 * first balance is on its path (docs/first-screen.md, "The first screen"). A hidden page paints no
 * frame: it runs at once there (the reads it starts are for when the window is shown), and after
 * `AFTER_PAINT_LATEST_MS` if a visible page paints none.
 */
export function afterPaint(
  fn: () => void,
  d: VisibilityDoc | undefined = pageDoc(),
  frame: ((cb: () => void) => unknown) | undefined = typeof requestAnimationFrame === 'function'
    ? (cb) => requestAnimationFrame(cb)
    : undefined,
): void {
  let ran = false
  const run = () => {
    if (ran) return
    ran = true
    fn()
  }
  if (hidden(d) || !frame) {
    setTimeout(run, 0)
    return
  }
  frame(() => setTimeout(run, 0))
  setTimeout(run, AFTER_PAINT_LATEST_MS)
}
