// The browser preview's stand-in for the save dialog: one folder, never overwriting, never
// leaving it, owner-only files.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFolderSaveFile } from '../../dev/preview/saveFile'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'lt-preview-save-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const req = (defaultName: string, text: string) => ({
  defaultName,
  bytes: new TextEncoder().encode(text),
  filters: [{ name: 'PDF', extensions: ['pdf'] }],
})

it('saves under the proposed name, then -2, -3… and stays inside its folder', async () => {
  const dir = join(root, 'saved')
  const paths: string[] = []
  const save = createFolderSaveFile(dir, (p) => paths.push(p))
  expect(await save(req('sheet.pdf', 'one'))).toEqual({ status: 'saved', fileName: 'sheet.pdf' })
  expect(await save(req('sheet.pdf', 'two'))).toEqual({ status: 'saved', fileName: 'sheet-2.pdf' })
  expect(await save(req('../../escape me.pdf', 'three'))).toEqual({ status: 'saved', fileName: 'escape_me.pdf' })
  expect((await readdir(dir)).sort()).toEqual(['escape_me.pdf', 'sheet-2.pdf', 'sheet.pdf'])
  expect(await readdir(root)).toEqual(['saved'])
  expect(await readFile(join(dir, 'sheet.pdf'), 'utf8')).toBe('one')
  expect(paths).toEqual(['sheet.pdf', 'sheet-2.pdf', 'escape_me.pdf'].map((n) => join(dir, n)))
  if (process.platform !== 'win32') expect((await stat(paths[0]!)).mode & 0o777).toBe(0o600)
})
