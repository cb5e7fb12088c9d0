// Saving a file the person asked for (a voucher sheet): the system's save dialog, then the bytes
// written readable by the owner only. Thin on purpose; what to save is decided in services.
import { chmod, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { SaveDialogOptions, SaveDialogReturnValue } from 'electron'
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
    await writeFile(picked.filePath, bytes, { mode: 0o600 })
    // an existing file chosen for overwriting keeps its old mode unless set again
    await chmod(picked.filePath, 0o600)
    return { status: 'saved', fileName: basename(picked.filePath) }
  }
}
