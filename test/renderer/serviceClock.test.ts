// Settings' one line about a computer clock far from the service's: above five minutes only, in
// words that say which way, and never blocking anything.
import { describe, expect, it } from 'vitest'
import { CLOCK_WARN_SEC, clockWarning } from '../../renderer/src/lib/serviceClock'

describe('clockWarning', () => {
  it('says nothing while the offset is unknown or within five minutes', () => {
    expect(clockWarning(null)).toBeNull()
    expect(clockWarning(undefined)).toBeNull()
    expect(clockWarning(0)).toBeNull()
    expect(clockWarning(CLOCK_WARN_SEC)).toBeNull()
    expect(clockWarning(-CLOCK_WARN_SEC)).toBeNull()
  })

  it('says how far and which way, in one line (the offset is the service minus the computer)', () => {
    expect(clockWarning(-25 * 3600)).toBe(
      "This computer's clock is 25 hours ahead of this service's; the app goes by the service's clock.",
    )
    expect(clockWarning(2 * 3600)).toBe(
      "This computer's clock is 2 hours behind this service's; the app goes by the service's clock.",
    )
    expect(clockWarning(CLOCK_WARN_SEC + 60)).toContain('6 minutes behind')
    expect(clockWarning(-(CLOCK_WARN_SEC + 1))).toContain('5 minutes ahead of')
    expect(clockWarning(-25 * 3600)).not.toContain('\n')
  })
})
