// Writes a small file so a crash mid-write leaves the old one: a temp file beside it (mode 0600,
// it is the person's own data), fsync, then rename over. Used by the app's own state files.
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'

export async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    const fh = await open(tmp, 'w', 0o600)
    try {
      await fh.writeFile(text, 'utf8')
      // The data must be on disk before the rename makes it the file.
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => {})
    throw err
  }
}
