// The clipboard offer reads the clipboard only as a window is shown and only with the setting on,
// offers a payable text once, and sends nothing for text it cannot use or that is too large.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClipboardOffer, events } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../../../electron/main/app/createApp'
import { CLIPBOARD_MAX_BYTES, createClipboardOffers, offerOf } from '../../../../electron/main/services/clipboard'
import { createMemoryStore } from '../../../../electron/main/services/secrets'
import { BOLT11_SPEC } from '../../../shared/fixtures/bolt11Spec'

function fakeClipboard(text: string) {
  const c = {
    text,
    reads: 0,
    async readText() {
      c.reads++
      return c.text
    },
  }
  return c
}

function offers(text: string, enabled = true) {
  const clipboard = fakeClipboard(text)
  const sent: ClipboardOffer[] = []
  const o = createClipboardOffers({
    clipboard,
    enabled: () => enabled,
    emit: (event, payload) => {
      expect(event).toBe('clipboard.offer')
      sent.push(events['clipboard.offer'].parse(payload))
    },
  })
  return { o, clipboard, sent }
}

describe('clipboard offer', () => {
  it('with the setting off the clipboard is never read', async () => {
    const t = offers(BOLT11_SPEC.coffee60s, false)
    await t.o.windowShown()
    await t.o.windowShown()
    expect(t.clipboard.reads).toBe(0)
    expect(t.sent).toEqual([])
  })

  it('a show reads the clipboard exactly once and offers a payable invoice, validated by the contract', async () => {
    const t = offers(`  lightning:${BOLT11_SPEC.coffee60s.toUpperCase()}\n`)
    await t.o.windowShown()
    expect(t.clipboard.reads).toBe(1)
    expect(t.sent).toEqual([{ kind: 'invoice', value: BOLT11_SPEC.coffee60s }])
  })

  it('the same text is offered once; a new text is offered again', async () => {
    const t = offers('alice@example.com')
    await t.o.windowShown()
    await t.o.windowShown()
    expect(t.clipboard.reads).toBe(2)
    // the host a look-up would reach is named before any press
    expect(t.sent).toEqual([{ kind: 'address', value: 'alice@example.com', host: 'example.com' }])
    t.clipboard.text = BOLT11_SPEC.coffee60s
    await t.o.windowShown()
    expect(t.sent.map((s) => s.kind)).toEqual(['address', 'invoice'])
  })

  it('text it cannot pay, or too large, sends nothing', async () => {
    for (const text of [
      '',
      'hello there',
      'lnbc1invoice',
      BOLT11_SPEC.donationAnyAmount,
      `${'a'.repeat(CLIPBOARD_MAX_BYTES)}@example.com`,
    ]) {
      const t = offers(text)
      await t.o.windowShown()
      expect(t.clipboard.reads).toBe(1)
      expect(t.sent).toEqual([])
    }
    // exactly at the cap is looked at; one byte over is not
    const pad = 'alice@example.com'.padStart(CLIPBOARD_MAX_BYTES, ' ')
    expect(offerOf(pad)).toEqual({ kind: 'address', value: 'alice@example.com', host: 'example.com' })
    expect(offerOf(` ${pad}`)).toBeNull()
  })

  it('a withdraw link is offered to claim', () => {
    const lnurl = encodeLnurl('https://service.example/withdraw?tag=withdrawRequest&k1=abc')
    expect(offerOf(lnurl)).toEqual({ kind: 'withdraw', value: expect.any(String), host: 'service.example' })
    expect(offerOf('lnurlw://service.example/withdraw?k1=abc')?.kind).toBe('withdraw')
  })
})

describe('createApp: the offer waits for the settings and follows the setting', () => {
  const dirs: string[] = []
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
  })

  async function app(text: string) {
    const dir = await mkdtemp(join(tmpdir(), 'lt-clip-'))
    dirs.push(dir)
    const clipboard = fakeClipboard(text)
    const sent: Array<[string, unknown]> = []
    const a = createApp({
      userDataDir: dir,
      secretStore: createMemoryStore(),
      notifier: { show: () => {}, isSupported: () => false },
      emit: (event, payload) => sent.push([event, payload]),
      appVersion: '0.0.0',
      clipboard,
    })
    return { a, clipboard, offers: () => sent.filter(([e]) => e === 'clipboard.offer').map(([, p]) => p) }
  }

  it('a show before start reads nothing until settings are loaded; turned off, nothing is read', async () => {
    const t = await app(BOLT11_SPEC.coffee60s)
    t.a.windowShown()
    await new Promise((r) => setTimeout(r, 20))
    expect(t.clipboard.reads).toBe(0)
    await t.a.start()
    await expect.poll(() => t.offers()).toEqual([{ kind: 'invoice', value: BOLT11_SPEC.coffee60s }])
    expect(t.clipboard.reads).toBe(1)
    expect((await t.a.router.handle('settings.update', { offerClipboard: false })).ok).toBe(true)
    t.clipboard.text = 'alice@example.com'
    t.a.windowShown()
    t.a.windowShown()
    await t.a.idle()
    await new Promise((r) => setTimeout(r, 20))
    expect(t.clipboard.reads).toBe(1)
    expect(t.offers()).toHaveLength(1)
    await t.a.dispose()
  })
})
