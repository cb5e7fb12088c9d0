// The app's core in a process of its own with the test's in-memory backend in the registry (its
// state in the file LT_MEMORY), keys in the real keychain: connects, pays, or starts and reports,
// and stops dead (SIGKILL) at a step of a payment. The test kills it, starts it again and counts.
// env: LT_DIR, LT_SERVICE, LT_MEMORY, LT_MODE (connect | pay | start), LT_WALLET, LT_INVOICE,
// LT_REQUEST_ID, LT_KILL_AT (a PaymentStep).
import { createBackends } from '../../../electron/main/services/backends'
import { keychainApp } from '../../support/keychainApp'
import { memoryBackend } from '../../support/memoryBackend'

const env = (name: string) => process.env[name] ?? ''
const app = keychainApp({
  backends: { ...createBackends(), service: memoryBackend(env('LT_MEMORY')) },
  paymentStep: (step) => {
    if (step === env('LT_KILL_AT')) process.kill(process.pid, 'SIGKILL')
  },
})
await app.start()
const mode = env('LT_MODE')
let out: unknown
if (mode === 'connect')
  out = await app.router.handle('accounts.connect', {
    kind: 'service',
    baseUrl: 'http://127.0.0.1:9/memory',
    apiKey: 'memory-key-0001',
  })
else if (mode === 'pay')
  out = await app.router.handle('pay.invoice', {
    walletId: env('LT_WALLET'),
    invoice: env('LT_INVOICE'),
    requestId: env('LT_REQUEST_ID'),
  })
else {
  // start: the reconciling at start-up has run
  await app.idle()
  out = { unfinished: await app.router.handle('payments.unfinished', {}) }
}
const entry = env('LT_REQUEST_ID') ? app.journal().get(env('LT_REQUEST_ID')) : null
console.log(JSON.stringify({ out, entry }))
await app.dispose()
