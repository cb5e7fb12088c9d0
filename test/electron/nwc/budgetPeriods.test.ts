// When an app's budget period began and when it renews (services/nwc/budget.ts): calendar days,
// weeks from Monday and months in UTC, whatever the computer's zone; `never` from the start.
import { describe, expect, it } from 'vitest'
import { periodStart, renewsAt } from '../../../electron/main/services/nwc/budget'

const at = (iso: string) => Date.parse(iso) / 1000

describe('a budget period', () => {
  it('a day runs from midnight UTC to the next', () => {
    const now = at('2026-03-11T17:45:12Z')
    expect(periodStart('daily', now)).toBe(at('2026-03-11T00:00:00Z'))
    expect(renewsAt('daily', now)).toBe(at('2026-03-12T00:00:00Z'))
    expect(periodStart('daily', at('2026-03-11T00:00:00Z'))).toBe(at('2026-03-11T00:00:00Z'))
    expect(periodStart('daily', at('2026-03-10T23:59:59Z'))).toBe(at('2026-03-10T00:00:00Z'))
  })

  it('a week runs from Monday, each day of it, and Sunday night is still last week', () => {
    // 2026-03-09 is a Monday
    for (let d = 0; d < 7; d++) {
      const now = at('2026-03-09T06:30:00Z') + d * 86_400
      expect(periodStart('weekly', now), `day ${d}`).toBe(at('2026-03-09T00:00:00Z'))
      expect(renewsAt('weekly', now), `day ${d}`).toBe(at('2026-03-16T00:00:00Z'))
    }
    expect(periodStart('weekly', at('2026-03-08T23:59:59Z'))).toBe(at('2026-03-02T00:00:00Z'))
    expect(periodStart('weekly', at('2026-03-16T00:00:00Z'))).toBe(at('2026-03-16T00:00:00Z'))
  })

  it('a month runs from its first day, across a year’s end too', () => {
    expect(periodStart('monthly', at('2026-03-31T23:59:59Z'))).toBe(at('2026-03-01T00:00:00Z'))
    expect(renewsAt('monthly', at('2026-03-31T23:59:59Z'))).toBe(at('2026-04-01T00:00:00Z'))
    expect(periodStart('monthly', at('2026-12-15T12:00:00Z'))).toBe(at('2026-12-01T00:00:00Z'))
    expect(renewsAt('monthly', at('2026-12-15T12:00:00Z'))).toBe(at('2027-01-01T00:00:00Z'))
  })

  it('never renews, and counts everything since the connection was made', () => {
    expect(periodStart('never', at('2026-03-11T17:45:12Z'))).toBe(0)
    expect(renewsAt('never', at('2026-03-11T17:45:12Z'))).toBeNull()
  })
})
