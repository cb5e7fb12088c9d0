// Builds one section (main or preload) of the project's electron.vite.config.ts into a temp folder,
// so tests check the real bundles without touching out/.
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfigFromFile, MainConfigFactory, PreloadConfigFactory } from 'electron-vite'
import { build } from 'vite'

export async function buildSection(section: 'main' | 'preload'): Promise<{ dir: string; files: string[] }> {
  const root = resolve(__dirname, '../../..')
  const { config } = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, root, 'silent')
  const base = config[section]
  if (!base) throw new Error(`electron.vite.config.ts has no ${section} section`)
  const dir = await mkdtemp(join(tmpdir(), `lt-${section}-`))
  const inline = { configFile: false as const, logLevel: 'silent' as const }
  const factory =
    section === 'main' ? new MainConfigFactory(base, inline, {}) : new PreloadConfigFactory(base, inline, {})
  const viteConfig = await factory.build()
  await build({
    ...viteConfig,
    root,
    configFile: false,
    logLevel: 'silent',
    build: { ...viteConfig.build, outDir: dir },
  })
  return { dir, files: await readdir(dir, { recursive: true }) }
}
