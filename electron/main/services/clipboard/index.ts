// The clipboard offer (docs/architecture.md): when a window is shown, and only then, read the
// clipboard's text once; if it is something the app can pay (or claim), tell the renderer its kind
// and its normalized value. With the setting off nothing is read. The text is never logged, and
// only a hash of the last text offered is kept, in memory, so the same text is offered once.
import { createHash } from 'node:crypto'
import type { ClipboardOffer, Emit } from '@shared/contract'
import { routePayInput, summarize } from '@shared/payment/route'

/** the most text read from the clipboard that is looked at; anything larger is not an invoice */
export const CLIPBOARD_MAX_BYTES = 8 * 1024

/** the part of Electron's `clipboard` used (asynchronous in Electron 45) */
export interface ClipboardSource {
  readText(): string | Promise<string>
}

export interface ClipboardOffers {
  /** a window was shown: read the clipboard once (if the setting allows) and offer what is payable */
  windowShown(): Promise<void>
}

export function createClipboardOffers(deps: {
  clipboard: ClipboardSource
  /** the setting, read at each show */
  enabled: () => boolean
  emit: Emit
}): ClipboardOffers {
  let lastOffered: string | null = null
  return {
    async windowShown() {
      if (!deps.enabled()) return
      const text = await deps.clipboard.readText()
      const offer = offerOf(text)
      if (!offer) return
      const hash = createHash('sha256').update(text).digest('hex')
      if (hash === lastOffered) return
      lastOffered = hash
      deps.emit('clipboard.offer', offer)
    },
  }
}

/** What the text offers to pay or claim, or null (too large, or nothing the app can use). */
export function offerOf(text: string): ClipboardOffer | null {
  if (typeof text !== 'string' || text.length === 0 || Buffer.byteLength(text, 'utf8') > CLIPBOARD_MAX_BYTES)
    return null
  const route = routePayInput(text)
  if ('problem' in route) return null
  if (route.to === 'invoice') return { kind: 'invoice', value: route.invoice }
  if (route.to === 'pair') return { kind: 'pair', value: route.link }
  const value = route.to === 'claim' ? route.lnurl : route.address.trim()
  const host = summarize(value)?.host ?? undefined
  return { kind: route.to === 'claim' ? 'withdraw' : 'address', value, ...(host ? { host } : {}) }
}
