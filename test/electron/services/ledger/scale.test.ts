// What keeps the ledger fast at a million rows must not change what it answers: counts kept per
// filter are forgotten by every write that may change them; several batches in one transaction
// (`together`) are one commit but keep each batch's all-or-nothing; a search finds a batch's rows
// at once (the search index takes a batch in one statement).
import { expect, it } from 'vitest'
import { ledgerPerTest, row } from './helpers'

const ACC = 'acc_scale'
const t = ledgerPerTest()

it('a count kept for a filter is forgotten by new rows, a label and a forgotten account', () => {
  const l = t.ledger
  l.insertBatch(ACC, [row({ memo: 'coffee' }), row({ memo: 'tea' })])
  const total = (search?: string) => l.page({ accountId: ACC, limit: 1, ...(search ? { search } : {}) }).total
  expect(total()).toBe(2)
  expect(total('coffee')).toBe(1)
  expect(total('VAT')).toBe(0)
  l.insertBatch(ACC, [row({ memo: 'more coffee' })])
  expect(total()).toBe(3)
  expect(total('coffee')).toBe(2)
  const tea = l.page({ accountId: ACC, search: 'tea', limit: 1 }).items[0]
  l.setLabel(ACC, tea?.txId as string, 'VAT receipt', 1)
  expect(total('VAT')).toBe(1)
  l.setLabel(ACC, tea?.txId as string, null, 2)
  expect(total('VAT')).toBe(0)
  l.together(() => l.insertBatch(ACC, [row({ memo: 'coffee again' })]))
  expect(total('coffee')).toBe(3)
  l.forgetAccount(ACC)
  expect(total()).toBe(0)
  expect(total('coffee')).toBe(0)
})

it('batches stored together: one failing undoes its own rows only; a throw undoes them all', () => {
  const l = t.ledger
  const total = () => l.page({ accountId: ACC, limit: 1 }).total
  l.together(() => {
    l.insertBatch(ACC, [row(), row()])
    // an inner step that fails after writing: its rows go, the batch before it stays
    expect(() =>
      l.together(() => {
        l.insertBatch(ACC, [row({ memo: 'undone' }), row()])
        throw new Error('inner')
      }),
    ).toThrow('inner')
    l.insertBatch(ACC, [row({ memo: 'after the failed one' })])
  })
  expect(total()).toBe(3)
  expect(l.page({ accountId: ACC, search: 'after the failed', limit: 5 }).total).toBe(1)
  expect(l.page({ accountId: ACC, search: 'undone', limit: 5 }).total).toBe(0)
  expect(() =>
    l.together(() => {
      l.insertBatch(ACC, [row(), row()])
      throw new Error('stop')
    }),
  ).toThrow('stop')
  expect(total()).toBe(3)
  // and the ledger takes a transaction of its own afterwards
  l.insertBatch(ACC, [row()])
  expect(total()).toBe(4)
})

it('a batch of many rows is searchable at once, each row by its own words', () => {
  const l = t.ledger
  const rows = Array.from({ length: 300 }, (_, i) => row({ memo: `order ${i} item-${i % 7}`, comment: `c${i}x` }))
  l.insertBatch(ACC, rows)
  // rows of the same batch again (a page read twice) add nothing to the index
  l.insertBatch(ACC, rows.slice(0, 10))
  expect(l.page({ accountId: ACC, search: 'item-3', limit: 500 }).total).toBe(rows.filter((_, i) => i % 7 === 3).length)
  expect(l.page({ accountId: ACC, search: 'c299x', limit: 5 }).items.map((x) => x.memo)).toEqual(['order 299 item-5'])
  expect(l.page({ accountId: ACC, search: 'order', limit: 1 }).total).toBe(300)
})
