// The main-process bundle, built with the project's electron.vite.config.ts into a temp folder:
// whatever it imports at run time must be in the packaged app, i.e. a Node built-in, electron, or a
// production dependency (devDependencies are not packed by electron-builder), or another file of
// the bundle (a chunk shared by the main entry and the CSV worker's).
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSection } from './buildSection'

const root = resolve(__dirname, '../../..')
let dir = ''
let files: string[] = []
/** every JavaScript file of the bundle, by its path in it */
const sources = new Map<string, string>()

beforeAll(async () => {
  ;({ dir, files } = await buildSection('main'))
  for (const f of files.filter((f) => f.endsWith('.js'))) sources.set(f, await readFile(join(dir, f), 'utf8'))
}, 120_000)
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('main bundle', () => {
  it('is built to index.js, with the worker threads beside it', () => {
    expect(files).toContain('index.js')
    expect(files).toContain('csvWorker.js')
    expect(files).toContain('historyWorker.js')
    expect(files).toContain('nwcWorker.js')
  })

  it('imports only built-ins, electron and production dependencies', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const specifiers = new Set<string>()
    for (const [file, text] of sources) {
      const found: string[] = []
      for (const m of text.matchAll(/(?:^|\n)\s*import\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g))
        found.push(m[1] as string)
      for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] as string)
      for (const m of text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] as string)
      // a file of the bundle itself must be there; anything else is checked below
      for (const s of found)
        if (s.startsWith('.')) expect(existsSync(join(dir, dirname(file), s)), `${file} imports ${s}`).toBe(true)
        else specifiers.add(s)
    }
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
    expect(sources.has('index.js')).toBe(true)
    for (const text of sources.values()) expect(text).not.toMatch(/startSimulator|\/_sim\/|previewServer|bridgeScript/)
  })
})
