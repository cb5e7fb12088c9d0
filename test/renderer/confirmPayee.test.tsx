// The confirmation names the payee so a person can read it: a node id by its ends with a way to see
// it whole, an LNURL-pay link by its host (not the LNURL1… text), a lightning address as it is.

import type { InvoiceView } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { InvoiceCard } from '../../renderer/src/screens/Send'
import { PayeeName } from '../../renderer/src/screens/SendConfirm'

const NODE = `02${'ab'.repeat(16)}${'cd'.repeat(16)}`
const drawn = (c: Parameters<typeof PayeeName>[0]['c']) => renderToString(<PayeeName c={c} />).replace(/<!-- -->/g, '')

test('a 66-character node id shows its ends and a button that shows it whole', () => {
  expect(NODE).toHaveLength(66)
  const html = drawn({ kind: 'invoice', address: 'lnbc1…', payee: NODE })
  expect(html).not.toContain(NODE)
  expect(html).toContain(`${NODE.slice(0, 8)}…${NODE.slice(-8)}`)
  expect(html).toContain('Show all 66 characters')
  expect(html).toContain('aria-expanded="false"')
})

test('an LNURL-pay link is named by its host, not its bech32 text', () => {
  const lnurl = encodeLnurl('https://pay.example.org/.well-known/lnurlp/bob')
  const html = drawn({ kind: 'address', address: lnurl, payee: lnurl })
  expect(html).toBe('pay.example.org')
})

test('a lightning address is shown as it is', () => {
  expect(drawn({ kind: 'address', address: 'alice@sim.example', payee: 'alice@sim.example' })).toBe('alice@sim.example')
})

test('the invoice card before Review names a node id by its ends too', () => {
  const invoice: InvoiceView = {
    ...{ invoice: 'lnbcrt1…', network: 'regtest', amountMsat: 21_000, description: 'coffee' },
    ...{ descriptionHash: null, payee: NODE, paymentHash: 'ef'.repeat(32), expiresAt: 1_800_000_000 },
    ...{ feeLimitMsat: 1_000, decodedBy: 'service' },
  }
  const html = renderToString(<InvoiceCard invoice={invoice} />).replace(/<!-- -->/g, '')
  expect(html).not.toContain(NODE)
  expect(html).toContain(`${NODE.slice(0, 8)}…${NODE.slice(-8)}`)
  expect(html).toContain('Show all 66 characters')
})
