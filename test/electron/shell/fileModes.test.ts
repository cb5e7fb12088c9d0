// The files the app writes in userData are readable by their owner only (0600), whatever the
// process umask lets through and whatever mode an older file had. Checked on the real disk.
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSettingsStore, defaultFile } from '../../../electron/main/services/settings'
import { createWatcherFileWriter, emptyWatcherFile } from '../../../electron/main/services/watcher/store'

let dir = ''
let savedUmask = 0
const mode = async (path: string) => (await stat(path)).mode & 0o777

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-modes-'))
  // The usual desktop umask: a file created without an explicit mode would come out 0644.
  savedUmask = process.umask(0o022)
})
afterAll(async () => {
  process.umask(savedUmask)
  await rm(dir, { recursive: true, force: true })
})

describe('file modes in userData', () => {
  it('the umask alone would leave a new file readable by others (so the checks below can fail)', async () => {
    const probe = join(dir, 'probe')
    await writeFile(probe, 'x')
    expect(await mode(probe)).toBe(0o644)
  })

  it('settings.json is written 0600, and stays 0600 when an older 0644 file is replaced', async () => {
    const store = createSettingsStore({ dir })
    await store.save(defaultFile())
    expect(await mode(store.path)).toBe(0o600)
    await chmod(store.path, 0o644)
    expect(await mode(store.path)).toBe(0o644)
    await store.update((f) => ({ ...f, activeId: null }))
    expect(await mode(store.path)).toBe(0o600)
  })

  it('the watcher’s file is written 0600, and stays 0600 when an older 0644 file is replaced', async () => {
    const path = join(dir, 'watcher.json')
    const writer = createWatcherFileWriter(path)
    await writer.save(emptyWatcherFile)
    expect(await mode(path)).toBe(0o600)
    await chmod(path, 0o644)
    await writer.save(emptyWatcherFile)
    expect(await mode(path)).toBe(0o600)
  })
})
