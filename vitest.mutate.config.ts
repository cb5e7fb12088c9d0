// The tests that decide money, for `npm run mutate` (StrykerJS): the unit and simulator tests of
// payments, the journal, the sync outcomes, parsing and rates. Tests that run the app in child
// processes (crash, kill) are left out: Stryker cannot mutate code in another process.
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

export default defineConfig({
  resolve: base.resolve,
  test: {
    ...base.test,
    include: [
      'test/electron/payments/**/*.test.ts',
      'test/electron/services/ledger/**/*.test.ts',
      'test/electron/services/rates/**/*.test.ts',
      'test/electron/sync/**/*.test.ts',
      'test/electron/ipc/**/*.test.ts',
      'test/shared/**/*.test.ts',
    ],
    exclude: ['**/crash.test.ts', '**/kill.sim.test.ts', 'node_modules/**'],
  },
})
