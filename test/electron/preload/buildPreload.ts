// Builds the preload with the project's own electron.vite.config.ts (preload section only) into a
// temporary folder, so the test checks the real bundle without touching out/.
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfigFromFile, PreloadConfigFactory } from 'electron-vite'
import { build } from 'vite'

export async function buildPreload(): Promise<{ dir: string; files: string[] }> {
  const root = resolve(__dirname, '../../..')
  const { config } = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, root, 'silent')
  if (!config.preload) throw new Error('electron.vite.config.ts has no preload section')
  const dir = await mkdtemp(join(tmpdir(), 'lt-preload-'))
  const viteConfig = await new PreloadConfigFactory(
    config.preload,
    { configFile: false, logLevel: 'silent' },
    {},
  ).build()
  await build({
    ...viteConfig,
    root,
    configFile: false,
    logLevel: 'silent',
    build: { ...viteConfig.build, outDir: dir },
  })
  return { dir, files: await readdir(dir, { recursive: true }) }
}
