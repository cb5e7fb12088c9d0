// Opening a file the person picks (a backup to restore): the system's open dialog, then at most
// `maxBytes` read; a larger file is not read at all. With the save dialog, both over the app's window.
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BrowserWindow, Dialog, OpenDialogOptions, OpenDialogReturnValue } from 'electron'
import type { OpenFile } from '../services/files/openFile'
import type { SaveFile } from '../services/vouchers'
import { createSaveFile, saveDialogOver } from './saveFile'

export function createOpenFile(
  showOpenDialog: (options: OpenDialogOptions) => Promise<OpenDialogReturnValue>,
): OpenFile {
  return async ({ filters, maxBytes }) => {
    const picked = await showOpenDialog({ filters, properties: ['openFile'] })
    const path = picked.filePaths[0]
    if (picked.canceled || !path) return { status: 'cancelled' }
    const fileName = basename(path)
    const file = await open(path, 'r')
    try {
      // read one byte past the cap: a file that grows while it is read is still caught
      const buf = Buffer.alloc(maxBytes + 1)
      let size = 0
      for (;;) {
        const { bytesRead } = await file.read(buf, size, buf.length - size, null)
        if (bytesRead === 0) break
        size += bytesRead
        if (size > maxBytes) return { status: 'too_big', fileName }
      }
      return { status: 'opened', fileName, bytes: buf.subarray(0, size) }
    } finally {
      await file.close()
    }
  }
}

/**
 * The save and open dialogs over the app's window when there is one; `around` runs each (the
 * popover stays open meanwhile: the dialog takes its focus, and a popover hides on blur).
 */
export function fileDialogs(
  dialog: Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>,
  parent: () => BrowserWindow | null,
  around: <T>(ask: () => Promise<T>) => Promise<T>,
): { saveFile: SaveFile; openFile: OpenFile } {
  return {
    saveFile: createSaveFile(saveDialogOver(dialog, parent, around)),
    openFile: createOpenFile((options) => {
      const over = parent()
      return around(() => (over ? dialog.showOpenDialog(over, options) : dialog.showOpenDialog(options)))
    }),
  }
}
