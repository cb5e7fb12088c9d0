// A lightning address's success action (LUD-09/LUD-10): each kind read, hostile ones dropped, and
// the `aes` secret decrypted with the payment preimage (and not with any other key).
import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptAes, successActionView } from '../../../electron/main/services/payments/successAction'

const preimage = 'ab'.repeat(32)

function encrypt(plain: string, keyHex: string) {
  const iv = randomBytes(16)
  const c = createCipheriv('aes-256-cbc', Buffer.from(keyHex, 'hex'), iv)
  const ciphertext = Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64')
  return { ciphertext, iv: iv.toString('base64') }
}

describe('successActionView', () => {
  it('reads a message, a url and an aes secret', () => {
    expect(successActionView({ tag: 'message', message: 'Thanks for the coffee!' }, preimage)).toEqual({
      kind: 'message',
      message: 'Thanks for the coffee!',
    })
    expect(
      successActionView({ tag: 'url', description: 'Your ticket', url: 'https://shop.example/t/1' }, preimage),
    ).toEqual({ kind: 'url', description: 'Your ticket', url: 'https://shop.example/t/1' })
    const aes = { tag: 'aes', description: 'Door code', ...encrypt('4711', preimage) }
    expect(successActionView(aes, preimage)).toEqual({ kind: 'aes', description: 'Door code', text: '4711' })
  })

  it('allows http only on loopback', () => {
    const at = (url: string) => successActionView({ tag: 'url', description: 'd', url }, preimage)
    expect(at('http://127.0.0.1:4000/x')).toMatchObject({ kind: 'url' })
    expect(at('http://shop.example/x')).toBeUndefined()
    // a host and no credentials, but neither https nor loopback http
    expect(at('ftp://shop.example/x')).toBeUndefined()
    expect(at('wss://shop.example/x')).toBeUndefined()
    // not a URL at all
    expect(at('shop.example/x')).toBeUndefined()
    expect(at('https://')).toBeUndefined()
  })

  it('drops hostile or malformed actions', () => {
    const hostile: unknown[] = [
      { tag: 'url', description: 'Click', url: 'javascript:alert(1)' },
      { tag: 'url', description: 'Click', url: 'file:///etc/passwd' },
      { tag: 'url', description: 'Click', url: 'https://pay.example@evil.example/' },
      { tag: 'url', description: 'Click', url: `https://shop.example/${'a'.repeat(2048)}` },
      { tag: 'message', message: 'x'.repeat(145) },
      { tag: 'message', message: 42 },
      { tag: 'message' },
      { tag: 'url', description: ['a'], url: 'https://shop.example/' },
      { tag: 'aes', description: 'd', ciphertext: 'A'.repeat(4100), iv: 'A'.repeat(24) },
      { tag: 'aes', description: 'd', ciphertext: 'AAAA', iv: 'short' },
      { tag: 'aes', description: 'd', ciphertext: '<script>', iv: 'A'.repeat(24) },
      { tag: 'html', message: '<b>hi</b>' },
      'message',
      42,
      [],
    ]
    for (const h of hostile) expect(successActionView(h, preimage), JSON.stringify(h).slice(0, 80)).toBeUndefined()
    expect(successActionView(null, preimage)).toBeUndefined()
    expect(successActionView(undefined, preimage)).toBeUndefined()
  })

  it('shows the description alone when the secret cannot be decrypted', () => {
    const aes = { tag: 'aes', description: 'Door code', ...encrypt('4711', 'cd'.repeat(32)) }
    expect(successActionView(aes, preimage)).toEqual({ kind: 'aes', description: 'Door code', text: null })
    expect(successActionView(aes, null)).toEqual({ kind: 'aes', description: 'Door code', text: null })
  })
})

describe('decryptAes', () => {
  it('decrypts with the preimage and refuses a bad key or iv', () => {
    const sealed = encrypt('Ünïcode secret ✓', preimage)
    expect(decryptAes(sealed, preimage)).toBe('Ünïcode secret ✓')
    expect(decryptAes(sealed, 'not hex')).toBeNull()
    expect(decryptAes({ ...sealed, iv: Buffer.alloc(12).toString('base64') }, preimage)).toBeNull()
    // the right key followed by more: Node would read the 64 hex digits and stop, so the check must refuse it
    expect(decryptAes(sealed, `${preimage}x`)).toBeNull()
    expect(decryptAes(sealed, `${preimage}ab`)).toBeNull()
    // another key: the padding does not check out (null, not undefined)
    expect(decryptAes(encrypt('4711', 'cd'.repeat(32)), preimage)).toBeNull()
  })

  it('refuses a secret that is not UTF-8 and keeps at most 4,096 characters', () => {
    const iv = randomBytes(16)
    const c = createCipheriv('aes-256-cbc', Buffer.from(preimage, 'hex'), iv)
    const bytes = Buffer.concat([c.update(Buffer.from([0x34, 0xff, 0xfe, 0x37])), c.final()])
    expect(decryptAes({ ciphertext: bytes.toString('base64'), iv: iv.toString('base64') }, preimage)).toBeNull()
    expect(decryptAes(encrypt('7'.repeat(5000), preimage), preimage)).toBe('7'.repeat(4096))
  })
})
