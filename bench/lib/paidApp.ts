// An app in a folder of its own for the benches that time an invoice paid from outside until the
// app says so (bench/nwcAccount.ts, bench/lnbits.ts): its events watched for "invoice paid".
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, createApp } from '../../electron/main/app/createApp'
import { createMemoryStore } from '../../electron/main/services/secrets'
import { timed, value } from './timed'

export async function paidApp(tag: string) {
  const dir = await mkdtemp(join(tmpdir(), `lt-bench-${tag}-`))
  const paidWaits = new Map<string, () => void>()
  const app: App = createApp({
    ...{ userDataDir: dir, secretStore: createMemoryStore(), appVersion: 'bench' },
    notifier: { show: () => {}, isSupported: () => false },
    emit: (name, payload) => {
      const inv = payload as { id?: string; status?: string }
      if (name === 'invoice.updated' && inv.status === 'paid' && inv.id) paidWaits.get(inv.id)?.()
    },
    logSink: () => {},
  })
  const call = <T>(name: string, input: unknown = {}) => app.router.handle(name, input).then((r) => value<T>(r))
  return {
    app,
    call,
    /**
     * ms from `settle` having paid an invoice made in `walletId` to the app's event saying it is
     * paid, `runs` times after timed()'s warm-ups; `openMs`: a wait before paying, as a person
     * shows the QR before it is paid (the invoice's own link opens meanwhile)
     */
    paidShown: (runs: number, walletId: string, settle: (paymentRequest: string) => Promise<unknown>, openMs = 0) =>
      timed(runs, async () => {
        const inv = await call<{ id: string; paymentRequest: string }>('invoices.create', {
          ...{ walletId, amountSat: 21, memo: 'paid from outside' },
        })
        const shown = new Promise<void>((r) => paidWaits.set(inv.id, r))
        if (openMs > 0) await new Promise((r) => setTimeout(r, openMs))
        await settle(inv.paymentRequest)
        const t0 = performance.now()
        await shown
        return performance.now() - t0
      }),
    async dispose() {
      await app.dispose()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
