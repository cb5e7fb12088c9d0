// The first sync of one big wallet against the raw reads of the same pages, through the same
// client from the same simulator in the same run (bench/sync.ts, bench/lnbits.ts): what the loop
// adds to the reads (parsing into rows, folding, SQLite).
import type { BackendClient } from '../../electron/main/services/backends'
import { DEFAULT_SYNC_OPTIONS } from '../../electron/main/services/sync'
import {
  closeLedgers,
  createRecorder,
  createVirtualTimers,
  makeLoop,
  tempStore,
} from '../../test/electron/sync/harness'
import type { SimulatorHandle } from '../../test/simulator/index'

/** the history page the loop reads */
export const PAGE = DEFAULT_SYNC_OPTIONS.backfillPerPage

/** seconds of the raw reads (the faster of two) and of the loop's first sync, every page in one tick */
export async function syncAgainstRaw(
  sim: SimulatorHandle,
  client: BackendClient,
  big: { id: string; pageCount: number; totalCount: number },
): Promise<{ rows: number; s: number; raw: number }> {
  // the raw reads twice, the faster counting: the first run also warms the simulator and the JIT
  let raw = Number.POSITIVE_INFINITY
  for (let run = 0; run < 2; run++) {
    const t0 = performance.now()
    for (let p = 1; p <= big.pageCount; p++) await client.listTransactions(big.id, p, PAGE)
    raw = Math.min(raw, (performance.now() - t0) / 1000)
  }
  const vt = createVirtualTimers(sim)
  // every page in one tick, so the figure is the work, not the pacing between ticks
  const loop = makeLoop({
    ...{ sim, client, vt, rec: createRecorder(), store: tempStore() },
    options: { backfillPagesPerTick: 1_000 },
  })
  const t = performance.now()
  loop.start()
  await loop.idle()
  const s = (performance.now() - t) / 1000
  await loop.stop()
  closeLedgers()
  return { rows: big.totalCount, s, raw }
}
