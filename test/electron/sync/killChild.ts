// The sync loop in a process of its own, for kill.sim.test.ts: real timers, a 1 s tick, the
// ledger in DIR, and each notification appended to LOG (one JSON line, written after the loop
// marks it told) so the test can count what was shown across kills.
import { appendFileSync } from 'node:fs'
import { DEFAULT_SETTINGS } from '@shared/contract'
import { createServiceClient } from '../../../electron/main/services/client'
import { openLedger } from '../../../electron/main/services/ledger'
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
const ledger = openLedger({ dir: env('DIR') })
const loop = createSyncLoop({
  ledger: () => ledger,
  getClient: () => client,
  accountIds: () => ['acc_kill'],
  notifier: maskingNotifier(
    {
      isSupported: () => true,
      show: (n) => appendFileSync(env('LOG'), `${JSON.stringify({ title: n.title, body: n.body })}\n`),
    },
    () => false,
  ),
  emit: () => {},
  // 1 s is below what a person may choose; only this test runs the loop that fast
  settings: () => ({ ...DEFAULT_SETTINGS, pollIntervalSec: 1 }),
  now: Date.now,
  // small pages, one a tick, 300 ms apart (the app goes on at once): the history takes seconds,
  // so kills land inside it too, some while the history's thread is storing a page
  // its 200 rows stored on the ledger's own thread, as a large history's are
  options: {
    ...{ backfillPerPage: 20, backfillPagesPerTick: 1, historyGapMs: 300, backfillOffThreadFrom: 0 },
    ...{ perPage: 10, freshWindowSec: 0 },
  },
})
loop.start()
process.stdout.write('started\n')
