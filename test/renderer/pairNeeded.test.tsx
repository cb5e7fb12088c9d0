// A pairing's approval (screens/pairForm.tsx): the methods the asking app requires (NWC-08's
// `request_methods`) are granted and cannot be unticked, since a wallet grants them all or
// declines; what it asks for as optional stays the person's choice.
import { parsePairingLink } from '@shared/nwc/pairing'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { MethodBoxes } from '../../renderer/src/screens/appsFields'
import { asked } from '../../renderer/src/screens/pairForm'

const pk = 'b'.repeat(64)
const link = `nostr+walletauth://${pk}?relay=wss%3A%2F%2Frelay.example&secret=abc&request_methods=pay_invoice%20get_balance&optional_request_methods=list_transactions&name=Shop`

test('required methods are ticked and fixed, with the reason tied to them; optional ones are free', () => {
  const req = parsePairingLink(link)
  if (!req) throw new Error('unreadable')
  const start = asked(req)
  expect(start.needed).toEqual(['pay_invoice', 'get_balance'])
  const html = renderToString(
    <MethodBoxes
      prefix="pair"
      offered={start.offered}
      needed={start.needed}
      methods={start.checked}
      setMethods={() => {}}
    />,
  )
  const box = (m: string) => html.match(new RegExp(`<input id="pair-m-${m}"[^>]*>`))?.[0] ?? ''
  for (const m of ['pay_invoice', 'get_balance']) {
    expect(box(m)).toMatch(/disabled=""/)
    expect(box(m)).toMatch(/checked=""/)
    expect(box(m)).toMatch(/aria-describedby="pair-needed"/)
  }
  expect(box('list_transactions')).not.toMatch(/disabled|checked/)
  expect(html).toContain('id="pair-needed"')
})

test('a form without required methods draws no such note', () => {
  const html = renderToString(
    <MethodBoxes prefix="app" offered={['get_info', 'get_balance']} methods={['get_info']} setMethods={() => {}} />,
  )
  expect(html).not.toMatch(/disabled|-needed/)
})
