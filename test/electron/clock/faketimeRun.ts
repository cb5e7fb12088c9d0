// Runs a script of the app's core in a child process, its system clock put off by libfaketime
// (nothing injected: Date.now itself is off), or on the true time; resolves with the JSON the
// script printed last.
import { existsSync } from 'node:fs'
import { runChild as runKillable } from '../../support/killableChild'

export const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'

/** Fails at once when libfaketime is missing: a clock test that cannot fake the clock proves nothing. */
export function needFaketime() {
  if (!existsSync(LIBFAKETIME)) throw new Error(`libfaketime is not at ${LIBFAKETIME}: apt-get install faketime`)
}

/** `faketime`: e.g. "+25h" or "-25h"; null runs on the true time. */
export function runChild(script: string, faketime: string | null, env: Record<string, string>): Promise<unknown> {
  const clock: Record<string, string> = faketime
    ? // the wall clock off, timers on the true (monotonic) one
      { FAKETIME: faketime, FAKETIME_DONT_FAKE_MONOTONIC: '1', LD_PRELOAD: LIBFAKETIME }
    : {}
  return runKillable(script, { ...clock, ...env }).then((r) => {
    // nothing here kills it: a signal is a failure, as a non-zero exit is (runKillable rejects those)
    if (r.signal) throw new Error(`child ended by ${r.signal}`)
    return r.report
  })
}
