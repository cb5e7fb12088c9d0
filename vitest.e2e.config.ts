import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@shared': resolve(__dirname, 'shared') } },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // two files at a time, as the unit tests: each waits on its own Chromium, app and simulator
    // more than it computes, and the suite must stay well inside CI's 15 minutes
    fileParallelism: true,
    maxWorkers: 2,
  },
})
