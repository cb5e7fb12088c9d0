// After a burst of allocation the young generation stays at its largest; releaseMemory gives it
// back (services/memory). Measured with V8's own figures for its spaces, in this process.
import { getHeapSpaceStatistics } from 'node:v8'
import { expect, it } from 'vitest'
import { releaseMemory } from '../../../electron/main/services/memory'
import { burst } from './burst'

const MB = 1024 * 1024
const newSpaceMb = () => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / MB

it('shrinks the young generation a burst of work grew, and keeps what is still used', () => {
  const live = { rows: Array.from({ length: 10_000 }, (_, i) => `kept ${i}`) }
  expect(burst()).toBe(3_000_000)
  const grown = newSpaceMb()
  // the burst grew it (V8's default limit here is far above this): otherwise this test proves nothing
  expect(grown).toBeGreaterThanOrEqual(32)
  expect(releaseMemory()).toBe(true)
  expect(newSpaceMb()).toBeLessThanOrEqual(grown / 4)
  expect(live.rows[9_999]).toBe('kept 9999')
  // and again: asking twice is harmless
  expect(releaseMemory()).toBe(true)
  expect(globalThis).not.toHaveProperty('gc')
})
