// The ledger's integrity check without reading the whole file on every start (docs/ledger.md): the
// whole `quick_check` runs at open only after an unclean shutdown or a damaged background check;
// otherwise in a worker thread later. A damaged file is still found and set aside, on real files.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { open as openFd } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStores } from '../../../../electron/main/app/stores'
import { type LedgerNotice, openLedger } from '../../../../electron/main/services/ledger'
import { openJournal } from '../../../../electron/main/services/payments/journal'
import { row, withTempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5)
const open = (notices: LedgerNotice[] = []) => openLedger({ dir, now: () => NOW, onNotice: (n) => notices.push(n) })
const file = () => join(dir, 'ledger.sqlite')
const marker = () => `${file()}-open`

/** A ledger of 3,000 rows (many pages), closed cleanly or left open (a crash). */
function seed(close: boolean) {
  const l = open()
  const rows = Array.from({ length: 3000 }, (_, i) =>
    row({ txId: `wtx_${i}`, memo: `Order ${i} of sourdough and croissants`, createdAt: 1_700_000_000 + i }),
  )
  l.insertBatch('acc_1', rows, { announce: false })
  if (close) l.close()
  return l
}

/** Garbage over pages in the middle of the file (its size unchanged): the header and schema read. */
async function damageMiddle() {
  const size = statSync(file()).size
  const fd = await openFd(file(), 'r+')
  const junk = Buffer.from(Array.from({ length: 16_384 }, (_, i) => (i * 131 + 7) % 251))
  await fd.write(junk, 0, junk.length, Math.floor(size / 2 / 4096) * 4096)
  await fd.close()
}

describe('the ledger checked without reading it whole at every start', () => {
  it('a clean close leaves no marker; an open one is marked', () => {
    const l = seed(false)
    expect(existsSync(marker())).toBe(true)
    l.close()
    expect(existsSync(marker())).toBe(false)
  })

  it('damage after a clean close: the open is quick, the background check finds it, the next start sets it aside', async () => {
    seed(true)
    await damageMiddle()
    const notices: LedgerNotice[] = []
    const l = open(notices)
    // not read whole at open: the file opens as it is
    expect(l.status).toBe('opened')
    expect(await l.checkIntegrity()).toBe('damaged')
    expect(notices).toEqual([expect.objectContaining({ level: 'warning', code: 'ledger_damaged' })])
    l.close()
    // the mark outlives the clean close
    expect(existsSync(marker())).toBe(true)
    const again = open(notices)
    expect(again.status).toBe('rebuilt')
    expect(again.needsResync).toBe(true)
    expect(notices[1]).toMatchObject({ code: 'ledger_rebuilt' })
    expect(notices[1]?.message).toMatch(/damaged/)
    expect(readdirSync(dir).filter((f) => /^ledger\.corrupt-.*\.sqlite$/.test(f))).toHaveLength(1)
    again.close()
    expect(open().status).toBe('opened')
  })

  it('an unclean shutdown: the whole check runs at open and finds the damage', async () => {
    const crashed = seed(false)
    // what a crash leaves: the marker (the rows were committed; the -wal folded in so the damage sticks)
    crashed.close()
    await import('node:fs/promises').then((fs) => fs.writeFile(marker(), 'open'))
    await damageMiddle()
    const notices: LedgerNotice[] = []
    const l = open(notices)
    expect(l.status).toBe('rebuilt')
    expect(notices[0]?.message).toMatch(/damaged/)
    l.close()
  })

  it('a file that lost its end is found at open, without the whole check', async () => {
    seed(true)
    const { truncate } = await import('node:fs/promises')
    await truncate(file(), Math.floor((statSync(file()).size * 0.9) / 4096) * 4096)
    const notices: LedgerNotice[] = []
    const l = open(notices)
    expect(l.status).toBe('rebuilt')
    expect(notices[0]?.message).toMatch(/damaged/)
    l.close()
  })

  it('a sound file passes the background check and keeps its rows', async () => {
    seed(true)
    const l = open()
    expect(await l.checkIntegrity()).toBe('ok')
    expect(l.page({ accountId: 'acc_1', limit: 1 }).total).toBe(3000)
    l.close()
    expect(existsSync(marker())).toBe(false)
  })

  it('the app runs the background check itself once the ledger is open, and tells the person', async () => {
    seed(true)
    await damageMiddle()
    const told: unknown[] = []
    const stores = openStores({
      dir,
      now: () => NOW,
      emit: ((_: string, p: unknown) => told.push(p)) as never,
      checkAfterMs: 0,
    })
    expect(stores.ledger().status).toBe('opened')
    await expect.poll(() => told, { timeout: 10_000 }).toEqual([expect.objectContaining({ level: 'warning' })])
    expect(JSON.stringify(told[0])).toMatch(/damaged/)
    stores.close()
  })

  it('the journal is still checked whole on every open, with no marker', async () => {
    const j = openJournal({ dir, now: () => NOW })
    j.close()
    expect(readdirSync(dir).filter((f) => f.endsWith('-open'))).toEqual([])
  })
})
