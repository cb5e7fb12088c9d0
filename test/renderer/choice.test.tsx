// Receive (invoice or permanent QR) and Withdraw (one link or a voucher sheet) offer their views
// the same way: one group, named for screen readers, with exactly the shown view pressed.
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { Choice } from '../../renderer/src/components/Choice'
import Receive from '../../renderer/src/screens/Receive'
import Withdraw from '../../renderer/src/screens/Withdraw'
import { installFakeWallet } from './fakeWallet'

beforeEach(() => {
  installFakeWallet()
})

/** the pressed state of each button of the `choice` group, by its label */
function pressed(html: string): Record<string, boolean> {
  const group = /<fieldset class="actions choice">(.*?)<\/fieldset>/s.exec(html)?.[1] ?? ''
  return Object.fromEntries(
    [...group.matchAll(/<button[^>]*aria-pressed="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((m) => [
      m[2],
      m[1] === 'true',
    ]),
  )
}

test('the group names itself and presses only the chosen view', () => {
  const html = renderToString(
    <Choice
      legend="Pick one"
      options={[
        ['a', 'First'],
        ['b', 'Second'],
      ]}
      value="b"
      onChange={() => {}}
    />,
  )
  expect(html).toContain('<legend class="sr-only">Pick one</legend>')
  expect(pressed(html)).toEqual({ First: false, Second: true })
})

test('Receive and Withdraw start on their first view, in the same kind of group', () => {
  const receive = renderToString(<Receive />)
  expect(receive).toContain('<legend class="sr-only">Receive with</legend>')
  expect(pressed(receive)).toEqual({ Invoice: true, 'Permanent QR': false })
  const withdraw = renderToString(<Withdraw />)
  expect(withdraw).toContain('<legend class="sr-only">What to make</legend>')
  expect(pressed(withdraw)).toEqual({ 'One link': true, 'Voucher sheet': false })
})
