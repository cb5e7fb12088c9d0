// The NIP-44 conversation keys kept per wallet key and app key: each app still reads only what
// was sent to it, also past the cap of kept peers, and a request from it is read back.
import { generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { expect, it } from 'vitest'
import { decryptFrom, encryptFor } from '../../../electron/main/services/nwc/crypto'

it('answers to many apps from one wallet key: each app reads its own, and only its own', () => {
  const wallet = generateSecretKey()
  const walletPub = getPublicKey(wallet)
  const apps = Array.from({ length: 40 }, () => generateSecretKey())
  for (const round of [1, 2]) {
    apps.forEach((app, i) => {
      const text = `answer ${i} round ${round}`
      const sealed = encryptFor('nip44_v2', wallet, getPublicKey(app), text)
      expect(nip44.decrypt(sealed, nip44.getConversationKey(app, walletPub))).toBe(text)
      const other = apps[(i + 1) % apps.length]!
      expect(() => nip44.decrypt(sealed, nip44.getConversationKey(other, walletPub))).toThrow()
      const asked = nip44.encrypt(`request ${i}`, nip44.getConversationKey(app, walletPub))
      expect(decryptFrom('nip44_v2', wallet, getPublicKey(app), asked)).toBe(`request ${i}`)
    })
  }
})

it('two wallet keys answering the same app do not share a conversation', () => {
  const app = generateSecretKey()
  const [a, b] = [generateSecretKey(), generateSecretKey()]
  const fromA = encryptFor('nip44_v2', a, getPublicKey(app), 'from a')
  const fromB = encryptFor('nip44_v2', b, getPublicKey(app), 'from b')
  expect(nip44.decrypt(fromA, nip44.getConversationKey(app, getPublicKey(a)))).toBe('from a')
  expect(nip44.decrypt(fromB, nip44.getConversationKey(app, getPublicKey(b)))).toBe('from b')
  expect(() => nip44.decrypt(fromB, nip44.getConversationKey(app, getPublicKey(a)))).toThrow()
})
