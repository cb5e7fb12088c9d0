// One IPC operation through the router (validation, client, response parsing, view mapping)
// against a raw HTTP GET of the same resource, in this Node process against the simulator.
import type { BootedApp } from '../dev/preview/boot'
import { median } from './lib/stats'

export async function measureIpc(opts: { booted: BootedApp; baseUrl: string; apiKey: string; walletId: string }) {
  const { booted, baseUrl, apiKey, walletId } = opts
  const viaRouter = async () => {
    const t0 = performance.now()
    const r = await booted.app.router.handle('wallets.get', { walletId }, { trusted: true, url: 'bench://' })
    if (!r.ok) throw new Error(`wallets.get failed: ${r.error.message}`)
    return performance.now() - t0
  }
  const raw = async () => {
    const t0 = performance.now()
    const res = await fetch(`${baseUrl}/v1/wallet/${encodeURIComponent(walletId)}`, {
      headers: { 'X-Api-Key': apiKey },
    })
    if (res.status !== 200) throw new Error(`raw GET answered ${res.status}`)
    await res.json()
    return performance.now() - t0
  }
  for (let i = 0; i < 50; i++) {
    await viaRouter()
    await raw()
  }
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < 400; i++) {
    // alternate the order so neither side always runs on a warmer machine
    if (i % 2) {
      a.push(await viaRouter())
      b.push(await raw())
    } else {
      b.push(await raw())
      a.push(await viaRouter())
    }
  }
  return { routerMs: median(a), rawMs: median(b), samples: a.length }
}
