// Who zapped and through what (ledger/zap.ts): read from NIP-47 metadata (Alby Hub's `nostr`, a
// `zap_request`) or a description that is a zap request, the payer's name first, else a short
// npub; the connected app's name first for `via`, else the zap request's client tag. Outside text
// cleaned and capped; no zap request, no zap.
import { nip19 } from 'nostr-tools'
import { describe, expect, it } from 'vitest'
import { shortNpub, zapOf } from '../../../../electron/main/services/ledger/zap'
import { zapInPassThru } from '../../../../electron/main/services/ledger/zapKept'

const pk = 'cd'.repeat(32)
const request = (o: Record<string, unknown> = {}) => ({
  ...{
    kind: 9734,
    pubkey: pk,
    content: 'great post',
    tags: [
      ['p', 'ef'.repeat(32)],
      ['client', 'Damus'],
    ],
  },
  ...o,
})

describe('a zap', () => {
  it('names its sender by a short npub of the zap request key, and the app by the client tag', () => {
    const npub = nip19.npubEncode(pk)
    expect(shortNpub(pk)).toBe(`${npub.slice(0, 12)}…${npub.slice(-4)}`)
    expect(zapOf({ nostr: { pubkey: pk, tags: [['client', 'Damus']] } })).toEqual({ from: shortNpub(pk), via: 'Damus' })
    expect(zapOf({ zap_request: JSON.stringify(request()) })).toEqual({ from: shortNpub(pk), via: 'Damus' })
    expect(zapOf(null, JSON.stringify(request({ tags: [] })))).toEqual({ from: shortNpub(pk), via: null })
  })

  it("takes the payer's name and the connected app first, cleaned and capped", () => {
    const m = { nostr: { pubkey: pk, tags: [['client', 'Damus']] }, payer_data: { name: 'Ali\u202Ece\u0007' } }
    expect(zapOf(m, null, 'Primal')).toEqual({ from: 'Alice', via: 'Primal' })
    expect(zapOf({ ...m, payer_data: { name: 'n'.repeat(500) } })?.from).toHaveLength(64)
  })

  it('is none without a zap request: payer data alone, a plain description, a broken one', () => {
    expect(zapOf({ payer_data: { name: 'Bob' }, comment: 'hi' })).toBeNull()
    expect(zapOf(null, 'coffee')).toBeNull()
    expect(zapOf(null, '{"kind": 9734')).toBeNull()
    expect(zapOf({ zap_request: { ...request(), kind: 1 } })).toBeNull()
  })

  it("is read back from a row's pass_thru, cleaned again", () => {
    expect(zapInPassThru(JSON.stringify({ comment: 'x', zap: { from: 'A\u202Eb', via: 'Damus' } }))).toEqual({
      from: 'Ab',
      via: 'Damus',
    })
    expect(zapInPassThru('{"comment":"zap"}')).toBeNull()
    expect(zapInPassThru(null)).toBeNull()
    expect(zapInPassThru('{"zap":')).toBeNull()
  })
})
