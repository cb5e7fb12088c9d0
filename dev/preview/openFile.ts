// The browser preview has no open dialog: the file "picked" is the one a test chose with `pick`,
// else the newest file in the folder that has one of the wanted extensions (where the preview saves
// them), else none (cancelled). Read up to the cap, like the shell's.
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { OpenFile } from '../../electron/main/services/files/openFile'

export interface FolderOpenFile {
  openFile: OpenFile
  /** the next open picks this file (once) */
  pick(path: string): void
}

export function createFolderOpenFile(dir: string): FolderOpenFile {
  let next: string | null = null
  async function newest(extensions: string[]): Promise<string | null> {
    const names = await readdir(dir).catch(() => [] as string[])
    let best: { path: string; at: number } | null = null
    for (const name of names) {
      if (!extensions.some((e) => name.endsWith(`.${e}`))) continue
      const path = join(dir, name)
      const at = (await stat(path)).mtimeMs
      if (!best || at > best.at) best = { path, at }
    }
    return best?.path ?? null
  }
  return {
    pick(path) {
      next = path
    },
    openFile: async ({ filters, maxBytes }) => {
      const path = next ?? (await newest(filters.flatMap((f) => f.extensions)))
      next = null
      if (!path) return { status: 'cancelled' }
      const fileName = basename(path)
      if ((await stat(path)).size > maxBytes) return { status: 'too_big', fileName }
      return { status: 'opened', fileName, bytes: await readFile(path) }
    },
  }
}
