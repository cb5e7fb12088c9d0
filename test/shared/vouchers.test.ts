import {
  changesOnSheet,
  claimFeeCapSat,
  sheetText,
  voucherShortId,
  WITHDRAW_WATCH_SEC,
  withdrawLinkState,
} from '@shared/vouchers'
import { describe, expect, it } from 'vitest'

describe('sheetText', () => {
  it('keeps Western European text as typed, on one line', () => {
    expect(sheetText('  Café\n– 5 €  ', 60)).toBe('Café – 5 €')
    expect(changesOnSheet('Café – 5 €')).toBe(false)
  })

  it('drops controls, direction overrides and zero-width characters; shows other scripts as ?', () => {
    expect(sheetText('a\u202Eb\u2066c\u200Bd\u0000e\u0007', 60)).toBe('abcde')
    expect(sheetText('日本 Ёлка 🎁 שלום', 60)).toBe('?? Ёлка ? ????')
    expect(changesOnSheet('Łódź Ελλάδα Ёлка Việt')).toBe(false)
    expect(changesOnSheet('🎁 gift')).toBe(true)
    expect(changesOnSheet('x\u202Ey')).toBe(true)
  })

  it('caps at max characters, the last an ellipsis', () => {
    expect(sheetText('x'.repeat(10_000), 60)).toBe(`${'x'.repeat(59)}…`)
    expect(sheetText('x'.repeat(60), 60)).toBe('x'.repeat(60))
    // counted in characters, not UTF-16 units
    expect(Array.from(sheetText('🎁'.repeat(100), 60))).toHaveLength(60)
  })
})

it('voucherShortId: the last six letters or digits of the token, upper case', () => {
  expect(voucherShortId('a1b2c3d4e5f6g7')).toBe('E5F6G7')
  expect(voucherShortId('ab-c_d')).toBe('ABCD')
})

it('claimFeeCapSat: 5 % of the amount, rounded up to a whole sat', () => {
  expect([1, 20, 21, 1000, 1001].map(claimFeeCapSat)).toEqual([1, 1, 2, 50, 51])
})

it('withdrawLinkState: waiting while watched, old after, claimed whenever claimed', () => {
  const made = 1_000_000
  const at = (status: 'waiting' | 'claimed', age: number) => withdrawLinkState({ status, createdAt: made }, made + age)
  expect([at('waiting', 0), at('waiting', WITHDRAW_WATCH_SEC), at('waiting', WITHDRAW_WATCH_SEC + 1)]).toEqual([
    'waiting',
    'waiting',
    'old',
  ])
  expect(at('claimed', WITHDRAW_WATCH_SEC * 10)).toBe('claimed')
})
