// What Send can do with whatever a person hands it (shared/payment/parse.ts says what it is).
import { lightningTargetOf, type ParsedInput, parsePaymentInput } from '@shared/payment/parse'
import { formatMsat } from '@shared/units'

/** The recipient Send looks up, the withdraw link to claim, or why neither. */
export type PayRoute = { to: 'send'; address: string } | { to: 'claim'; lnurl: string } | { problem: string }

export function routePayInput(text: string): PayRoute {
  const parsed = parsePaymentInput(text)
  const t = lightningTargetOf(parsed)
  if (t?.kind === 'lightning-address') return { to: 'send', address: t.address }
  // a bech32 LNURL says pay or withdraw only when fetched: the lookup finds out
  if (t?.kind === 'lnurl' && (t.tag === 'pay' || t.tag === 'unknown')) return { to: 'send', address: t.lnurl }
  if (t?.kind === 'lnurl' && t.tag === 'withdraw') return { to: 'claim', lnurl: t.lnurl }
  return { problem: explain(parsed) }
}

function explain(p: ParsedInput): string {
  const t = lightningTargetOf(p)
  switch (t?.kind) {
    case 'bolt11': {
      const amount = t.amountMsat === null ? '' : ` for ${formatMsat(t.amountMsat)}`
      return `This is a Lightning invoice${amount}. This app cannot pay invoices yet; ask for a lightning address instead.`
    }
    case 'lnurl':
      return 'This is an LNURL login or channel request. This app cannot use it.'
  }
  return 'reason' in p ? p.reason : 'This could not be used.'
}
