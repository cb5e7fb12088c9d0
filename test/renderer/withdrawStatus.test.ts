// A claimed withdraw link says when it was claimed, what the claim took and the fee the wallet paid
// on top, so the row adds up to what left the wallet (field report: "Claimed for 1,000 sats" while
// the wallet paid 1,001, with no time).
import { afterEach, expect, test } from 'vitest'
import { setLanguage } from '../../renderer/src/i18n'
import { formatDate } from '../../renderer/src/lib/format'
import { withdrawStatusText } from '../../renderer/src/screens/WithdrawLinks'
import { withdrawLink } from './fixtures'

afterEach(() => setLanguage('en'))

const claimed = { ...withdrawLink, amountSat: 1000, status: 'claimed' as const, claimedAt: 1_700_000_000 }

test('the claim time, what it took and the fee on top', () => {
  const text = withdrawStatusText({ ...claimed, claimedMsat: 1_000_000, claimFeeMsat: 1_000 }, 'claimed')
  expect(text).toBe(`Claimed on ${formatDate(1_700_000_000)}: 1,000 sats + 1 sat fee`)
})

test('no fee paid: none is mentioned; a partial claim says what it took', () => {
  expect(withdrawStatusText({ ...claimed, claimedMsat: 1_000_000, claimFeeMsat: 0 }, 'claimed')).toBe(
    `Claimed on ${formatDate(1_700_000_000)}: 1,000 sats`,
  )
  expect(withdrawStatusText({ ...claimed, claimedMsat: 400_000, claimFeeMsat: null }, 'claimed')).toMatch(/: 400 sats$/)
})

test('in German', async () => {
  await setLanguage('de')
  const text = withdrawStatusText({ ...claimed, claimedMsat: 1_000_000, claimFeeMsat: 2_000 }, 'claimed')
  expect(text).toBe(`Eingelöst am ${formatDate(1_700_000_000)}: 1.000 sats + 2 sats Gebühr`)
})
