// The days still without a price (docs/rates.md, "Prices as they were"): the same days as a scan of
// every row would find, newest first, found by seeks on the index of unpriced rows.
import { DatabaseSync } from 'node:sqlite'
import { expect, it } from 'vitest'
import { ledgerPerTest, row } from './helpers'

const t = ledgerPerTest()
const DAY = 86_400
const PRICE = { prices: { USD: 60_000 }, at: 0, source: 'rates.example', kind: 'day' as const }

/** the query as it was: every row read */
const scanned = (path: string, limit: number) => {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    return db
      .prepare(`SELECT DISTINCT account_id AS accountId, (created_at / ${DAY}) * ${DAY} AS day
        FROM transactions WHERE price_then IS NULL ORDER BY day DESC, accountId LIMIT ?`)
      .all(limit)
      .map((r) => ({ ...r }))
  } finally {
    db.close()
  }
}

it('finds the same days as a scan, newest first, each with its accounts, without reading every row', () => {
  const l = t.ledger
  const start = 1_700_000_000 - (1_700_000_000 % DAY)
  for (const acc of ['acc_a', 'acc_b'])
    for (let d = 0; d < 40; d++) {
      if (acc === 'acc_b' && d % 3) continue
      const rows = Array.from({ length: 7 }, (_, i) =>
        row({ txId: `${acc}-${d}-${i}`, createdAt: start + d * DAY + i * 3_000 }),
      )
      l.insertBatch(acc, rows, { announce: false })
    }
  for (const d of [39, 38, 20, 3]) l.setDayPrice('acc_a', start + d * DAY, { ...PRICE, at: start + d * DAY })
  for (const limit of [1, 5, 50, 500]) expect(l.daysWithoutPrice(limit)).toEqual(scanned(l.path, limit))
  expect(l.daysWithoutPrice(2)).toEqual([
    { accountId: 'acc_b', day: start + 39 * DAY },
    { accountId: 'acc_a', day: start + 37 * DAY },
  ])
  // failed days skipped, not counted: the next day's accounts come instead
  expect(l.daysWithoutPrice(2, (day) => day === start + 39 * DAY)).toEqual([
    { accountId: 'acc_a', day: start + 37 * DAY },
    { accountId: 'acc_a', day: start + 36 * DAY },
  ])
  // the index alone answers both steps (every 15 s while prices fill, at a million rows)
  const db = new DatabaseSync(l.path, { readOnly: true })
  const plan = (sql: string) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((r) => String((r as { detail: string }).detail))
      .join('\n')
  expect(
    plan(`SELECT created_at FROM transactions INDEXED BY tx_unpriced
      WHERE price_then IS NULL AND created_at < 5 ORDER BY created_at DESC LIMIT 1`),
  ).toMatch(/SEARCH transactions USING COVERING INDEX tx_unpriced \(created_at<\?\)/)
  expect(
    plan(`SELECT DISTINCT account_id FROM transactions INDEXED BY tx_unpriced
      WHERE price_then IS NULL AND created_at >= 1 AND created_at < 5 ORDER BY account_id`),
  ).toMatch(/USING COVERING INDEX tx_unpriced/)
  db.close()
})
