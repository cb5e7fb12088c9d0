// The app's one way to send an event: typed by the contract at compile time and, while developing
// and in tests, checked against the contract's event schema at run time too, so a payload the
// renderer would misread fails where it is made. A packaged app does not pay for the check.
import { type Emit, type EventName, events } from '@shared/contract'
import { describeIssues } from '../ipc/router'
import type { Logger } from '../log'

export function createEmitter(o: {
  /** where events go (the shell's window and tray, the preview's event stream, a test) */
  to: Emit
  /** check each payload against its schema and throw on a mismatch */
  check: boolean
  log: Pick<Logger, 'warn'>
  /** true for an event that must not leave now (the app is locked): it is dropped, after the check */
  withhold?: (event: EventName) => boolean
}): Emit {
  return (event, payload) => {
    if (o.check) {
      const parsed = events[event].safeParse(payload)
      if (!parsed.success)
        throw new Error(`event '${event}' does not match the contract: ${describeIssues(parsed.error)}`)
    }
    if (o.withhold?.(event)) return
    try {
      o.to(event, payload)
    } catch (err) {
      o.log.warn('an event listener failed', { event, error: err })
    }
  }
}
