// What Send (and the clipboard offer) can do with whatever a person hands it (parse.ts says what it is).
import { lightningTargetOf, type ParsedInput, parsePaymentInput } from './parse'

/** The recipient Send looks up, the invoice main reads, the withdraw link to claim, or why none. */
export type PayRoute =
  | { to: 'send'; address: string }
  | { to: 'invoice'; invoice: string }
  | { to: 'claim'; lnurl: string }
  | { problem: string }

export function routePayInput(text: string): PayRoute {
  const parsed = parsePaymentInput(text)
  const t = lightningTargetOf(parsed)
  if (t?.kind === 'lightning-address') return { to: 'send', address: t.address }
  if (t?.kind === 'bolt11' && t.amountMsat !== null) return { to: 'invoice', invoice: t.invoice }
  // a bech32 LNURL says pay or withdraw only when fetched: the lookup finds out
  if (t?.kind === 'lnurl' && (t.tag === 'pay' || t.tag === 'unknown')) return { to: 'send', address: t.lnurl }
  if (t?.kind === 'lnurl' && t.tag === 'withdraw') return { to: 'claim', lnurl: t.lnurl }
  return { problem: explain(parsed) }
}

function explain(p: ParsedInput): string {
  const t = lightningTargetOf(p)
  switch (t?.kind) {
    case 'bolt11':
      return 'This Lightning invoice has no amount: the payer would choose it, and the service cannot pay such invoices. Ask the payee for an invoice with an amount.'
    case 'lnurl':
      return 'This is an LNURL login or channel request. This app cannot use it.'
  }
  return 'reason' in p ? p.reason : 'This could not be used.'
}
