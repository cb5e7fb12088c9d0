// The wallet service's signatures (signing.ts) by libsecp256k1 in WebAssembly agree with
// nostr-tools' pure JavaScript: what one signs the other accepts, and whatever is changed in a
// signed event (its id, signature, key, content, tags, time) both refuse.
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { type Event, finalizeEvent, generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools'
import { beforeAll, describe, expect, it } from 'vitest'
import { signEvent, signingCompiled, verifySignature } from '../../../electron/main/services/nwc/signing'

beforeAll(async () => {
  expect(await signingCompiled).toBe(true)
})

const key = generateSecretKey()
const template = (content: string, tags: string[][] = []) => ({ kind: 23195, created_at: 1_800_000_000, tags, content })
const plain = (e: Event): Event => JSON.parse(JSON.stringify(e)) as Event

describe('signing', () => {
  it('signs what nostr-tools accepts, with the key its public half names, leaving the template as it was', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 })),
        (c, tags) => {
          const t = template(c, tags)
          const e = signEvent(t, key)
          expect(e.pubkey).toBe(getPublicKey(key))
          expect(verifyEvent(plain(e))).toBe(true)
          expect(t).toEqual(template(c, tags))
        },
      ),
      { numRuns: 100 },
    )
  })

  it("accepts nostr-tools' signatures and refuses every change to a signed event, as nostr-tools does", () => {
    const changes: Array<(e: Event) => Event> = [
      (e) => ({ ...e, content: `${e.content}.` }),
      (e) => ({ ...e, created_at: e.created_at + 1 }),
      (e) => ({ ...e, tags: [...e.tags, ['e', 'x']] }),
      (e) => ({ ...e, sig: randomBytes(64).toString('hex') }),
      (e) => ({ ...e, sig: `${e.sig.slice(0, 127)}${e.sig[127] === '0' ? '1' : '0'}` }),
      (e) => ({ ...e, id: randomBytes(32).toString('hex') }),
      (e) => ({ ...e, pubkey: getPublicKey(generateSecretKey()) }),
    ]
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.nat(changes.length - 1), (c, which) => {
        const e = plain(finalizeEvent(template(c), key))
        expect(verifySignature(e)).toBe(true)
        const changed = (changes[which] as (e: Event) => Event)(e)
        expect(verifySignature(changed)).toBe(false)
        expect(verifyEvent(plain(changed))).toBe(false)
      }),
      { numRuns: 100 },
    )
  })
})
