// Runs a script of the app's core in a child process, its system clock put off by libfaketime
// (nothing injected: Date.now itself is off), or on the true time; resolves with the JSON the
// script printed last.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { bundledChild } from '../../support/bundledChild'

const ROOT = resolve(__dirname, '../../..')
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
  return bundledChild(script).then((file) => runBundled(file, { ...clock, ...env }))
}

function runBundled(file: string, env: Record<string, string>): Promise<unknown> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [file], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', ...env },
    })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (b) => (stdout += b))
    p.stderr.on('data', (b) => (stderr += b))
    p.on('error', fail)
    p.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`child exited ${code}: ${stderr.slice(-2000)}`))
      done(JSON.parse(stdout.trim().split('\n').pop() ?? 'null'))
    })
  })
}
