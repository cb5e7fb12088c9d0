// The main-process bundle, built with the project's electron.vite.config.ts into a temp folder:
// whatever it imports at run time must be in the packaged app, i.e. a Node built-in, electron, or a
// production dependency (devDependencies are not packed by electron-builder).
import { readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSection } from './buildSection'

const root = resolve(__dirname, '../../..')
let dir = ''
let files: string[] = []
let code = ''

beforeAll(async () => {
  ;({ dir, files } = await buildSection('main'))
  code = await readFile(join(dir, 'index.js'), 'utf8')
}, 120_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('main bundle', () => {
  it('is built to index.js', () => {
    expect(files).toContain('index.js')
  })

  it('imports only built-ins, electron and production dependencies', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const specifiers = new Set<string>()
    for (const m of code.matchAll(/(?:^|\n)\s*import\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g))
      specifiers.add(m[1] as string)
    for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.add(m[1] as string)
    for (const m of code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) specifiers.add(m[1] as string)
    expect(specifiers).toContain('electron')
    expect(specifiers).toContain('keytar')
    const allowed = (s: string) => {
      if (s.startsWith('node:') || builtinModules.includes(s) || s === 'electron') return true
      const name = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string)
      return name in pkg.dependencies
    }
    expect([...specifiers].filter((s) => !allowed(s))).toEqual([])
  })

  it('carries no test, simulator or preview code', () => {
    expect(code).not.toMatch(/startSimulator|\/_sim\/|previewServer|bridgeScript/)
  })
})
