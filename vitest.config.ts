import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@shared': resolve(__dirname, 'shared') } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // the renderer's English catalog, which the page loads on demand (docs/i18n.md)
    setupFiles: ['test/renderer/i18nEnglish.ts'],
    // A limit that catches a hang, not a speed goal: the slowest tests take 15-18 s alone and more
    // when the machine is busy (speed is measured in `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two at a time on these 2-core machines (vitest's default is cores − 1, one here): the tests
    // mostly wait on the simulator, timers and child processes, so the run takes about half as long.
    maxWorkers: 2,
  },
})
