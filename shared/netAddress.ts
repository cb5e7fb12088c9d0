// Which IP addresses are this computer or a private network, so that a link from outside cannot
// reach them without the person's word (docs/shell.md, "Links from outside"). Pure: main
// applies it to every address a name resolves to; the renderer to a host written as an address.
import { type Words, words } from './i18n/words'

/** `loopback`: this computer; `private`: a home or office network; `link-local`: the local wire. */
export type PrivateRange = 'loopback' | 'private' | 'link-local'

/** 4 octets of a dotted-decimal IPv4 address, or null. */
export function parseIpv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s)
  if (!m) return null
  const octets = m.slice(1).map(Number)
  return octets.every((o) => o <= 255) ? octets : null
}

/** 8 groups of an IPv6 address (`::` and a dotted IPv4 tail allowed; no zone), or null. */
export function parseIpv6(s: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || s.split('::').length > 2) return null
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s)
  let text = s
  const tail: number[] = []
  if (v4) {
    const o = parseIpv4(v4[1] as string)
    if (!o) return null
    tail.push(((o[0] as number) << 8) | (o[1] as number), ((o[2] as number) << 8) | (o[3] as number))
    text = `${s.slice(0, -(v4[1] as string).length)}0`
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const [head = '', rest] = text.split('::')
  const a = groups(head)
  const b = rest === undefined ? [] : groups(rest)
  if (a.concat(b).some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  const words = (tail.length ? 7 : 8) - a.length - b.length
  if (rest === undefined ? words !== 0 : words < 1) return null
  const all = [...a, ...Array(words).fill('0'), ...b].map((g) => Number.parseInt(g, 16))
  if (tail.length) all.splice(-1, 1, ...tail)
  return all.length === 8 ? all : null
}

function rangeOfV4([a, b]: number[]): PrivateRange | null {
  if (a === 127 || a === 0) return 'loopback' // 0.0.0.0 reaches this computer too
  if (a === 10 || (a === 172 && (b as number) >= 16 && (b as number) <= 31) || (a === 192 && b === 168))
    return 'private'
  if (a === 100 && (b as number) >= 64 && (b as number) <= 127) return 'private' // shared (CGNAT, VPNs)
  if (a === 169 && b === 254) return 'link-local'
  return null
}

/** The private range an IP address (v4, v6, `[v6]`) is in, or null: public, or not an address. */
export function privateRangeOf(address: string): PrivateRange | null {
  const s = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const v4 = parseIpv4(s)
  if (v4) return rangeOfV4(v4)
  const g = parseIpv6(s)
  if (!g) return null
  const [g0, , , , , g5, g6, g7] = g as [number, number, number, number, number, number, number, number]
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0)
  const embedded = [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::a.b.c.d (NAT64) carry an IPv4 address
  if (zeros(5) && g5 === 0xffff) return rangeOfV4(embedded)
  if (zeros(6) && (g6 !== 0 || g7 > 1)) return rangeOfV4(embedded)
  if (g0 === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return rangeOfV4(embedded)
  if (zeros(7) && (g7 === 1 || g7 === 0)) return 'loopback' // ::1, and :: (unspecified)
  if ((g0 & 0xfe00) === 0xfc00) return 'private' // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local' // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private' // fec0::/10, the old site-local
  return null
}

export const isIpAddress = (host: string): boolean => {
  const s = host.replace(/^\[|\]$/g, '')
  return parseIpv4(s) !== null || parseIpv6(s) !== null
}

/**
 * What the host of a URL says about itself before any look-up: an address in a private range,
 * or `localhost` (which always means this computer). A name may still resolve to a private
 * address; only main can tell, by resolving it.
 */
export function privateRangeOfHostname(hostname: string): PrivateRange | null {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback'
  return privateRangeOf(h)
}

/** The warning about a link's server on such an address: main's refusal and the Claim screen's. */
export function privateHostWords(host: string, range: PrivateRange): Words {
  return words('privateHost.isOnWhere', { host, range: range === 'loopback' ? 'loopback' : 'private' })
}
