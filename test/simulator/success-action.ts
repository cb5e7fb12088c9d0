// A lightning address's success action (LUD-09) on the simulator's pay answer. The hosted
// service's handing it back is not documented (docs/service.md, "Success actions"); the simulator
// does, so the app's reading of it can be tested over HTTP. An `aes` action given as plain text is
// sealed here with the payment's preimage (LUD-10: AES-256-CBC, key = preimage).
import { createCipheriv, randomBytes } from 'node:crypto'

export function withSuccessAction<T extends object>(
  answer: T,
  action: unknown,
  preimage: string | null,
): T & { successAction?: unknown } {
  if (action === undefined) return answer
  return { ...answer, successAction: sealed(action, preimage) }
}

function sealed(action: unknown, preimage: string | null): unknown {
  const a = action as { tag?: unknown; description?: unknown; plaintext?: unknown }
  if (a?.tag !== 'aes' || typeof a.plaintext !== 'string' || !preimage) return action
  const iv = randomBytes(16)
  const c = createCipheriv('aes-256-cbc', Buffer.from(preimage, 'hex'), iv)
  const ciphertext = Buffer.concat([c.update(a.plaintext, 'utf8'), c.final()]).toString('base64')
  return { tag: 'aes', description: a.description, ciphertext, iv: iv.toString('base64') }
}
