// The relay link's waits and the subscription's window (services/nwc/relay.ts, links.ts): 1 s
// doubling to 5 min, each up to a quarter more at random and never past 5 min; after a drop the
// requests that came meanwhile are asked for, while younger than the age limit.
import { describe, expect, it } from 'vitest'
import { sinceFor } from '../../../electron/main/services/nwc/links'
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay } from '../../../electron/main/services/nwc/relay'
import { MAX_AGE_SEC } from '../../../electron/main/services/nwc/request'

describe('backoff', () => {
  it('waits 1 s at first, up to a quarter more, and never more than 5 min', () => {
    expect(BACKOFF_MIN_MS).toBe(1_000)
    expect(BACKOFF_MAX_MS).toBe(300_000)
    expect(backoffDelay(1_000, 0)).toBe(1_000)
    expect(backoffDelay(1_000, 0.999)).toBe(1_249)
    expect(backoffDelay(BACKOFF_MAX_MS, 0.9)).toBe(BACKOFF_MAX_MS)
    // the doubling reaches the most after nine drops: 1, 2, 4 … 256 s, then 300 s
    let wait = BACKOFF_MIN_MS
    const waits: number[] = []
    for (let i = 0; i < 11; i++) {
      waits.push(backoffDelay(wait, 0))
      wait = Math.min(wait * 2, BACKOFF_MAX_MS)
    }
    expect(waits.slice(0, 3)).toEqual([1_000, 2_000, 4_000])
    expect(waits.slice(-2)).toEqual([300_000, 300_000])
  })

  it('spreads many links over the window instead of one moment', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(8_000, i / 50)))
    expect(seen.size).toBe(50)
    expect(Math.min(...seen)).toBe(8_000)
    expect(Math.max(...seen)).toBeLessThan(10_000)
  })
})

describe('since', () => {
  const now = 1_800_000_000
  it('asks for the last minute on a first connect', () => {
    expect(sinceFor(now, null)).toBe(now - 60)
  })
  it('after a drop of 3 minutes, asks from a minute before the drop', () => {
    expect(sinceFor(now, (now - 180) * 1000)).toBe(now - 240)
  })
  it('never asks for what is older than the age limit', () => {
    expect(sinceFor(now, (now - 3_600) * 1000)).toBe(now - MAX_AGE_SEC)
  })
})
