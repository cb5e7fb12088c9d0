// The three ways a pairing link arrives (docs/nwc.md, "One-tap pairing"), each to the approval
// screen and nowhere else: the OS (argv on Windows/Linux, open-url on macOS: shell/links.ts), the
// clipboard offer (services/clipboard), and the pairing icon's checks (icon.ts) before any byte is
// shown.
import { describe, expect, it } from 'vitest'
import { offerOf } from '../../../electron/main/services/clipboard'
import { createIconFetch, iconType } from '../../../electron/main/services/nwc/icon'
import { lightningLinkFromArgv, linkAction, PROTOCOLS } from '../../../electron/main/shell/links'

const PK = 'b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4'
const AUTH = `nostr+walletauth://${PK}?relay=wss%3A%2F%2Frelay.example&name=Zapper`

describe('a pairing link from the OS', () => {
  it('is registered for, found in a command line, and opens the approval screen', () => {
    expect(PROTOCOLS).toEqual(expect.arrayContaining(['nostr+walletauth', 'nostrnwc']))
    expect(lightningLinkFromArgv(['/usr/bin/lightning-tray', '--no-sandbox', AUTH])).toBe(AUTH)
    expect(lightningLinkFromArgv(['app', 'nostrnwc://connect?appname=X'])).toBe('nostrnwc://connect?appname=X')
    expect(linkAction(AUTH)).toEqual({ kind: 'navigate', target: { to: 'pair', link: AUTH } })
    expect(linkAction('nostr+walletauth+lightningtray://x')).toEqual({
      kind: 'navigate',
      target: { to: 'pair', link: 'nostr+walletauth+lightningtray://x' },
    })
  })
})

describe('a pairing link on the clipboard', () => {
  it('is offered as a pairing, named as one', () => {
    expect(offerOf(`  ${AUTH}\n`)).toEqual({ kind: 'pair', value: AUTH })
  })
})

describe("a pairing app's icon", () => {
  it('is shown only as a PNG, JPEG, GIF or WebP recognised by its first bytes', () => {
    expect(iconType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(iconType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(iconType(new TextEncoder().encode('GIF89a'))).toBe('image/gif')
    expect(iconType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(iconType(new TextEncoder().encode('<svg onload="alert(1)"/>'))).toBeNull()
    expect(iconType(new TextEncoder().encode('<html>'))).toBeNull()
  })

  it('is not fetched from a private address unless that host was confirmed, nor over plain http', async () => {
    const resolve = async () => [{ address: '192.168.1.20', family: 4 }]
    const fetchIcon = createIconFetch({ resolve })
    await expect(fetchIcon('https://icons.example/i.png')).rejects.toMatchObject({ code: 'private_host' })
    await expect(fetchIcon('https://10.0.0.1/i.png')).rejects.toMatchObject({ code: 'private_host' })
    await expect(fetchIcon('http://icons.example/i.png')).rejects.toMatchObject({ code: 'invalid_input' })
  })
})
