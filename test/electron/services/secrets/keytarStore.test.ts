// The real keychain: gnome-keyring on a private D-Bus (scripts/with-keyring.sh provides it).
// Without it these tests fail on purpose: a keychain test that skips proves nothing.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import {
  apiKeyName,
  createKeytarStore,
  createMemoryStore,
  type KeytarLike,
  keychainUnavailableMessage,
} from '../../../../electron/main/services/secrets'

const run = promisify(execFile)
const service = `lightning-tray-test-${process.pid}-${Date.now()}`
const key = 'sak_TestKeyFor_Keychain_7f3a9c2b'
const acc1 = apiKeyName('acc_00000000a001')
const acc2 = apiKeyName('acc_00000000a002')

describe('keytar store on the real keychain', () => {
  it('runs under a Secret Service (scripts/with-keyring.sh)', () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS, 'run the tests under scripts/with-keyring.sh').toBeTruthy()
  })

  it('is available, stores, reads back and deletes a key', async () => {
    const store = createKeytarStore(service)
    expect(await store.available()).toBe(true)
    expect(await store.get(acc1)).toBeNull()
    await store.set(acc1, key)
    await store.set(acc2, `${key}_other`)
    expect(await store.get(acc1)).toBe(key)
    expect(await store.get(acc2)).toBe(`${key}_other`)
    // A fresh store (another process start) reads the same entry: it lives in the keychain.
    expect(await createKeytarStore(service).get(acc1)).toBe(key)
    await store.delete(acc1)
    expect(await store.get(acc1)).toBeNull()
    expect(await store.get(acc2)).toBe(`${key}_other`)
    await store.delete(acc2)
    // Deleting what is not there is not an error (remove after a failed connect).
    await store.delete(acc2)
  })

  it('answers keychain_unavailable when no Secret Service answers (a child process without D-Bus)', async () => {
    const script = resolve(__dirname, 'noKeychainChild.ts')
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      cwd: resolve(__dirname, '../../../..'),
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.node.json',
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        LT_SERVICE: service,
      },
      timeout: 25_000,
    })
    const out = JSON.parse(stdout.trim().split('\n').pop() ?? '{}')
    expect(out.available).toBe(false)
    expect(out.setError).toEqual({ code: 'keychain_unavailable', message: keychainUnavailableMessage() })
    expect(out.getError?.code).toBe('keychain_unavailable')
  })
})

describe('keytar store when keytar fails', () => {
  const rejecting: KeytarLike = {
    getPassword: () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
    setPassword: () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
    deletePassword: () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown')),
  }
  const silent: KeytarLike = {
    getPassword: () => new Promise(() => {}),
    setPassword: () => new Promise(() => {}),
    deletePassword: () => new Promise(() => {}),
  }

  it('maps every rejected call to keychain_unavailable with the in-memory way out', async () => {
    const store = createKeytarStore('svc', rejecting)
    expect(await store.available()).toBe(false)
    for (const attempt of [() => store.get(acc1), () => store.set(acc1, key), () => store.delete(acc1)]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      )
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('keychain_unavailable')
      expect((err as AppError).message).toMatch(/memory for this session/)
      expect((err as AppError).message).not.toContain(key)
    }
  })

  it('gives up on a keychain that never answers', async () => {
    const store = createKeytarStore('svc', silent, { timeoutMs: 50 })
    await expect(store.get(acc1)).rejects.toMatchObject({ code: 'keychain_unavailable' })
    expect(await store.available()).toBe(false)
  })
})

describe('memory store', () => {
  it('keeps keys per account for the session only', async () => {
    const a = createMemoryStore()
    await a.set(acc1, key)
    expect(await a.get(acc1)).toBe(key)
    expect(await a.get(acc2)).toBeNull()
    expect(await createMemoryStore().get(acc1)).toBeNull()
    await a.delete(acc1)
    expect(await a.get(acc1)).toBeNull()
    expect(await a.available()).toBe(true)
  })
})
