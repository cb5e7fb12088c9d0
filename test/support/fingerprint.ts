// Every file under a folder with its SHA-256, so a changed, added or removed byte anywhere shows
// (a refused backup must leave userData exactly as it was).
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export async function fingerprint(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const path = join(e.parentPath, e.name)
    out[path.slice(root.length)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex')
  }
  return out
}
