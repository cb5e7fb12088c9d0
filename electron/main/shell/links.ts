// `lightning:` links from the OS (argv on Windows/Linux, `open-url` on macOS), turned into a screen
// to show. The link is untrusted text from any web page or app: classify it, never act on it.
import type { NavigateTarget } from '@shared/contract'
import { classifyPayload } from '@shared/lnurl'

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
  // `lightning://x` is a common mistake by link makers; read it as `lightning:x`.
  const text = link.trim().replace(/^lightning:\/\//i, 'lightning:')
  const scanned = classifyPayload(text)
  switch (scanned.kind) {
    case 'lightning-address':
      return { kind: 'navigate', target: { to: 'send', address: scanned.address } }
    case 'lnurl':
      if (scanned.tag === 'withdraw')
        return {
          kind: 'notice',
          level: 'info',
          message: 'This link offers to send you money (LNURL-withdraw). This app cannot claim such links yet.',
        }
      return { kind: 'navigate', target: { to: 'send', address: scanned.lnurl } }
    case 'bolt11':
      return {
        kind: 'notice',
        level: 'info',
        message: 'This link is a Lightning invoice. This app pays lightning addresses and LNURL-pay codes only.',
      }
    case 'unknown':
      return { kind: 'notice', level: 'warning', message: `That lightning link could not be read. ${scanned.reason}` }
  }
}
