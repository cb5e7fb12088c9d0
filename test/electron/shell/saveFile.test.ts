// The shell's save: the dialog's choice is written owner-only (also over an existing file), only
// the file's name goes back, and a cancelled dialog writes nothing.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SaveDialogOptions } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSaveFile, saveDialogOver } from '../../../electron/main/shell/saveFile'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-save-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const bytes = new TextEncoder().encode('%PDF-1.3 test')
const request = {
  defaultName: 'vouchers-2x5-sats-2026-11-23.pdf',
  bytes,
  filters: [{ name: 'PDF', extensions: ['pdf'] }],
}

describe('createSaveFile', () => {
  it('asks with the proposed name and PDF filter, writes 0600, answers the name without its folder', async () => {
    const asked: SaveDialogOptions[] = []
    const path = join(dir, 'sheet.pdf')
    const save = createSaveFile(async (o) => {
      asked.push(o)
      return { canceled: false, filePath: path }
    })
    expect(await save(request)).toEqual({ status: 'saved', fileName: 'sheet.pdf' })
    expect(asked).toEqual([expect.objectContaining({ defaultPath: request.defaultName, filters: request.filters })])
    expect(await readFile(path)).toEqual(Buffer.from(bytes))
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it('an existing file chosen for overwriting ends up 0600 too', async () => {
    const path = join(dir, 'old.pdf')
    await writeFile(path, 'old', { mode: 0o644 })
    await createSaveFile(async () => ({ canceled: false, filePath: path }))(request)
    expect(await readFile(path, 'utf8')).toBe('%PDF-1.3 test')
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
  })

  it('a stream is written piece by piece, each awaited; a stream that fails leaves no half file', async () => {
    const path = join(dir, 'history.csv')
    const save = createSaveFile(async () => ({ canceled: false, filePath: path }))
    const waited: number[] = []
    const pieces = ['date,amount\r\n', '1,2\r\n', '3,4\r\n']
    const req = {
      defaultName: 'transactions.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
      stream: async (write: (c: string) => Promise<void>) => {
        for (const [i, p] of pieces.entries()) {
          await write(p)
          waited.push(i) // the next piece is made only once this one is written
        }
      },
    }
    expect(await save(req)).toEqual({ status: 'saved', fileName: 'history.csv' })
    expect(await readFile(path, 'utf8')).toBe(pieces.join(''))
    expect(waited).toEqual([0, 1, 2])
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600)
    const broken = {
      ...req,
      stream: async (write: (c: string) => Promise<void>) => {
        await write('date,amount\r\n')
        throw new Error('the ledger went away')
      },
    }
    await expect(save(broken)).rejects.toThrow('the ledger went away')
    expect(await readdir(dir)).toEqual([])
  })

  it('a cancelled dialog writes nothing', async () => {
    const save = createSaveFile(async () => ({ canceled: true, filePath: '' }))
    expect(await save(request)).toEqual({ status: 'cancelled' })
    expect(await readdir(dir)).toEqual([])
  })
})

describe('saveDialogOver', () => {
  it('asks over the window when there is one, without a parent otherwise, inside `around`', async () => {
    const asked: unknown[][] = []
    const dialog = {
      showSaveDialog: async (...args: unknown[]) => {
        asked.push(args)
        return { canceled: true, filePath: '' }
      },
    } as never
    const win = { id: 1 } as never
    let parent: unknown = win
    const events: string[] = []
    const ask = saveDialogOver(
      dialog,
      () => parent as never,
      async (run) => {
        events.push('hold')
        const r = await run()
        events.push('release')
        return r
      },
    )
    await ask({ title: 'a' })
    parent = null
    await ask({ title: 'b' })
    expect(asked).toEqual([[win, { title: 'a' }], [{ title: 'b' }]])
    expect(events).toEqual(['hold', 'release', 'hold', 'release'])
  })
})
