// Search terms are text, never patterns: %, _ and \ match only themselves, in both search modes
// (FTS5 trigram, each of its three ways to a page, and plain LIKE); an amount term also matches the
// amount; at most eight terms count; the person's memo of a withdraw link finds the row that claimed it.
import { afterEach, describe, expect, it } from 'vitest'
import { type Ledger, openLedger } from '../../../../electron/main/services/ledger'
import type { SearchWay } from '../../../../electron/main/services/ledger/searchPlan'
import { link, row, withTempDir } from './helpers'

const memos = [
  '50% off',
  '500 sats back',
  'a_b',
  'axb',
  'back\\slash',
  'backslash',
  'w1 w2 w3 w4 w5 w6 w7 w8',
  'say "hi" AND OR NEAR',
  'Éclair box',
]

describe.each([
  ['fts5', true, undefined],
  ['fts5', true, 'newest'],
  ['fts5', true, 'matches'],
  ['fts5', true, 'within'],
  ['fts5', true, 'walk'],
  ['like', false, undefined],
] as Array<['fts5' | 'like', boolean, SearchWay | undefined]>)(
  'search terms (%s, index %s, way %s)',
  (mode, fts, searchWay) => {
    let l: Ledger
    let cleanup: () => Promise<void>
    afterEach(async () => {
      l.close()
      await cleanup()
    })
    const open = async () => {
      const tmp = await withTempDir()
      cleanup = tmp.cleanup
      l = openLedger({ dir: tmp.dir, fts, searchWay })
      expect(l.searchMode).toBe(mode)
      l.insertBatch(
        'acc_1',
        memos.map((memo, i) => row({ txId: `wtx_m${i}`, memo, amountMsat: (i + 1) * 7_000 })),
      )
    }
    const found = (search: string) =>
      l
        .page({ accountId: 'acc_1', search, limit: 50 })
        .items.map((t) => t.memo)
        .sort()

    it('reads a page of words the way it is told: its own index first, in its order, dates bounding it', async () => {
      await open()
      const plan = (q: { from?: number; to?: number } = {}) =>
        l.plan({ accountId: 'acc_1', search: 'back', limit: 50, ...q }).join('\n')
      const way = mode === 'like' ? 'walk' : (searchWay ?? 'newest')
      // the page's ids: from the index alone, from its list within the time index, or the time index
      const want: Record<SearchWay, RegExp[]> = {
        newest: [/^ {2}SCAN s VIRTUAL TABLE INDEX \d+:M1$/m],
        matches: [/^ {2}SCAN tx_search VIRTUAL TABLE INDEX \d+:M1$/m],
        within: [/^ {2}SEARCH t USING INDEX tx_time /m, /^ {4}SCAN tx_search VIRTUAL TABLE/m],
        walk: [/^ {2}SEARCH t USING INDEX tx_time /m],
      }
      for (const re of want[way]) expect(plan()).toMatch(re)
      if (way === 'walk') expect(plan()).not.toMatch(/VIRTUAL TABLE/)
      // the newest matches take both dates as bounds on the index's keys (a row outside is never read)
      if (way === 'newest') expect(plan({ from: 1, to: 2 })).toMatch(/SCAN s VIRTUAL TABLE INDEX \d+:M1(><|<>)\n/)
      expect(l.page({ accountId: 'acc_1', search: 'back', from: 0, to: 2_000_000_000 }).items.length).toBe(3)
    })

    it('takes % _ and \\ literally', async () => {
      await open()
      expect(found('50%')).toEqual(['50% off'])
      expect(found('a_b')).toEqual(['a_b'])
      expect(found('k\\s')).toEqual(['back\\slash'])
      expect(found('%')).toEqual(['50% off'])
      expect(found('_')).toEqual(['a_b'])
    })

    it("finds the index's query words as text, and folds case as LIKE does (ASCII only)", async () => {
      await open()
      expect(found('"hi"')).toEqual(['say "hi" AND OR NEAR'])
      expect(found('y "hi" AND')).toEqual(['say "hi" AND OR NEAR'])
      expect(found('hi" NEAR')).toEqual(['say "hi" AND OR NEAR'])
      expect(found('éclair')).toEqual([]) // LIKE folds ASCII letters only; the trigram index folds É too
      expect(found('Éclair BOX')).toEqual(['Éclair box'])
    })

    it('matches an amount in sats as well as text', async () => {
      await open()
      // 14 sats is the second row's amount; no memo holds "14"
      expect(found('14')).toEqual(['500 sats back'])
    })

    it("finds a claim by the person's memo of the link, claimed before or after its row arrived", async () => {
      await open()
      const claim = (ott: string, txId: string) =>
        expect(l.claimWithdrawLink('acc_1', ott, { claimedAt: 400, claimedMsat: 1_000_000, txId })).toBe(true)
      const withdrawal = (txId: string) =>
        l.insertBatch('acc_1', [
          row({ txId, typeName: 'ln_lnurl_withdraw', amountMsat: -1_000, memo: 'Outside invoice' }),
        ])
      // as the sync loop does: the claim noticed in a batch, then the batch's rows stored
      l.putWithdrawLink(link({ ott: 'ott_a', memo: 'Lunch with Ana' }))
      claim('ott_a', 'wtx_a')
      withdrawal('wtx_a')
      // a row stored before its claim was known (counted already: the claim must forget that count)
      l.putWithdrawLink(link({ ott: 'ott_t', memo: 'Taxi home' }))
      withdrawal('wtx_t')
      const total = () => l.page({ accountId: 'acc_1', search: 'Taxi', limit: 50 }).total
      expect(found('Taxi')).toEqual([])
      expect(total()).toBe(0)
      claim('ott_t', 'wtx_t')
      expect(found('Taxi')).toEqual(['Outside invoice'])
      expect(total()).toBe(1)
      expect(found('lunch ANA')).toEqual(['Outside invoice'])
      // a word under three characters is checked on the rows themselves
      expect(found('Ana Lu')).toEqual(['Outside invoice'])
      expect(found('Outside')).toEqual(['Outside invoice', 'Outside invoice'])
      // a link that was not claimed names no row
      l.putWithdrawLink(link({ ott: 'ott_w', memo: 'Waiting still' }))
      expect(found('Waiting')).toEqual([])
    })

    it('counts at most eight terms: a ninth that matches nothing is not applied', async () => {
      await open()
      expect(found('w1 w2 w3 w4 w5 w6 w7 w8')).toEqual(['w1 w2 w3 w4 w5 w6 w7 w8'])
      expect(found('w1 w2 w3 w4 w5 w6 w7 w8 nothing')).toEqual(['w1 w2 w3 w4 w5 w6 w7 w8'])
      expect(found('w1 w2 w3 w4 w5 w6 w7 nothing w8')).toEqual([])
    })
  },
)
