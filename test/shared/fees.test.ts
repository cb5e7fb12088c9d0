// The fee rule shown before confirming and sent as the fee limit, "send all", and the words of a
// balance that is too small.
import { feeCapMsat, feeLimitMsat, fundsProblem, sendAllMsat, withFeeLimitMsat } from '@shared/payment/fees'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { english } from './fixtures/englishWords'

describe('fees', () => {
  it('0.1 % rounded up to a whole sat, at least 1 sat', () => {
    expect(feeLimitMsat(1000)).toBe(1000)
    expect(feeLimitMsat(70_000_000)).toBe(70_000)
    expect(feeLimitMsat(70_000_001)).toBe(71_000)
    expect(withFeeLimitMsat(70_000_000)).toBe(70_070_000)
  })

  it('says what is missing in the words of the issue', () => {
    const short = fundsProblem('Everyday', 69_525_000, 70_000_000)
    expect(short).toMatchObject({ id: 'payments.fundsShort' })
    expect(short && english(short)).toBe(
      'Not enough in Everyday: 69,525 sats, this needs up to 70,070 sats with the fee.',
    )
    // the amounts are written the way the language writes numbers
    expect(fundsProblem('Everyday', 69_525_000, 70_000_000, 'de')?.values).toMatchObject({ need: '70.070 sats' })
    expect(fundsProblem('Everyday', 70_070_000, 70_000_000)).toBeNull()
  })

  it('send all: the largest whole-sat amount whose total fits the balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_100_000_000_000 }), (balance) => {
        const all = sendAllMsat(balance)
        expect(all % 1000).toBe(0)
        if (all > 0) expect(withFeeLimitMsat(all)).toBeLessThanOrEqual(balance)
        expect(withFeeLimitMsat(all + 1000)).toBeGreaterThan(balance)
      }),
    )
    expect(sendAllMsat(69_525_000)).toBe(69_455_000)
    // small balances, where the first guess is 0: 2,000 msat pays 1 sat with its 1-sat fee limit
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (balance) => {
        const all = sendAllMsat(balance)
        expect(withFeeLimitMsat(all + 1000)).toBeGreaterThan(balance)
      }),
    )
    expect([1999, 2000, 2999, 3000, 4000].map((b) => sendAllMsat(b))).toEqual([0, 1000, 1000, 2000, 3000])
  })

  it('with an LNbits server reserve (2 sat, 1 %): the largest amount whose reserve still fits', () => {
    const reserve = (a: number) => feeCapMsat({ serverFeeReserve: true }, a)
    expect(reserve(100_000)).toBe(2000)
    expect(reserve(1_000_000)).toBe(10_000)
    expect(feeCapMsat({}, 1_000_000)).toBe(feeLimitMsat(1_000_000))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (balance) => {
        const all = sendAllMsat(balance, reserve)
        expect(all % 1000).toBe(0)
        if (all > 0) expect(all + reserve(all)).toBeLessThanOrEqual(balance)
        expect(all + 1000 + reserve(all + 1000)).toBeGreaterThan(balance)
      }),
    )
    expect(sendAllMsat(1_010_000, reserve)).toBe(1_000_000)
  })

  it('counts the fee it is given when saying a balance is short', () => {
    expect(fundsProblem('Everyday', 70_500_000, 70_000_000, undefined, 700_000)?.values).toMatchObject({
      need: '70,700 sats',
    })
    expect(fundsProblem('Everyday', 70_700_000, 70_000_000, undefined, 700_000)).toBeNull()
  })
})
