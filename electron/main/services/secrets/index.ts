// Where secrets live: the OS keychain through keytar, or (when there is none) memory for this
// session only. Never a plain file. Each secret is named by its kind and id (names.ts), and only
// this service turns that into an entry name, so no caller can reach another kind's entry.
import { AppError } from '@shared/errors'
import { mt } from '../i18n'
import { entryName, legacyEntryName, type SecretName } from './names'

export { apiKeyName, entryName, nwcWalletName, type SecretKind, type SecretName } from './names'

export interface SecretStore {
  get(name: SecretName): Promise<string | null>
  set(name: SecretName, secret: string): Promise<void>
  delete(name: SecretName): Promise<void>
  available(): Promise<boolean>
  /**
   * Moves these secrets from where older versions kept them (read the old entry, write the new,
   * delete the old); answers how many moved. Called at start; a read finds an old entry too.
   */
  migrate(names: readonly SecretName[]): Promise<number>
}

/** The part of keytar this app uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** In the app's language when it is made, so a function rather than a constant. */
export const keychainUnavailableMessage = () => mt('secrets.keychainUnavailable')

const keychainUnavailable = (cause?: unknown) =>
  new AppError('keychain_unavailable', keychainUnavailableMessage(), { retryable: true, cause })

/** A keychain that does not answer at all (no Secret Service on D-Bus) must not hang the app. */
function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('keychain timed out')), ms)
    p.then(
      (v) => {
        clearTimeout(t)
        resolve(v)
      },
      (e) => {
        clearTimeout(t)
        reject(e)
      },
    )
  })
}

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike }
  return mod.default ?? mod
}

/**
 * keytar is loaded lazily: a missing or broken native module becomes `keychain_unavailable`
 * instead of a crash at start-up.
 */
export function createKeytarStore(
  serviceName: string,
  keytarModule?: KeytarLike,
  opts: { timeoutMs?: number } = {},
): SecretStore {
  const timeoutMs = opts.timeoutMs ?? 5_000
  let loaded: Promise<KeytarLike> | null = keytarModule ? Promise.resolve(keytarModule) : null
  async function run<T>(f: (k: KeytarLike) => Promise<T>): Promise<T> {
    try {
      loaded ??= loadKeytar()
      const k = await loaded
      return await withDeadline(f(k), timeoutMs)
    } catch (err) {
      throw keychainUnavailable(err)
    }
  }
  const read = (entry: string) => run((k) => k.getPassword(serviceName, entry))
  const remove = (entry: string) => run((k) => k.deletePassword(serviceName, entry))
  const write = (entry: string, secret: string) => run((k) => k.setPassword(serviceName, entry, secret))
  // names are made before any call: a name refused is a refusal, not a keychain that failed
  const entries = (name: SecretName) => ({ entry: entryName(name), old: legacyEntryName(name) })
  /** the secret under its old entry, moved to its own (null: there was none) */
  async function moveLegacy(e: { entry: string; old: string }): Promise<string | null> {
    const secret = await read(e.old)
    if (secret === null) return null
    await write(e.entry, secret)
    await remove(e.old)
    return secret
  }
  return {
    async get(name) {
      const e = entries(name)
      return (await read(e.entry)) ?? moveLegacy(e)
    },
    async set(name, secret) {
      const e = entries(name)
      await write(e.entry, secret)
      // an old copy (a key since replaced) must not outlive it under the old name
      await remove(e.old)
    },
    async delete(name) {
      const e = entries(name)
      await remove(e.entry)
      await remove(e.old)
    },
    async migrate(names) {
      let moved = 0
      for (const e of names.map(entries)) if ((await read(e.entry)) === null && (await moveLegacy(e)) !== null) moved++
      return moved
    },
    async available() {
      try {
        await run((k) => k.getPassword(serviceName, '__availability_check__'))
        return true
      } catch {
        return false
      }
    },
  }
}

/** Keys for this session only. */
export function createMemoryStore(): SecretStore {
  const keys = new Map<string, string>()
  return {
    async get(name) {
      return keys.get(entryName(name)) ?? null
    },
    async set(name, secret) {
      keys.set(entryName(name), secret)
    },
    async delete(name) {
      keys.delete(entryName(name))
    },
    async available() {
      return true
    },
    // nothing older to move: memory starts empty with each process
    migrate: async () => 0,
  }
}
