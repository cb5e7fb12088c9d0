// Shared by the move's kill tests: the app's core run once in a child process (moveChild.ts),
// killed (SIGKILL) where it reports it stopped (LT_STOP_AT) or once `killWhen` holds.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
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

/** a simulator's books over HTTP, as an outside observer reads them: wallet id → balance in msat */
export async function simBooks(simUrl: string): Promise<Map<string, number>> {
  const state = (await (await fetch(`${simUrl}/_sim/state`)).json()) as {
    wallets: { id: string; balance_msat: number }[]
  }
  return new Map(state.wallets.map((w) => [w.id, w.balance_msat]))
}

type Child = (env: Record<string, string>, killWhen?: (steps: ChildRun['steps']) => boolean) => Promise<ChildRun>

/** the first wallet the move's plan offers in account `to` */
export async function planTarget(child: Child, dir: string, from: string, to: string): Promise<string | undefined> {
  const plan = await child({ LT_DIR: dir, LT_MODE: 'plan', LT_FROM: from })
  const value = (plan.out as { value: { targets: { accountId: string; wallets: { id: string }[] }[] } }).value
  return value.targets.find((x) => x.accountId === to)?.wallets[0]?.id
}

/**
 * A move from `from` to `to`'s wallet `toWallet`, stopped at `stopAt` (or once `killWhen` holds);
 * each run with a request id of its own, kept in `runs` (the ids the journal may show).
 */
export function mover(child: Child, ids: () => { dir: string; from: string; to: string; toWallet: string }) {
  const runs: string[] = []
  const move = (stopAt: string, killWhen?: (steps: ChildRun['steps']) => boolean) => {
    const { dir, from, to, toWallet } = ids()
    runs.push(randomUUID())
    return child(
      {
        ...{ LT_DIR: dir, LT_MODE: 'move', LT_FROM: from, LT_TO: to, LT_TO_WALLET: toWallet },
        ...{ LT_REQUEST_ID: runs.at(-1) as string, LT_STOP_AT: stopAt },
      },
      killWhen,
    )
  }
  return { move, runs }
}
