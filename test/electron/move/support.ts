// Shared by the move's kill tests: the app's core run once in a child process (moveChild.ts),
// killed (SIGKILL) where it reports it stopped (LT_STOP_AT) or once `killWhen` holds.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { bundledChild } from '../../support/bundledChild'

const ROOT = resolve(__dirname, '../../..')
const CHILD = resolve(__dirname, 'moveChild.ts')

export interface ChildRun {
  signal: NodeJS.Signals | null
  /** every step the child reported, in order */
  steps: { at: string; id: string }[]
  out: { ok: boolean; value?: unknown; error?: { code: string; message: string } } | Record<string, unknown> | null
}

/**
 * Runs the app's core once under the keychain service `service`; killed (SIGKILL) when it reports
 * it stopped where LT_STOP_AT says, or once `killWhen` holds of what it reported so far (and of
 * what the simulator shows).
 */
export function moveChild(
  service: string,
  env: Record<string, string>,
  killWhen?: (steps: ChildRun['steps']) => boolean,
): Promise<ChildRun> {
  return bundledChild(CHILD).then((file) => runMoveChild(file, service, env, killWhen))
}

function runMoveChild(
  file: string,
  service: string,
  env: Record<string, string>,
  killWhen?: (steps: ChildRun['steps']) => boolean,
): Promise<ChildRun> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [file], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', LT_SERVICE: service, ...env },
    })
    const steps: ChildRun['steps'] = []
    let out: ChildRun['out'] = null
    let buffered = ''
    let stderr = ''
    p.stdout.on('data', (b) => {
      buffered += b
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, nl)) as { at?: string; id?: string; stop?: string; out?: never }
        buffered = buffered.slice(nl + 1)
        if (line.at) steps.push({ at: line.at, id: line.id ?? '' })
        // the kill lands where the child says it is, held there
        if (line.stop) p.kill('SIGKILL')
        if ('out' in line) out = line.out ?? null
      }
    })
    p.stderr.on('data', (b) => (stderr += b))
    const timer = killWhen
      ? setInterval(() => {
          if (killWhen(steps)) p.kill('SIGKILL')
        }, 10)
      : null
    p.on('error', fail)
    p.on('exit', (code, signal) => {
      if (timer) clearInterval(timer)
      if (code !== 0 && signal === null) return fail(new Error(`child exited ${code}: ${stderr.slice(-2000)}`))
      done({ signal, steps, out })
    })
  })
}
