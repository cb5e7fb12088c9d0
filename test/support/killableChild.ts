// TEST ONLY: the app's core run once in a child process (a script bundled once by bundledChild, keys in the keychain
// service LT_SERVICE), its last stdout line its report; `stopWhen` kills it from outside (SIGKILL)
// once it returns true. The kill tests start it, kill it, and start it again over the same files.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { bundledChild } from './bundledChild'

const ROOT = resolve(__dirname, '../..')

export interface ChildRun<R> {
  signal: NodeJS.Signals | null
  /** the child's last line, read as JSON; null when it was killed */
  report: R | null
}

export function runChild<R>(
  script: string,
  env: Record<string, string>,
  stopWhen?: () => boolean,
): Promise<ChildRun<R>> {
  return bundledChild(script).then((file) => runBundled<R>(file, env, stopWhen))
}

function runBundled<R>(file: string, env: Record<string, string>, stopWhen?: () => boolean): Promise<ChildRun<R>> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [file], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', ...env },
    })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (b) => (stdout += b))
    p.stderr.on('data', (b) => (stderr += b))
    const timer = stopWhen
      ? setInterval(() => {
          if (stopWhen()) p.kill('SIGKILL')
        }, 10)
      : null
    p.on('error', fail)
    p.on('exit', (code, signal) => {
      if (timer) clearInterval(timer)
      if (code !== 0 && signal === null) return fail(new Error(`child exited ${code}: ${stderr.slice(-2000)}`))
      const last = stdout.trim().split('\n').pop()
      done({ signal, report: signal ? null : JSON.parse(last ?? 'null') })
    })
  })
}
