// Where a bech32 LNURL is routed comes from the tag its own URL declares (LUD-04 login, LUD-08 fast
// withdraw, this service's `tag=pay`/`tag=withdraw` links), or LUD-16's well-known pay path.
import { encodeLnurl } from '@shared/lnurl'
import { parsePaymentInput } from '@shared/payment/parse'
import { describe, expect, it } from 'vitest'

const tagOf = (url: string) => {
  const p = parsePaymentInput(encodeLnurl(url))
  if (p.kind !== 'lnurl') throw new Error(`not an LNURL: ${p.kind}`)
  return p.tag
}

describe('an LNURL is routed by its own tag', () => {
  it.each([
    ['https://sim.example/lnurl/w?tag=withdrawRequest&k1=a', 'withdraw'],
    ['https://sim.example/lnurl/w?tag=withdraw&k1=a', 'withdraw'],
    ['https://sim.example/lnurl/p?tag=payRequest', 'pay'],
    ['https://sim.example/lnurl/p?tag=pay', 'pay'],
    ['https://sim.example/auth?tag=login&k1=abc', 'login'],
    ['https://sim.example/c?tag=channelRequest', 'channel'],
    ['https://sim.example/.well-known/lnurlp/alice', 'pay'],
    ['https://sim.example/.well-known/lnurlp/alice/more', 'unknown'],
    ['https://sim.example/lnurl/x?tag=WITHDRAWREQUEST', 'unknown'],
    ['https://sim.example/lnurl/x', 'unknown'],
  ])('%s → %s', (url, tag) => {
    expect(tagOf(url)).toBe(tag)
  })
})
