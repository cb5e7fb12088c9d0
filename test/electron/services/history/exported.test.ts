// The history service tells the app how many rows an export saved (the app gives back the memory
// a large one grew, services/memory): once per saved file, never for one not saved.
import { afterEach, expect, it } from 'vitest'
import { createHistory } from '../../../../electron/main/services/history'
import { type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import type { SaveFile } from '../../../../electron/main/services/vouchers'
import { row, withTempDir } from '../ledger/helpers'

let ledger: Ledger
let cleanup: () => Promise<void>
afterEach(async () => {
  ledger.close()
  await cleanup()
})

async function history(saveFile: SaveFile) {
  const tmp = await withTempDir()
  cleanup = tmp.cleanup
  ledger = openLedger({ dir: tmp.dir })
  ledger.insertBatch('acc_1', [row(), row(), row()])
  const told: number[] = []
  const h = createHistory({
    accounts: { active: () => ({ id: 'acc_1' }) as never },
    ledger: () => ledger,
    emit: () => {},
    now: () => 1_700_000_000_000,
    saveFile,
    exported: (rows) => void told.push(rows),
  })
  return { h, told }
}

it('says how many rows a saved export holds', async () => {
  const pieces: string[] = []
  const { h, told } = await history(async (req) => {
    await req.stream?.(async (chunk) => {
      pieces.push(String(chunk))
    })
    return { status: 'saved', fileName: 'history.csv' }
  })
  const r = await h.exportCsv({ requestId: 'csv-00000001' })
  expect(r).toMatchObject({ rows: 3, file: { status: 'saved' } })
  expect(told).toEqual([3])
  expect(pieces.length).toBeGreaterThan(1)
})

it('says nothing of an export cancelled or failed', async () => {
  const cancelled = await history(async () => ({ status: 'cancelled' }))
  await cancelled.h.exportCsv({ requestId: 'csv-00000002' })
  expect(cancelled.told).toEqual([])
  ledger.close()
  await cleanup()
  const failed = await history(async () => {
    throw Object.assign(new Error('disk full'), { code: 'ENOSPC' })
  })
  expect((await failed.h.exportCsv({ requestId: 'csv-00000003' })).file.status).toBe('failed')
  expect(failed.told).toEqual([])
})
