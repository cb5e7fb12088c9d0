// The way to a search page is chosen by the trigram index's candidates (searchPlan.ts), with the
// figures of a million-row history (bench:scale's huge seed: 812,066 rows, pages of 100).
import { describe, expect, it } from 'vitest'
import {
  candidatesCap,
  newestApplies,
  searchWay,
  trigramQuery,
} from '../../../../electron/main/services/ledger/searchPlan'

const ROWS = 812_066

describe('searchWay', () => {
  it('looks up a few hundred candidates, walks the time index within a few thousand, walks past many', () => {
    expect(searchWay(625, 100, ROWS)).toBe('matches') // zoe@strike.me
    // nadia@, walter: where looking up each (about 50 ms) and walking every row (about 45 ms) crossed
    expect(searchWay(2_916, 100, ROWS)).toBe('within')
    expect(searchWay(3_067, 100, ROWS)).toBe('within')
    expect(searchWay(44_183, 100, ROWS)).toBe('walk') // croissant
    expect(searchWay(candidatesCap(100, ROWS) + 1, 100, ROWS)).toBe('walk') // counted no further
  })

  it('the newest matches apply to words only: an amount unites two indexes', () => {
    expect(newestApplies(['nadia@', 'coffee'])).toBe(true)
    expect(newestApplies(['coffee', '1042'])).toBe(false)
    expect(newestApplies([])).toBe(false)
  })

  it('counts candidates only as far as a list could still pay', () => {
    expect(candidatesCap(100, ROWS)).toBeGreaterThan(3_067)
    expect(candidatesCap(100, ROWS)).toBeLessThan(44_183)
    expect(candidatesCap(10, 100)).toBeGreaterThan(0)
  })
})

describe('trigramQuery', () => {
  it('names every letter once in three, quoted, the last three always', () => {
    expect(trigramQuery('abc')).toBe('"abc"')
    expect(trigramQuery('nadia@')).toBe('"nad" AND "ia@"')
    expect(trigramQuery('walter')).toBe('"wal" AND "ter"')
    expect(trigramQuery('zoe@strike.me')).toBe('"zoe" AND "@st" AND "rik" AND "e.m" AND ".me"')
    expect(trigramQuery('a"b"c')).toBe('"a""b" AND "b""c"')
    expect(trigramQuery('Éclair')).toBe('"Écl" AND "air"')
  })
})
