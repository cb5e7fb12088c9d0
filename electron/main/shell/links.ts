// `lightning:` links from the OS (argv on Windows/Linux, `open-url` on macOS), turned into a screen
// to show. The link is untrusted text from any web page or app: read it, never act on it.
import type { NavigateTarget } from '@shared/contract'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'

export const PROTOCOL = 'lightning'
/** Longer than any LNURL (1023) plus the prefix; anything bigger is not a link this app reads. */
const MAX_LINK = 2048

export type LinkAction =
  | { kind: 'navigate'; target: NavigateTarget }
  | { kind: 'notice'; level: 'info' | 'warning'; message: string }

/** The first `lightning:` argument of a command line (a second instance's argv, or our own). */
export function lightningLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && /^lightning:/i.test(arg) && arg.length <= MAX_LINK) return arg
  }
  return null
}

export function linkAction(link: string): LinkAction {
  if (link.length > MAX_LINK) return { kind: 'notice', level: 'warning', message: 'That lightning link is too long.' }
  const parsed = parsePaymentInput(link)
  const target = lightningTargetOf(parsed)
  switch (target?.kind) {
    case 'lightning-address':
      return { kind: 'navigate', target: { to: 'send', address: target.address } }
    case 'lnurl':
      if (target.tag === 'pay' || target.tag === 'unknown')
        return { kind: 'navigate', target: { to: 'send', address: target.lnurl } }
      if (target.tag === 'withdraw') return { kind: 'navigate', target: { to: 'claim', lnurl: target.lnurl } }
      return {
        kind: 'notice',
        level: 'info',
        message: 'This link is an LNURL login or channel request. This app cannot use such links.',
      }
    case 'bolt11':
      return {
        kind: 'notice',
        level: 'info',
        message:
          'This link is a Lightning invoice. This app cannot pay invoices yet; it pays lightning addresses and LNURL-pay codes.',
      }
  }
  if (parsed.kind === 'onchain') return { kind: 'notice', level: 'info', message: parsed.reason }
  const reason = 'reason' in parsed ? parsed.reason : ''
  return { kind: 'notice', level: 'warning', message: `That lightning link could not be read. ${reason}` }
}
