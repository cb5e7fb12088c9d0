// What Send (and the clipboard offer) can do with whatever a person hands it (parse.ts says what it
// is), and how to name it before anything is asked.
import { type Words, words } from '../i18n/words'
import { isPairingLink } from '../nwc/pairingLink'
import { lightningTargetOf, type ParsedInput, parsePaymentInput } from './parse'

/** The recipient Send looks up, the invoice main reads, the withdraw link to claim, or why none. */
export type PayRoute =
  | { to: 'send'; address: string }
  | { to: 'invoice'; invoice: string }
  | { to: 'claim'; lnurl: string }
  /** an app asking to be connected: its approval screen (docs/nwc.md) */
  | { to: 'pair'; link: string }
  | { problem: Words }

export function routePayInput(text: string): PayRoute {
  if (isPairingLink(text)) return { to: 'pair', link: text.trim() }
  const parsed = parsePaymentInput(text)
  const t = lightningTargetOf(parsed)
  if (t?.kind === 'lightning-address') return { to: 'send', address: t.address }
  if (t?.kind === 'bolt11' && t.amountMsat !== null) return { to: 'invoice', invoice: t.invoice }
  // a bech32 LNURL says pay or withdraw only when fetched: the lookup finds out
  if (t?.kind === 'lnurl' && (t.tag === 'pay' || t.tag === 'unknown')) return { to: 'send', address: t.lnurl }
  if (t?.kind === 'lnurl' && t.tag === 'withdraw') return { to: 'claim', lnurl: t.lnurl }
  return { problem: explain(parsed) }
}

function explain(p: ParsedInput): Words {
  const t = lightningTargetOf(p)
  switch (t?.kind) {
    case 'bolt11':
      return words('route.invoiceNoAmount')
    case 'lnurl':
      return words('route.lnurlLoginOrChannel')
  }
  return 'reason' in p ? p.reason : words('route.couldNotBeUsed')
}

/**
 * What a text from outside (a link, the clipboard, a scan) is and which host it names: shown
 * before anything is asked of anybody, in words such as "a withdraw link from sats.example".
 */
export interface LinkSummary {
  kind: 'invoice' | 'address' | 'pay' | 'withdraw' | 'lnurl'
  /** the server a look-up would reach (`URL.host`); null for an invoice */
  host: string | null
  /** e.g. "a withdraw link from sats.example" */
  words: Words
}

export function summarize(text: string): LinkSummary | null {
  const t = lightningTargetOf(parsePaymentInput(text))
  if (!t) return null
  if (t.kind === 'bolt11') return { kind: 'invoice', host: null, words: words('route.invoice') }
  if (t.kind === 'lightning-address')
    return { kind: 'address', host: t.domain, words: words('route.address', { address: t.address }) }
  const host = new URL(t.url).host
  if (t.tag === 'withdraw') return { kind: 'withdraw', host, words: words('route.withdraw', { host }) }
  if (t.tag === 'pay') return { kind: 'pay', host, words: words('route.pay', { host }) }
  return { kind: 'lnurl', host, words: words('route.lnurl', { host }) }
}
