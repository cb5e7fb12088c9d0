// The shell's open (a backup to restore): the dialog's choice is read whole up to the cap, a file
// over the cap is refused after reading one byte past it (never whole), a cancelled dialog reads
// nothing; both dialogs open over the app's window, held by `around`.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow, OpenDialogOptions } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOpenFile, fileDialogs } from '../../../electron/main/shell/openFile'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-open-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const filters = [{ name: 'Lightning Tray backup', extensions: ['ltbackup'] }]

describe('createOpenFile', () => {
  it('reads the chosen file and answers its name without the folder', async () => {
    const path = join(dir, 'mine.ltbackup')
    await writeFile(path, Buffer.from('LTRAYBAK and the rest'))
    const asked: OpenDialogOptions[] = []
    const open = createOpenFile(async (o) => {
      asked.push(o)
      return { canceled: false, filePaths: [path] }
    })
    const got = await open({ filters, maxBytes: 1024 })
    expect(got).toEqual({ status: 'opened', fileName: 'mine.ltbackup', bytes: expect.any(Uint8Array) })
    if (got.status === 'opened') expect(Buffer.from(got.bytes).toString()).toBe('LTRAYBAK and the rest')
    expect(asked).toEqual([{ filters, properties: ['openFile'] }])
  })

  it('a file exactly at the cap is read; one byte over is refused', async () => {
    const path = join(dir, 'big.ltbackup')
    await writeFile(path, '')
    await truncate(path, 4096)
    const open = createOpenFile(async () => ({ canceled: false, filePaths: [path] }))
    expect((await open({ filters, maxBytes: 4096 })).status).toBe('opened')
    await truncate(path, 4097)
    expect(await open({ filters, maxBytes: 4096 })).toEqual({ status: 'too_big', fileName: 'big.ltbackup' })
    // a sparse file of a gigabyte is refused just as fast: only the cap and a byte are read
    await truncate(path, 1024 ** 3)
    expect((await open({ filters, maxBytes: 4096 })).status).toBe('too_big')
  })

  it('a cancelled dialog reads nothing', async () => {
    const open = createOpenFile(async () => ({ canceled: true, filePaths: [] }))
    expect(await open({ filters, maxBytes: 10 })).toEqual({ status: 'cancelled' })
  })
})

describe('fileDialogs', () => {
  it('opens both dialogs over the window, each inside `around`', async () => {
    const win = {} as BrowserWindow
    const calls: string[] = []
    const dialog = {
      showSaveDialog: async (...a: unknown[]) => {
        calls.push(a[0] === win ? 'save over window' : 'save alone')
        return { canceled: true }
      },
      showOpenDialog: async (...a: unknown[]) => {
        calls.push(a[0] === win ? 'open over window' : 'open alone')
        return { canceled: true, filePaths: [] }
      },
    }
    const around = async <T>(ask: () => Promise<T>) => {
      calls.push('held')
      return ask()
    }
    const d = fileDialogs(dialog as never, () => win, around)
    await d.saveFile({ defaultName: 'x.ltbackup', bytes: new Uint8Array(), filters })
    await d.openFile({ filters, maxBytes: 10 })
    expect(calls).toEqual(['held', 'save over window', 'held', 'open over window'])
  })
})
