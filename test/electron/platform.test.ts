// The platform cannot rot silently: Electron gets security fixes for its three newest stable
// majors only, and a new major ships about every 8 weeks. This test works out which majors are
// supported on the day it runs (from the last known release and the cadence; tests never reach
// the network) and fails once the Electron we build on has fallen out of that window.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

/** Known stable releases (x.0.0 on the npm registry). Add a row when moving to a new major. */
const KNOWN_RELEASES: ReadonlyArray<readonly [major: number, date: string]> = [
  [43, '2026-07-01'],
  [44, '2026-08-25'],
  [45, '2026-10-21'],
]
const CADENCE_DAYS = 56
const SUPPORTED_MAJORS = 3
const DAY_MS = 86_400_000

/** The newest stable major expected on `now`: the last known one plus one per 8 weeks since. */
function newestExpectedMajor(now: Date): number {
  const [major, date] = KNOWN_RELEASES[KNOWN_RELEASES.length - 1]!
  const since = now.getTime() - Date.parse(`${date}T00:00:00Z`)
  return major + Math.max(0, Math.floor(since / (CADENCE_DAYS * DAY_MS)))
}

function isSupported(major: number, now: Date): boolean {
  return major > newestExpectedMajor(now) - SUPPORTED_MAJORS
}

const require = createRequire(import.meta.url)
const installed = (require('electron/package.json') as { version: string }).version
const installedMajor = Number(installed.split('.')[0])

describe('Electron stays within its supported window', () => {
  it('the window moves with time', () => {
    expect(newestExpectedMajor(new Date('2026-11-23T00:00:00Z'))).toBe(45)
    expect(newestExpectedMajor(new Date('2026-12-17T00:00:00Z'))).toBe(46)
    expect(isSupported(43, new Date('2026-11-23T00:00:00Z'))).toBe(true)
    expect(isSupported(42, new Date('2026-11-23T00:00:00Z'))).toBe(false)
    // 45 drops out when 48 is due (three cadences after 45.0.0)
    expect(isSupported(45, new Date('2027-04-14T00:00:00Z'))).toBe(false)
  })

  it(`the installed Electron (${installed}) is one of the three newest stable majors today`, () => {
    const newest = newestExpectedMajor(new Date())
    expect(
      isSupported(installedMajor, new Date()),
      `Electron ${installedMajor} is out of security support (newest expected: ${newest}). Move to a current major and add it to KNOWN_RELEASES.`,
    ).toBe(true)
  })

  it('package.json asks for the installed major', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }
    expect(pkg.devDependencies.electron).toMatch(new RegExp(`^\\^${installedMajor}\\.`))
  })
})
