// The whole app with the real keychain (keytar, under scripts/with-keyring.sh) for the backup
// tests: a profile is a userData folder; the save dialog keeps the bytes, the open dialog hands
// back whatever file the test chose.

import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Result } from '@shared/errors'
import { type App, createApp } from '../../../electron/main/app/createApp'
import type { BackendRegistry } from '../../../electron/main/services/backends'
import { createKeytarStore, type SecretStore } from '../../../electron/main/services/secrets'
import type { PassphraseCheck } from '../../../electron/main/services/spending'
import { savedBytes } from '../../support/savedBytes'

/** a low scrypt cost: the format and its checks are the same, the tests just run quicker */
export const TEST_COST = { logN: 14, r: 8, p: 1 }

export interface Profile {
  app: App
  dir: string
  keychain: SecretStore
  /** files "saved" through the save dialog, oldest first */
  saved: Uint8Array[]
  /** what the open dialog hands back next */
  toOpen: Uint8Array | 'cancel' | 'too_big'
  call(name: string, input?: unknown): Promise<Result<unknown>>
  ok<T = Record<string, unknown>>(name: string, input?: unknown): Promise<T>
}

export const keychainName = (tag: string) => `lightning-tray-test-backup-${tag}-${process.pid}-${Date.now()}`

export async function newDir(tag: string) {
  return mkdtemp(join(tmpdir(), `lt-backup-${tag}-`))
}

export async function openProfile(o: {
  dir: string
  keychainService: string
  passphrase?: PassphraseCheck
  now?: () => number
  logSink?: (line: string) => void
  /** a registry of the test's own (kinds beyond the shipped ones) */
  backends?: BackendRegistry
  /** what the app sends the window (a notice, an update) */
  emit?: (event: string, payload: unknown) => void
}): Promise<Profile> {
  const keychain = createKeytarStore(o.keychainService)
  const saved: Uint8Array[] = []
  const p: Profile = {
    app: createApp({
      userDataDir: o.dir,
      secretStore: keychain,
      notifier: { show() {}, isSupported: () => true },
      emit: (o.emit as never) ?? (() => {}),
      appVersion: '0.0.0',
      logSink: o.logSink ?? (() => {}),
      now: o.now,
      passphrase: o.passphrase,
      backupCost: TEST_COST,
      backends: o.backends,
      saveFile: async (req) => {
        saved.push(await savedBytes(req))
        return { status: 'saved', fileName: req.defaultName }
      },
      openFile: async ({ maxBytes }) => {
        const f = p.toOpen
        if (f === 'cancel') return { status: 'cancelled' }
        if (f === 'too_big' || f.length > maxBytes) return { status: 'too_big', fileName: 'big.ltbackup' }
        return { status: 'opened', fileName: 'picked.ltbackup', bytes: f }
      },
    }),
    dir: o.dir,
    keychain,
    saved,
    toOpen: 'cancel',
    call: (name, input = {}) => p.app.router.handle(name, input),
    async ok<T>(name: string, input: unknown = {}) {
      const r = await p.app.router.handle(name, input)
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`)
      return r.value as T
    },
  }
  await p.app.start()
  return p
}
