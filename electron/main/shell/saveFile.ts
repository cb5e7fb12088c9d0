// Saving a file the person asked for (a voucher sheet): the system's save dialog, then the bytes
// written readable by the owner only. Thin on purpose; what to save is decided in services.
import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BrowserWindow, Dialog, SaveDialogOptions, SaveDialogReturnValue } from 'electron'
import type { SaveFile } from '../services/vouchers'

export function createSaveFile(
  showSaveDialog: (options: SaveDialogOptions) => Promise<SaveDialogReturnValue>,
): SaveFile {
  return async ({ defaultName, bytes, filters }) => {
    const picked = await showSaveDialog({
      defaultPath: defaultName,
      filters,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    })
    if (picked.canceled || !picked.filePath) return { status: 'cancelled' }
    const file = await open(picked.filePath, 'w', 0o600)
    try {
      // An existing file chosen for overwriting keeps its old mode: made owner-only before the
      // sheet's withdraw links go in, not after.
      await file.chmod(0o600)
      await file.writeFile(bytes)
    } finally {
      await file.close()
    }
    return { status: 'saved', fileName: basename(picked.filePath) }
  }
}

/**
 * The save dialog over the app's window when there is one. `around` runs it: the popover stays
 * open meanwhile (the dialog takes its focus, and a popover hides on blur).
 */
export function saveDialogOver(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parent: () => BrowserWindow | null,
  around: (ask: () => Promise<SaveDialogReturnValue>) => Promise<SaveDialogReturnValue> = (ask) => ask(),
): (options: SaveDialogOptions) => Promise<SaveDialogReturnValue> {
  return (options) => {
    const over = parent()
    return around(() => (over ? dialog.showSaveDialog(over, options) : dialog.showSaveDialog(options)))
  }
}
