// The browser preview has no save dialog: files the app saves (voucher sheets) go into one
// folder, under the name the app proposes (made unique), readable by the owner only.
import { mkdir, open, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { type SaveFile, writeContent } from '../../electron/main/services/vouchers'

export function createFolderSaveFile(dir: string, onSaved?: (path: string) => void): SaveFile {
  return async (req) => {
    const { defaultName } = req
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const safe = basename(defaultName).replace(/[^\w.-]/g, '_') || 'file'
    const dot = safe.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, '']
    for (let n = 1; ; n++) {
      const fileName = n === 1 ? safe : `${stem}-${n}${ext}`
      const path = join(dir, fileName)
      let file: Awaited<ReturnType<typeof open>>
      try {
        // 'wx': never overwrite an earlier sheet
        file = await open(path, 'wx', 0o600)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST' && n < 1000) continue
        throw err
      }
      try {
        await writeContent(
          req,
          async (chunk) => void (await (typeof chunk === 'string' ? file.write(chunk) : file.write(chunk))),
        )
      } catch (err) {
        await file.close().catch(() => {})
        await rm(path, { force: true })
        throw err
      } finally {
        await file.close().catch(() => {})
      }
      onSaved?.(path)
      return { status: 'saved', fileName }
    }
  }
}
