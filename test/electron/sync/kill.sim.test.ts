// A process running the sync loop is killed (SIGKILL: no shutdown, no flush) at random moments,
// during the first sync of its history and while payments arrive, then started again. In the
// end nothing is lost (the ledger holds every transaction) and no payment is told twice.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SimulatorHandle, startSimulator } from '../../simulator'
import { prng } from '../../simulator/seed'
import { tempStore } from './harness'

const ROOT = join(__dirname, '../../..')
let sim: SimulatorHandle
beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
})
afterAll(() => sim.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function runChild(dir: string, log: string) {
  // node itself with tsx as a loader: the tsx command runs the script in a grandchild, which a
  // SIGKILL to the command would leave running beside the next child.
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/electron/sync/killChild.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.node.json',
      SIM_URL: sim.url,
      SIM_KEY: sim.keys.secret,
      DIR: dir,
      LOG: log,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const up = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('started') && resolve())
    child.on('exit', (code) => reject(new Error(`child ended early (${code})`)))
  })
  const gone = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const kill = async () => {
    child.kill('SIGKILL')
    await gone
  }
  return { up, kill }
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

it('killed at random points during sync and restarted: loses nothing, tells nothing twice', async () => {
  const rand = prng(7)
  const w = sim.control.createWallet('Till', 0)
  for (let i = 0; i < 200; i++) await sim.control.payInbound(w.id, 1, `history ${i}`) // 10 pages of history
  const dir = tempStore()
  const log = join(dir, 'shown.jsonl')
  const paid: string[] = []
  let kills = 0
  let killsInHistory = 0
  // At least six kills, and more until a few payments arrived after the history was in.
  for (let round = 0; round < 16 && (round < 6 || paid.length < 4); round++) {
    const child = runChild(dir, log)
    await child.up
    const life = 500 + Math.floor(rand() * 2_500)
    const until = Date.now() + life
    while (Date.now() < until) {
      // payments from outside only once the history is in: before that they are history too
      if (ledgerState(dir, w.id).done && rand() < 0.5) {
        const memo = `pay ${paid.length}`
        await sim.control.payInbound(w.id, 2 + paid.length, memo)
        paid.push(memo)
      }
      await sleep(100 + Math.floor(rand() * 200))
    }
    const inHistory = !ledgerState(dir, w.id).done
    await child.kill()
    kills++
    if (inHistory) killsInHistory++
  }
  // A last run, left alone until it has caught up.
  const last = runChild(dir, log)
  await last.up
  const shownMemos = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { body: string }).body.split('\n')[0])
      : []
  for (let i = 0; i < 100 && shownMemos().length < paid.length; i++) await sleep(200)
  await sleep(1_500) // a tick more: anything told twice would show by now
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
