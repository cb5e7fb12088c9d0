// Saving a file the person asked for (a voucher sheet, the history's CSV): the system's save
// dialog, then the content written readable by the owner only, piece by piece when it comes as a
// stream. Thin on purpose; what to save is decided in services.
import { open, rm } from 'node:fs/promises'
import { basename } from 'node:path'
import type { BrowserWindow, Dialog, SaveDialogOptions, SaveDialogReturnValue } from 'electron'
import { type SaveFile, writeContent } from '../services/vouchers'

export function createSaveFile(
  showSaveDialog: (options: SaveDialogOptions) => Promise<SaveDialogReturnValue>,
): SaveFile {
  return async (req) => {
    const picked = await showSaveDialog({
      defaultPath: req.defaultName,
      filters: req.filters,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    })
    if (picked.canceled || !picked.filePath) return { status: 'cancelled' }
    const file = await open(picked.filePath, 'w', 0o600)
    try {
      // An existing file chosen for overwriting keeps its old mode: made owner-only before the
      // sheet's withdraw links go in, not after.
      await file.chmod(0o600)
      // each piece awaited before the next is made: memory holds one piece, not the file
      await writeContent(
        req,
        async (chunk) => void (await (typeof chunk === 'string' ? file.write(chunk) : file.write(chunk))),
      )
    } catch (err) {
      // half a file is worse than none (a CSV cut short looks whole in a spreadsheet)
      await file.close().catch(() => {})
      await rm(picked.filePath, { force: true })
      throw err
    } finally {
      await file.close().catch(() => {})
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
