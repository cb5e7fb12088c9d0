// The sync loop in a process of its own, for kill.sim.test.ts: real timers, a 1 s tick, the
// ledger in DIR, and each notification appended to LOG (one JSON line, written after the loop
// marks it told) so the test can count what was shown across kills.
// It says on stdout where it is, one line each, and waits there for the test's go-ahead; the test
// kills it on one of these lines instead (never after a time, which a busy machine stretches), so
// the kill lands exactly there: `started`; `storing` while a page of history is with the ledger's
// thread, `stored` once it is in; `marked` when a row is marked told, its banner not shown yet;
// `told` after a banner; `tick` after each tick that read the service.
import { appendFileSync, readSync } from 'node:fs'
import { DEFAULT_SETTINGS } from '@shared/contract'
import { createServiceClient } from '../../../electron/main/services/backends/service'
import { type Ledger, openLedger } from '../../../electron/main/services/ledger'
import { maskingNotifier } from '../../../electron/main/services/notify'
import { createSyncLoop } from '../../../electron/main/services/sync'

const env = (name: string) => {
  const v = process.env[name]
  if (!v) throw new Error(`${name} is not set`)
  return v
}
const client = createServiceClient({
  baseUrl: env('SIM_URL'),
  getApiKey: () => env('SIM_KEY'),
  authMethod: 'header',
  retries: 0,
  timeoutMs: 5_000,
})
function say(line: string) {
  process.stdout.write(`${line}\n`) // to a pipe: written before this returns
  // the go-ahead: one byte; none (the test is gone) ends this process
  if (readSync(0, Buffer.alloc(1)) === 0) process.exit(0)
}
const opened = openLedger({ dir: env('DIR') })
const ledger: Ledger = {
  ...opened,
  async storeHistory(accountId, batches, opts) {
    const storing = opened.storeHistory(accountId, batches, opts) // handed to the thread at once
    say('storing')
    const stored = await storing
    say('stored')
    return stored
  },
  markAnnounced(rowIds) {
    const n = opened.markAnnounced(rowIds)
    say('marked')
    return n
  },
}
const loop = createSyncLoop({
  ledger: () => ledger,
  getClient: () => client,
  accountIds: () => ['acc_kill'],
  notifier: maskingNotifier(
    {
      isSupported: () => true,
      show: (n) => {
        appendFileSync(env('LOG'), `${JSON.stringify({ title: n.title, body: n.body })}\n`)
        say('told')
      },
    },
    () => false,
  ),
  afterSync: () => say('tick'),
  emit: () => {},
  // 1 s is below what a person may choose; only this test runs the loop that fast
  settings: () => ({ ...DEFAULT_SETTINGS, pollIntervalSec: 1 }),
  now: Date.now,
  // small pages, one a tick, 300 ms apart (the app goes on at once): the history takes many ticks,
  // so the test's kills on this child's lines land inside it too, before the child is through
  // its 200 rows stored on the ledger's own thread, as a large history's are
  options: {
    ...{ backfillPerPage: 20, backfillPagesPerTick: 1, historyGapMs: 300, backfillOffThreadFrom: 0 },
    ...{ perPage: 10, freshWindowSec: 0 },
  },
})
loop.start()
say('started')
