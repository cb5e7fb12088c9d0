import { memoOf, txWords } from '@shared/txWords'
import { expect, test } from 'vitest'

test('each service type in plain words', () => {
  const w = (typeName: string, amountMsat: number, more = {}) => txWords({ typeName, amountMsat, ...more })
  expect(w('ln_deposit', 1000)).toBe('Received')
  expect(w('ln_lnurl_pay_inbound', 1000)).toBe('Received with your permanent QR')
  expect(w('ln_lnurl_pay_outbound', -1000, { payee: 'alice@sim.example' })).toBe('Sent to alice@sim.example')
  expect(w('ln_lnurl_pay_outbound', -1000)).toBe('Sent')
  expect(w('ln_withdrawal', -1000, { payee: '  ' })).toBe('Sent')
  expect(w('ln_lnurl_withdraw', -1000)).toBe('Withdraw link claimed')
  expect(w('ln_transfer_in', 1000, { counterparty: 'Savings' })).toBe('Moved from Savings')
  expect(w('ln_transfer_out', -1000, { counterparty: 'Savings' })).toBe('Moved to Savings')
  expect(w('ln_transfer_out', -1000)).toBe('Moved to another wallet')
  expect(w('ln_transfer_in', 1000, { counterparty: null })).toBe('Moved from another wallet')
  expect(w('network_fee', -1000)).toBe('Network fee')
  expect(w('service_fee', -1000)).toBe('Service fee')
})

test('a type the service adds later still reads by its direction', () => {
  expect(txWords({ typeName: 'ln_keysend_in', amountMsat: 5 })).toBe('Received')
  expect(txWords({ typeName: 'ln_keysend_out', amountMsat: -5, payee: 'bob@x.example' })).toBe('Sent to bob@x.example')
  expect(txWords({ typeName: 'something_new', amountMsat: -5 })).toBe('Sent')
})

test("the service's placeholder memo of a permanent-QR payment is no memo; a payer's own words stay", () => {
  expect(memoOf('ln_lnurl_pay_inbound', 'LNURL PAY')).toBeNull()
  expect(memoOf('ln_lnurl_pay_inbound', ' lnurl pay ')).toBeNull()
  expect(memoOf('ln_lnurl_pay_inbound', 'Thanks for the coffee')).toBe('Thanks for the coffee')
  expect(memoOf('ln_deposit', 'LNURL PAY')).toBe('LNURL PAY')
  expect(memoOf('ln_lnurl_pay_inbound', null)).toBeNull()
})
