// `lightning:` and `bitcoin:` links from the OS (argv on Windows/Linux, `open-url` on macOS), turned
// into a screen to show. The link is untrusted text from any web page or app: read it, never act on
// it. A `bitcoin:` link is paid through its `lightning=` request; an on-chain-only one is explained.
import type { NavigateTarget } from '@shared/contract'
import { isPairingLink, MAX_PAIRING_LINK } from '@shared/nwc/pairingLink'
import { lightningTargetOf, parsePaymentInput } from '@shared/payment/parse'
import { mt, mw } from '../services/i18n'

export const PROTOCOL = 'lightning'
/**
 * every scheme the app registers for (electron-builder.yml lists the same): payments, and an app
 * asking to be connected (Nostr Wallet Auth, NIP-47's `nostrnwc://connect`: docs/nwc.md)
 */
export const PROTOCOLS = [PROTOCOL, 'bitcoin', 'nostr+walletauth', 'nostrnwc'] as const
const LINK_SCHEME = /^(lightning|bitcoin|nostr\+walletauth(\+[a-z0-9_-]+)?|nostrnwc(\+[a-z0-9_-]+)?):/i
/** Longer than any invoice a QR code holds (4,296) plus the prefix; anything bigger is not a link this app reads. */
const MAX_LINK = 4400

export type LinkAction =
  | { kind: 'navigate'; target: NavigateTarget }
  | { kind: 'notice'; level: 'info' | 'warning'; message: string }

/** The first link argument of a command line (a second instance's argv, or our own): one of PROTOCOLS. */
export function lightningLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && LINK_SCHEME.test(arg) && arg.length <= MAX_LINK) return arg
  }
  return null
}

export function linkAction(link: string): LinkAction {
  if (link.length > MAX_LINK) return { kind: 'notice', level: 'warning', message: mt('notices.linkTooLong') }
  // the approval screen reads it and asks; nothing is sent before the person's press there
  if (isPairingLink(link) && link.length <= MAX_PAIRING_LINK) return { kind: 'navigate', target: { to: 'pair', link } }
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
