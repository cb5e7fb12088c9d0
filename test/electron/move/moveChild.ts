// The app's main-process core in a process of its own, for the move's kill test: it connects the
// two accounts, or runs a move through the router. It reports each step of the move and of each
// payment as a JSON line as soon as the step is on disk; at the step it was told to stop at
// (LT_STOP_AT: `move:<step>` or `pay:<step>`, its first time in this run) it says so and waits, and
// the test kills it there (SIGKILL, no clean-up). Run under scripts/with-keyring.sh.
// env: LT_DIR, LT_SERVICE, LT_MODE (connect | move | plan), LT_SIM_URL, LT_SIM_KEY, LT_NWC_URI,
// LT_FROM, LT_TO, LT_TO_WALLET, LT_REQUEST_ID, LT_STOP_AT; LT_LNBITS_URL and LT_LNBITS_KEY (an
// admin key) connect an LNbits account as the target instead of the NWC one.
import { writeSync } from 'node:fs'
import { keychainApp } from '../../support/keychainApp'

const env = (name: string) => process.env[name] ?? ''
/** one line on stdout at once (a pipe is written synchronously on Linux): the test reads it before the kill */
const say = (o: unknown) => writeSync(1, `${JSON.stringify(o)}\n`)

function reached(kind: 'move' | 'pay', step: string, id: string) {
  say({ at: `${kind}:${step}`, id })
  if (`${kind}:${step}` !== env('LT_STOP_AT')) return
  say({ stop: `${kind}:${step}`, id })
  // held here, the event loop stopped, until the test's SIGKILL lands
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000)
  process.exit(3)
}

const app = keychainApp({
  moveStep: (step, walletId) => reached('move', step, walletId),
  paymentStep: (step, requestId) => reached('pay', step, requestId),
})
await app.start()
const mode = env('LT_MODE')
let out: unknown
if (mode === 'connect') {
  const service = await app.router.handle('accounts.connect', {
    kind: 'service',
    baseUrl: env('LT_SIM_URL'),
    apiKey: env('LT_SIM_KEY'),
  })
  if (env('LT_LNBITS_URL')) {
    const lnbits = await app.router.handle('accounts.connect', {
      ...{ kind: 'lnbits', baseUrl: env('LT_LNBITS_URL'), keys: [env('LT_LNBITS_KEY')] },
      ...{ label: 'LNbits', storage: 'keychain' },
    })
    out = { service, lnbits }
  } else {
    const nwc = await app.router.handle('accounts.connect', {
      kind: 'nwc',
      uri: env('LT_NWC_URI'),
      storage: 'keychain',
    })
    out = { service, nwc }
  }
} else if (mode === 'plan') out = await app.router.handle('move.plan', { fromAccountId: env('LT_FROM') })
else
  out = await app.router.handle('move.run', {
    fromAccountId: env('LT_FROM'),
    toAccountId: env('LT_TO'),
    toWalletId: env('LT_TO_WALLET'),
    requestId: env('LT_REQUEST_ID'),
  })
say({ out })
await app.dispose()
