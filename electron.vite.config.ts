import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { CSP, DEV_CSP } from './electron/main/shell/csp'
import { earlyScript } from './scripts/lib/earlyScript'
import { messagesAst, noMessageParser } from './scripts/lib/messagesAst'

const alias = { '@shared': resolve(__dirname, 'shared') }

/**
 * `electron-vite dev` only: the dev server's page needs React refresh's inline preamble and the HMR
 * websocket, which the production CSP in renderer/index.html forbids. Builds keep the strict one.
 */
export function devCsp(): Plugin {
  return {
    name: 'lightning-tray:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(CSP, DEV_CSP),
  }
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // the worker threads (the ledger's CSV export and history store, the connected apps'
          // relays), started from files beside the main bundle (services/workers.ts)
          csvWorker: resolve(__dirname, 'electron/main/services/ledger/csvWorker.ts'),
          historyWorker: resolve(__dirname, 'electron/main/services/ledger/historyWorker.ts'),
          nwcWorker: resolve(__dirname, 'electron/main/services/nwc/relayWorker.ts'),
        },
        external: ['keytar'],
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: bundle everything else into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    resolve: {
      alias: [
        ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
        noMessageParser(__dirname),
      ],
    },
    plugins: [react(), devCsp(), messagesAst(), earlyScript(__dirname)],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default: 1.7× the floor page's initial JS
      // instead of 1.07× (npm run bench).
      minify: true,
      rollupOptions: {
        input: resolve(__dirname, 'renderer/index.html'),
        // Everything the entry imports statically goes into the entry chunk. Left to itself Rolldown
        // split it into seven small chunks shared with the lazy screens: eight fetches before the
        // first screen instead of one, and a little more to gzip (npm run bench: first balance).
        output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } },
      },
    },
  },
})
