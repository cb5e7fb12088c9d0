// A lightning address's success action (LUD-09, LUD-10 for `aes`): what its LNURL server asks the
// wallet to show once paid. It is untrusted text from a third party, so it is checked and cleaned
// (@shared/cleanText) here and turned into a SuccessActionView, or dropped: the payment stays
// paid either way. See docs/service.md, "Success actions".
import { createDecipheriv } from 'node:crypto'
import { cleanOptional, cleanText } from '@shared/cleanText'
import type { SuccessActionView } from '@shared/contract'
import { isLoopbackHost } from '@shared/lnurl'
import { z } from 'zod'

const TEXT_MAX = 144
const URL_MAX = 2048
/** the decrypted secret of an `aes` action, in characters (LUD-10) */
const SECRET_MAX = 4096
/** the base64 text of the ciphertext, at most 4 KiB */
const CIPHERTEXT_MAX = 4096
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** https only; http just for a loopback host (the local simulator in tests). */
function isOpenableUrl(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.username || u.password || !u.hostname) return false
  return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))
}

const text = z.string().max(TEXT_MAX)

export const SuccessAction = z.discriminatedUnion('tag', [
  z.object({ tag: z.literal('message'), message: text }),
  z.object({
    tag: z.literal('url'),
    description: text,
    // a failed check drops the action (successActionView): its issue's words reach no one
    url: z.string().max(URL_MAX).refine(isOpenableUrl),
  }),
  z.object({
    tag: z.literal('aes'),
    description: text,
    ciphertext: z.string().min(1).max(CIPHERTEXT_MAX).regex(BASE64),
    iv: z.string().length(24).regex(BASE64),
  }),
])
export type SuccessAction = z.infer<typeof SuccessAction>

/**
 * The AES-256-CBC secret of an `aes` action, its key the payment preimage (32 bytes, hex). Null
 * when it cannot be read: no preimage, a wrong key (bad padding) or text that is not UTF-8.
 */
export function decryptAes(a: { ciphertext: string; iv: string }, preimageHex: string | null): string | null {
  if (!preimageHex || !/^[0-9a-f]{64}$/i.test(preimageHex)) return null
  try {
    const iv = Buffer.from(a.iv, 'base64')
    if (iv.length !== 16) return null
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(preimageHex, 'hex'), iv)
    const plain = Buffer.concat([decipher.update(Buffer.from(a.ciphertext, 'base64')), decipher.final()])
    return new TextDecoder('utf-8', { fatal: true }).decode(plain).slice(0, 4096)
  } catch {
    return null
  }
}

/** The action to show on the receipt, or undefined when there is none or it is not valid. */
export function successActionView(raw: unknown, preimageHex: string | null): SuccessActionView | undefined {
  if (raw == null) return undefined
  const parsed = SuccessAction.safeParse(raw)
  if (!parsed.success) return undefined
  const a = parsed.data
  switch (a.tag) {
    case 'message':
      return { kind: 'message', message: cleanText(a.message) }
    case 'url':
      return { kind: 'url', description: cleanText(a.description), url: a.url }
    case 'aes':
      return {
        kind: 'aes',
        description: cleanText(a.description),
        text: cleanOptional(decryptAes(a, preimageHex), SECRET_MAX),
      }
  }
}
