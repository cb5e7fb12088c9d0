// The app's main-process core in a process of its own whose clock is wrong (the test runs it under
// libfaketime: Date.now itself is off, nothing injected), against a simulator on the true time. It
// makes an invoice and has it paid, pays an invoice with an hour left, and pays one whose answer
// comes after "Check again"; then it prints what a person would have been shown.
// env: LT_DIR (userData), LT_SIM_URL, LT_SIM_KEY, LT_WALLET, LT_HOUR_INVOICE, LT_LATE_INVOICE, LT_RUN
import type { EventName, JournalView, OpOutput, PendingInvoice } from '@shared/contract'
import type { Result } from '@shared/errors'
import { APP_VERSION } from '../../../dev/preview/version'
import { createApp } from '../../../electron/main/app/createApp'
import { createMemoryStore } from '../../../electron/main/services/secrets'

const env = (name: string) => process.env[name] ?? ''
const sim = env('LT_SIM_URL')
const events: Array<{ name: EventName; payload: unknown }> = []
const notifications: string[] = []
const app = createApp({
  userDataDir: env('LT_DIR'),
  secretStore: createMemoryStore(),
  notifier: { show: (n) => void notifications.push(`${n.title}\n${n.body}`), isSupported: () => true },
  emit: (name, payload) => void events.push({ name, payload }),
  appVersion: APP_VERSION,
  logSink: () => {},
  client: { timeoutMs: 3_000 },
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until<T>(read: () => T | Promise<T>, ms = 30_000): Promise<T> {
  const end = performance.now() + ms
  for (;;) {
    const v = await read()
    if (v || performance.now() > end) return v
    await sleep(200)
  }
}
const handle = (name: string, input: unknown = {}) => app.router.handle(name, input)
async function call<T>(name: string, input: unknown = {}): Promise<T> {
  const r: Result<unknown> = await handle(name, input)
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`)
  return r.value as T
}
const simPost = (path: string, body: unknown) =>
  fetch(`${sim}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

await app.start()
await call('accounts.connect', { kind: 'service', baseUrl: sim, apiKey: env('LT_SIM_KEY') })
const walletId = env('LT_WALLET')
const run = env('LT_RUN')

// 1. a new invoice: pending, then paid and announced
const memo = `Fresh under faketime ${run}`
const inv = await call<PendingInvoice>('invoices.create', { walletId, amountSat: 1_000, memo, expirySec: 3600 })
await simPost('/_sim/settle', { id: inv.id })
const paid = await until(() =>
  events.some(
    (e) =>
      e.name === 'invoice.updated' &&
      (e.payload as PendingInvoice).id === inv.id &&
      (e.payload as PendingInvoice).status === 'paid',
  ),
)
await until(() => notifications.some((n) => n.includes(memo)), 10_000)
const invoiceStates = events
  .filter((e) => e.name === 'invoice.updated' && (e.payload as PendingInvoice).id === inv.id)
  .map((e) => (e.payload as PendingInvoice).status)

// 2. an invoice with an hour left: decoded and paid
const decoded = await handle('pay.decode', { invoice: env('LT_HOUR_INVOICE') })
const hour = await handle('pay.invoice', { walletId, invoice: env('LT_HOUR_INVOICE'), requestId: `req-hour-${run}` })

// 3. the service pays 8 s late; "Check again" meanwhile
await simPost('/_sim/faults', { path: '/withdraw', kind: 'hold', ms: 8_000, times: 1 })
const lateId = `req-late-${run}`
const late = await handle('pay.invoice', { walletId, invoice: env('LT_LATE_INVOICE'), requestId: lateId })
const early = await call<OpOutput<'payments.check'>>('payments.check')
const earlyState = early.payments.find((p) => p.requestId === lateId)?.state ?? app.journal().get(lateId)?.state
const lateFinal = await until(async () => {
  await call('payments.check')
  return app.journal().get(lateId)?.state === 'paid'
})
const lateStates = events
  .filter((e) => e.name === 'payments.updated')
  .flatMap((e) => (e.payload as { payments: JournalView[] }).payments)
  .filter((p) => p.requestId === lateId)
  .map((p) => p.state)

const accounts = await call<OpOutput<'accounts.list'>>('accounts.list')
console.log(
  JSON.stringify({
    computerNow: Date.now(),
    clockOffsetSec: accounts.accounts[0]?.clockOffsetSec ?? null,
    invoice: {
      created: inv.status,
      states: invoiceStates,
      paid,
      announced: notifications.filter((n) => n.includes(memo)).length,
    },
    hour: { decoded, paid: hour },
    late: {
      answer: late,
      earlyState,
      final: lateFinal ? 'paid' : app.journal().get(lateId)?.state,
      states: lateStates,
    },
  }),
)
await app.dispose()
