// The app's main-process core in a process of its own (the test runs it under libfaketime, or on
// the true time), its key in the real keychain so the next run finds the account: it runs the
// operations it is given, one after the other, through the router, and prints what each answered.
// env: LT_DIR (userData), LT_SERVICE (keychain service), LT_STEPS (JSON: [op, input] pairs; the
// string "$account" in an input is the active account's id).
import type { Result } from '@shared/errors'
import { keychainApp } from '../../support/keychainApp'

const env = (name: string) => process.env[name] ?? ''
const app = keychainApp()
await app.start()
const steps = JSON.parse(env('LT_STEPS')) as Array<[string, unknown]>
const results: Array<Result<unknown>> = []
for (const [op, input] of steps) {
  const account = app.accounts.list().activeId ?? ''
  results.push(await app.router.handle(op, JSON.parse(JSON.stringify(input).replaceAll('"$account"', `"${account}"`))))
}
const accountId = app.accounts.list().activeId ?? ''
console.log(
  JSON.stringify({
    computerNow: Date.now(),
    results,
    // the service's times the ledger holds (its newest rows): null where it holds none
    ledgerNewest: accountId
      ? app
          .ledger()
          .cursors.list(accountId)
          .map((c) => c.lastSeenAt)
      : [],
  }),
)
await app.dispose()
