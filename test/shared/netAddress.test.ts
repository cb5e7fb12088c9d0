// Which addresses count as this computer or a private network: every form a URL or a resolver
// may hand over, IPv4-mapped and NAT64 IPv6 included, and the public ones around each range.
import { describe, expect, it } from 'vitest'
import { parseIpv6, privateRangeOf, privateRangeOfHostname } from '../../shared/netAddress'

describe('privateRangeOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    // IPv4 inside IPv6: mapped (as written, and as the URL parser writes it), compatible, NAT64
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:192.168.0.10', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:10.1.2.3', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
  ])('%s is %s', (ip, range) => {
    expect(privateRangeOf(ip)).toBe(range)
  })

  it.each([
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '11.0.0.1',
    '2001:db8::1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    'fbff::1',
    'fec0::1x',
    'sats.example',
    '256.0.0.1',
    '1.2.3',
  ])('%s is not private (or not an address)', (ip) => {
    expect(privateRangeOf(ip)).toBeNull()
  })

  it('reads IPv6 in every shorthand, and refuses malformed ones', () => {
    expect(parseIpv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0])
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304])
    for (const bad of [':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', '1:2:3:4:5:6:7', '::1.2.3.256'])
      expect(parseIpv6(bad)).toBeNull()
  })
})

describe('privateRangeOfHostname', () => {
  it('knows localhost and its subdomains without asking a resolver', () => {
    expect(privateRangeOfHostname('localhost')).toBe('loopback')
    expect(privateRangeOfHostname('LOCALHOST.')).toBe('loopback')
    expect(privateRangeOfHostname('admin.localhost')).toBe('loopback')
    expect(privateRangeOfHostname('localhost.example')).toBeNull()
    expect(privateRangeOfHostname('sats.example')).toBeNull()
  })
})
