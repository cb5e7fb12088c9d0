// The tests one group of `npm run mutate` runs (scripts/mutate.mjs hands them over in MUT_TESTS):
// each money module with the tests that exercise it. Tests that run the app in child processes
// (crash, kill) are never among them: Stryker cannot mutate code in another process.
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

const tests = (process.env.MUT_TESTS ?? '').split(',').filter(Boolean)
if (tests.length === 0) throw new Error('MUT_TESTS names no test file: run `npm run mutate`, not this config alone')

export default defineConfig({
  resolve: base.resolve,
  test: { ...base.test, include: tests, exclude: ['**/crash.test.ts', '**/kill.sim.test.ts', 'node_modules/**'] },
})
