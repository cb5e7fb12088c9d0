// The warning before paying an invoice the journal already knows: when the app itself paid it, it
// says so plainly; only a try with an unknown outcome gets the "may".
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { PaidBefore } from '../../renderer/src/screens/SendConfirm'

const drawn = (state: 'paid' | 'unknown') =>
  renderToString(<PaidBefore earlier={{ state, at: 1_700_000_000_000 }} />).replace(/<!-- -->/g, '')

test('an invoice the app paid is said to be paid, not "may already have"', () => {
  const html = drawn('paid')
  expect(html).toContain('You already paid this invoice.')
  expect(html).not.toContain('You may already have paid')
})

test('a try with an unknown outcome keeps the "may"', () => {
  expect(drawn('unknown')).toContain('You may already have paid this invoice.')
})
