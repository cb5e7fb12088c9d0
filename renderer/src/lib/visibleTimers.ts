// Timers that stand still while the window is hidden (docs/architecture.md, "Shell"): a tray app
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
