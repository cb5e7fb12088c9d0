// A process running the sync loop is killed (SIGKILL: no shutdown, no flush) at random moments,
// during the first sync of its history and while payments arrive, then started again. In the
// end nothing is lost (the ledger holds every transaction) and no payment is told twice.
// Each kill lands on a line the child says (killChild.ts), where it waits for the test, chosen at
// random; never after a time: a busy machine stretches a time until the child has not started
// before its kill, or is through the history before the first one.
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../../simulator'
import { prng } from '../../simulator/seed'
import { bundledChild } from '../../support/bundledChild'
import { tempStore } from './harness'

const ROOT = join(__dirname, '../../..')
let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())

/** a line the child said, and how many times it has said that line in this wait, this one included */
type Heard = (line: string, count: number) => boolean

/**
 * The child's lines. It waits on each until it hears a go-ahead (a newline on its stdin), so at
 * most one line is new here at a time, and a kill made on a line lands there.
 */
function linesOf(child: ChildProcessByStdio<Writable, Readable, null>) {
  child.stdin.on('error', () => {}) // a go-ahead written as it is killed
  const said: string[] = []
  let heard = 0
  let held = false
  let listen: (() => void) | null = null
  let partial = ''
  let ended = false
  child.stdout.on('data', (d: Buffer) => {
    const parts = (partial + d.toString()).split('\n')
    partial = parts.pop() ?? ''
    said.push(...parts)
    listen?.()
  })
  const gone = new Promise<void>((resolve) =>
    child.on('exit', () => {
      ended = true
      listen?.()
      resolve()
    }),
  )
  const goOn = () => child.stdin.write('\n')
  /** Lets the child go on (from the line it is held at) until a line `at` says yes to; holds it there. */
  const until = (at: Heard) =>
    new Promise<void>((resolve, reject) => {
      const counts = new Map<string, number>()
      if (held) goOn()
      held = false
      listen = () => {
        for (; heard < said.length; heard++) {
          const line = said[heard]!
          counts.set(line, (counts.get(line) ?? 0) + 1)
          if (!at(line, counts.get(line)!)) goOn()
          else {
            heard++
            held = true
            listen = null
            return resolve()
          }
        }
        if (!ended) return
        listen = null
        reject(new Error(`child ended early; it said: ${said.join(' ')}`))
      }
      listen()
    })
  return { until, gone }
}

async function runChild(dir: string, log: string) {
  // node itself on the bundled script: a launcher (the tsx command) would run it in a grandchild,
  // which a SIGKILL to the launcher would leave running beside the next child.
  const child = spawn(process.execPath, [await bundledChild(join(ROOT, 'test/electron/sync/killChild.ts'))], {
    cwd: ROOT,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      SIM_URL: sim.url,
      SIM_KEY: sim.keys.secret,
      DIR: dir,
      LOG: log,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const { until, gone } = linesOf(child)
  const kill = async () => {
    child.kill('SIGKILL')
    await gone
  }
  return { up: until((l) => l === 'started'), until, kill }
}

function ledgerState(dir: string, walletId: string) {
  const path = join(dir, 'ledger.sqlite')
  if (!existsSync(path)) return { done: false, rows: 0, msat: 0 }
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    const c = db.prepare('SELECT backfill_done_at AS d FROM sync_cursors WHERE wallet_id = ?').get(walletId) as
      | { d: number | null }
      | undefined
    const t = db
      .prepare(
        'SELECT count(*) AS n, coalesce(sum(amount_msat + fee_msat), 0) AS msat FROM transactions WHERE wallet_id = ?',
      )
      .get(walletId) as { n: number; msat: number }
    return { done: c?.d != null, rows: t.n, msat: t.msat }
  } catch {
    return { done: false, rows: 0, msat: 0 } // not made yet
  } finally {
    db.close()
  }
}

/** a child's life, and how the test picks where it ends and sees the ledger */
interface Life {
  child: Awaited<ReturnType<typeof runChild>>
  pick: <T>(choices: readonly T[]) => T
  ledgerNow: () => ReturnType<typeof ledgerState>
}

/**
 * Inside the history: held while its 2nd page is with the ledger's thread, once its 1st or 2nd
 * page is stored, or after its 1st or 2nd tick; each at least one page on from the last kill, so
 * the history gets in. A tick that finds the history in ends the life too.
 */
function intoTheHistory({ child, pick, ledgerNow }: Life) {
  const [at, k] = pick([
    ['storing', 2],
    ['stored', 1],
    ['stored', 2],
    ['tick', 1],
    ['tick', 2],
  ] as const)
  return child.until((l, n) => (l === at && n >= k) || (l === 'tick' && ledgerNow().done))
}

/**
 * n payments from outside (`payOne` makes one and says how many rows the ledger then should
 * hold), then held as a row is marked told (its banner not shown yet), after a banner, or after
 * the tick that stored them all. This child tells at least these n rows, so each line comes.
 */
async function whilePaid({ child, pick, ledgerNow }: Life, n: number, payOne: () => Promise<number>) {
  let all = 0
  for (let i = 0; i < n; i++) all = await payOne()
  const [at, k] = pick([
    ['marked', 1],
    ['marked', n],
    ['told', 1],
    ['told', n],
    ['tick', 1],
  ] as const)
  await child.until((l, c) => l === at && c >= k && (at !== 'tick' || ledgerNow().rows >= all))
}

it('killed at random points during sync and restarted: loses nothing, tells nothing twice', async () => {
  const rand = prng(7)
  const pick = <T>(choices: readonly T[]): T => choices[Math.floor(rand() * choices.length)]!
  const w = sim.control.createWallet('Till', 0)
  for (let i = 0; i < 200; i++) await sim.control.payInbound(w.id, 1, `history ${i}`) // 10 pages of history
  const dir = tempStore()
  const log = join(dir, 'shown.jsonl')
  const ledgerNow = () => ledgerState(dir, w.id)
  const paid: string[] = []
  // payments from outside only once the history is in: before that they are history too
  const payOne = async () => {
    const memo = `pay ${paid.length}`
    await sim.control.payInbound(w.id, 2 + paid.length, memo)
    paid.push(memo)
    return 200 + paid.length
  }
  let kills = 0
  let killsInHistory = 0
  // At least six kills, and more until a few payments arrived after the history was in.
  for (let round = 0; round < 16 && (round < 6 || paid.length < 4); round++) {
    const child = await runChild(dir, log)
    await child.up
    const life = { child, pick, ledgerNow }
    if (!ledgerNow().done) await intoTheHistory(life)
    else await whilePaid(life, 1 + Math.floor(rand() * 2), payOne)
    await child.kill()
    kills++
    // looked at once it is dead: nothing can bring the history in between the look and the kill
    if (!ledgerNow().done) killsInHistory++
  }
  // A last run, left alone until it has caught up.
  const last = await runChild(dir, log)
  await last.up
  const shownMemos = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { body: string }).body.split('\n')[0])
      : []
  // Until a tick found every row stored, then one tick more: a row is told in the tick that
  // stores it (one an earlier child stored, in this child's first tick), so anything told twice
  // shows by then. After 30 ticks without, the checks below say what is missing.
  let caughtUp = Number.POSITIVE_INFINITY
  await last.until((l, n) => {
    if (l !== 'tick') return false
    const s = ledgerNow()
    if (caughtUp === Number.POSITIVE_INFINITY && s.done && s.rows >= 200 + paid.length) caughtUp = n
    return n > caughtUp || n >= 30
  })
  await last.kill()

  expect(kills).toBeGreaterThanOrEqual(6)
  // some of them while the history was loading (its pages stored on their own thread)
  expect(killsInHistory).toBeGreaterThanOrEqual(1)
  expect(paid.length).toBeGreaterThan(3)
  const shown = shownMemos()
  expect(shown.filter((m) => m?.startsWith('history'))).toEqual([])
  // Every payment told once. A kill between marking a row told and showing it may lose that one
  // banner (never tell it twice), so each kill may cost at most one.
  expect(new Set(shown).size).toBe(shown.length)
  expect(shown.every((m) => paid.includes(m ?? ''))).toBe(true)
  expect(shown.length).toBeGreaterThanOrEqual(paid.length - kills)
  const state = ledgerState(dir, w.id)
  expect(state.rows).toBe(200 + paid.length)
  expect(state.msat).toBe(sim.control.balanceMsat(w.id))
}, 240_000) // each start of a child process takes seconds on a busy machine
