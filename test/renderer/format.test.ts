// Amount formatting as the screens use it: exact, grouped, msat only when not whole.
import { formatMsat, formatSat, parseSatInput } from '@shared/units'
import { describe, expect, test } from 'vitest'
import { formatCountdown } from '../../renderer/src/lib/format'
import { checkBaseUrl } from '../../renderer/src/lib/validate'

describe('formatMsat', () => {
  test.each([
    [0, '0 sats'],
    [1000, '1 sat'],
    [1001, '1.001 sats'],
    [1500, '1.5 sats'],
    [1, '0.001 sats'],
    [999, '0.999 sats'],
    [1_234_567_000, '1,234,567 sats'],
    [1_234_567_890, '1,234,567.89 sats'],
    [-2000, '−2 sats'],
    [-1, '−0.001 sats'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740.991 sats'],
  ])('%d msat → %s', (msat, text) => {
    expect(formatMsat(msat)).toBe(text)
  })
  test('signed amounts show + for money in, − for money out, nothing for zero', () => {
    expect(formatMsat(5000, { signed: true })).toBe('+5 sats')
    expect(formatMsat(-5000, { signed: true })).toBe('−5 sats')
    expect(formatMsat(0, { signed: true })).toBe('0 sats')
  })
  test('refuses fractions and unsafe integers instead of rounding them', () => {
    expect(() => formatMsat(1.5)).toThrow(RangeError)
    expect(() => formatMsat(2 ** 53)).toThrow(RangeError)
    expect(() => formatSat(Number.MAX_SAFE_INTEGER)).toThrow(RangeError)
  })
})

describe('parseSatInput', () => {
  test.each([
    ['1,000', 1_000_000],
    ['1 000', 1_000_000],
    [' 21 ', 21_000],
    ['0.5', 500],
    ['0.001', 1],
    ['12.345', 12_345],
    ['0', 0],
    ['1,000,000.5', 1_000_000_500],
    ['1_000', 1_000_000],
  ])('%j → %d msat', (input, msat) => {
    expect(parseSatInput(input)).toBe(msat)
  })
  // a separator that does not group thousands is a decimal comma or a typo, never silently dropped:
  // "0,5" meant half a sat, not 5 sats
  test.each([
    '',
    'abc',
    '-1',
    '1.2345',
    '1e3',
    '0x10',
    '1.',
    '.5',
    '99999999999999999999',
    '0,5',
    '1,5',
    '1,00',
    '12,34,567',
    '1 00',
  ])('%j is not an amount', (input) => {
    expect(parseSatInput(input)).toBeNull()
  })
})

test('countdown', () => {
  expect(formatCountdown(0)).toBe('expired')
  expect(formatCountdown(-5)).toBe('expired')
  expect(formatCountdown(59)).toBe('0:59')
  expect(formatCountdown(245)).toBe('4:05')
  expect(formatCountdown(3723)).toBe('1:02:03')
})

test('service address: https anywhere, plain http only on this computer', () => {
  expect(checkBaseUrl('https://api.example.com')).toBeNull()
  expect(checkBaseUrl('http://127.0.0.1:4100')).toBeNull()
  expect(checkBaseUrl('http://localhost:4100')).toBeNull()
  expect(checkBaseUrl('http://[::1]:4100')).toBeNull()
  expect(checkBaseUrl('http://api.example.com')).toMatch(/Plain http/)
  expect(checkBaseUrl('http://192.168.1.5')).toMatch(/Plain http/)
  expect(checkBaseUrl('ftp://example.com')).toMatch(/https/)
  expect(checkBaseUrl('example.com')).toMatch(/full address/)
  expect(checkBaseUrl('  ')).toMatch(/Enter the service address/)
})
