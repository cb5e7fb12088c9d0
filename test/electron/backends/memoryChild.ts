// The app's core in a process of its own with the test's in-memory backend in the registry (its
// state in the file LT_MEMORY), keys in the real keychain: connects, pays, or starts and reports,
// and stops dead (SIGKILL) at a step of a payment. The test kills it, starts it again and counts.
// env: LT_DIR, LT_SERVICE, LT_MEMORY, LT_MODE (connect | pay | again), LT_WALLET, LT_INVOICE,
// LT_REQUEST_ID, LT_KILL_AT (a PaymentStep). `again`: started again, the reconciling at start-up
// run (what the journal then says and how many payments the backend has had are reported), then
// the same payment asked once more (a click after the restart).
import { createBackends } from '../../../electron/main/services/backends'
import { keychainApp } from '../../support/keychainApp'
import { MEMORY_KIND, memoryBackend, memoryStore } from '../../support/memoryBackend'

const env = (name: string) => process.env[name] ?? ''
const app = keychainApp({
  // a kind of its own beside the shipped ones
  backends: { ...createBackends(), [MEMORY_KIND]: memoryBackend(env('LT_MEMORY')) },
  paymentStep: (step) => {
    if (step === env('LT_KILL_AT')) process.kill(process.pid, 'SIGKILL')
  },
})
await app.start()
const mode = env('LT_MODE')
let out: unknown
let atStart: unknown = null
const pay = () =>
  app.router.handle('pay.invoice', {
    walletId: env('LT_WALLET'),
    invoice: env('LT_INVOICE'),
    requestId: env('LT_REQUEST_ID'),
  })
if (mode === 'connect')
  out = await app.router.handle('accounts.connect', { kind: MEMORY_KIND, book: 'pocket', token: 'mem_0123456789ab' })
else if (mode === 'pay') out = await pay()
else {
  await app.idle()
  const payments = memoryStore(env('LT_MEMORY'))
    .read()
    .calls.filter((c) => c === 'payInvoice').length
  atStart = { entry: app.journal().get(env('LT_REQUEST_ID')), payments }
  out = await pay()
}
const entry = env('LT_REQUEST_ID') ? app.journal().get(env('LT_REQUEST_ID')) : null
console.log(JSON.stringify({ out, entry, atStart }))
await app.dispose()
