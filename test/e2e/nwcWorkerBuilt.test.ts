// The connected apps' relay worker as the build ships it (out/main/nwcWorker.js): it runs in plain
// Node, without the TypeScript loader the sources need, reads a request through its gate, hands it
// to main, and seals and publishes main's answer and the connection's info event.
import { generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createLinksOffThread, type ServiceLinks } from '../../electron/main/services/nwc/linksOffThread'
import { WORKERS_DIR } from '../../scripts/lib/build'
import { rawClient } from '../electron/nwc/rawClient'
import { startRelay, type TestRelay } from '../support/nostrRelay'

let relay: TestRelay
let links: ServiceLinks
const logs: string[] = []
const wallet = generateSecretKey()
const app = generateSecretKey()
beforeAll(async () => {
  relay = await startRelay()
  const served = {
    walletPubkey: getPublicKey(wallet),
    secret: wallet,
    clientPubkey: getPublicKey(app),
    relay: relay.url,
    methods: ['get_info' as const],
  }
  links = createLinksOffThread({
    wallets: () => [served],
    seen: () => [],
    // main's part, as handle.ts does it: the request answered by the worker once the worker's
    // verdict on its signature came (a NIP-44 request is handed on before it)
    onHeard: (h) =>
      void (h.signed ?? Promise.resolve(true)).then(
        (ok) =>
          ok &&
          links.answer(
            h.relay,
            h.walletPubkey,
            { pubkey: h.pubkey, id: h.id, enc: h.enc },
            {
              method: 'get_info',
              result: { heard: h.text ?? null, checked: h.signed !== undefined },
            },
          ),
      ),
    nowMs: Date.now,
    log: (message) => logs.push(message),
    workersDir: WORKERS_DIR,
  })
  await links.sync()
})
afterAll(async () => {
  links?.close()
  await relay?.close()
})

it('the built worker announces the connection, and answers what main answers', async () => {
  // sync() settles once the link is open and the info event sent; the relay takes it a moment
  // later (its own signature check, slow on a busy machine)
  await expect
    .poll(() => relay.published.filter((e) => e.kind === 13194).map((e) => e.pubkey), { timeout: 15_000 })
    .toEqual([getPublicKey(wallet)])
  const uri = `nostr+walletconnect://${getPublicKey(wallet)}?relay=${encodeURIComponent(relay.url)}&secret=${bytesToHex(app)}`
  const raw = await rawClient(uri, logs)
  try {
    const body = { method: 'get_info', params: {} }
    const [a] = await raw.send(raw.make(body))
    expect(a?.result).toEqual({ heard: JSON.stringify(body), checked: true })
  } finally {
    raw.close()
  }
  expect(logs.filter((l) => l.includes('worker'))).toEqual([])
})
