// `lightning:` and `bitcoin:` links from the OS (argv on Windows/Linux, `open-url` on macOS), turned
// into a screen to show. The link is untrusted text from any web page or app: read it, never act on
// it. A `bitcoin:` link is paid through its `lightning=` request; an on-chain-only one is explained.
import type { NavigateTarget } from '@shared/contract'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { mt, mw } from '../services/i18n'

export const PROTOCOL = 'lightning'
/** every scheme the app registers for (electron-builder.yml lists the same) */
export const PROTOCOLS = [PROTOCOL, 'bitcoin'] as const
/** Longer than any invoice a QR code holds (4,296) plus the prefix; anything bigger is not a link this app reads. */
const MAX_LINK = 4400

export type LinkAction =
  | { kind: 'navigate'; target: NavigateTarget }
  | { kind: 'notice'; level: 'info' | 'warning'; message: string }

/** The first `lightning:` or `bitcoin:` argument of a command line (a second instance's argv, or our own). */
export function lightningLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && /^(lightning|bitcoin):/i.test(arg) && arg.length <= MAX_LINK) return arg
  }
  return null
}

export function linkAction(link: string): LinkAction {
  if (link.length > MAX_LINK) return { kind: 'notice', level: 'warning', message: mt('notices.linkTooLong') }
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
        message: mt('notices.loginLink'),
      }
    case 'bolt11':
      // Send reads it (main decodes it) and explains an amountless or expired one
      return { kind: 'navigate', target: { to: 'send', address: target.invoice } }
  }
  if (parsed.kind === 'onchain') return { kind: 'notice', level: 'info', message: mw(parsed.reason) }
  const reason = 'reason' in parsed ? mw(parsed.reason) : ''
  return { kind: 'notice', level: 'warning', message: mt('notices.linkUnreadable', { reason }) }
}

/** Acts on a link: its screen (shown, nothing fetched: the person presses a button there) or a notice. */
export function openLink(
  link: string,
  to: { navigate(target: NavigateTarget): void; notice(level: 'info' | 'warning', message: string): void },
): void {
  const action = linkAction(link)
  if (action.kind === 'navigate') to.navigate(action.target)
  else to.notice(action.level, action.message)
}
