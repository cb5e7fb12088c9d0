// Chromium starts in the saved language, so date fields read as the person's language writes
// dates (field report: German dates shown as mm/dd/yyyy); "system", a missing or broken file
// leave it on the OS's language.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chromiumLanguage, startChromiumInSavedLanguage } from '../../../electron/main/shell/chromiumLanguage'

let dir = ''
let switches: Array<[string, string | undefined]> = []
const app = () => ({
  getPath: () => dir,
  commandLine: { appendSwitch: (name: string, value?: string) => void switches.push([name, value]) },
})
const saved = (language: unknown) =>
  writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, settings: { language } }))

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-lang-'))
  switches = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('Chromium’s language at start', () => {
  it('is the saved one: German dates in German', async () => {
    await saved('de')
    startChromiumInSavedLanguage(app())
    expect(switches).toEqual([['lang', 'de']])
  })

  it('Brazilian Portuguese by its full tag', async () => {
    await saved('pt-BR')
    startChromiumInSavedLanguage(app())
    expect(switches).toEqual([['lang', 'pt-BR']])
  })

  it('is left to the OS for "system", no file, an unknown language or a broken file', async () => {
    await saved('system')
    startChromiumInSavedLanguage(app())
    await rm(join(dir, 'settings.json'))
    startChromiumInSavedLanguage(app())
    await saved('fr; rm -rf /')
    startChromiumInSavedLanguage(app())
    await writeFile(join(dir, 'settings.json'), '{"version":1,')
    startChromiumInSavedLanguage(app())
    expect(switches).toEqual([])
    expect(chromiumLanguage('null')).toBeNull()
  })
})
