// Initial JavaScript of a built page: the entry module and the modules it preloads (what the
// browser must fetch before the first screen), gzip-compressed.
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

export const BENCH_DIR = import.meta.dirname
// outside the repository, so the linter never sees built files
export const FLOOR_OUT = join(tmpdir(), 'lightning-tray-bench-floor')

async function buildPage(page: string, outDir: string): Promise<void> {
  await build({
    root: join(BENCH_DIR, 'floor'),
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(BENCH_DIR, 'floor', page) } },
  })
}

/**
 * Builds the floor page with the same Vite (and React plugin) the renderer uses, and the QR page
 * on its own (in `qr/`), so nothing of it is shared with, or preloaded by, the floor.
 */
export async function buildFloor(): Promise<string> {
  await buildPage('index.html', FLOOR_OUT)
  await buildPage('qr.html', join(FLOOR_OUT, 'qr'))
  return FLOOR_OUT
}

/** The gzipped bytes of every script the page loads before its first screen: each script tag's (module or classic, such as the app's early.js) and each module preload's. */
export async function initialJsGzipBytes(dir: string): Promise<{ bytes: number; files: string[] }> {
  const html = await readFile(join(dir, 'index.html'), 'utf8')
  const srcs = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!)
  let bytes = 0
  for (const src of srcs) bytes += gzipSync(await readFile(join(dir, src)), { level: 9 }).length
  return { bytes, files: srcs }
}
