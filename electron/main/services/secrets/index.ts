// Where API keys live: the OS keychain through keytar, or (when there is none) memory for this
// session only. Never a plain file.
import { AppError } from '@shared/errors'
import { mt } from '../i18n'

export interface SecretStore {
  get(accountId: string): Promise<string | null>
  set(accountId: string, key: string): Promise<void>
  delete(accountId: string): Promise<void>
  available(): Promise<boolean>
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
  return {
    get: (id) => run((k) => k.getPassword(serviceName, id)),
    set: (id, key) => run((k) => k.setPassword(serviceName, id, key)),
    async delete(id) {
      await run((k) => k.deletePassword(serviceName, id))
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
    async get(id) {
      return keys.get(id) ?? null
    },
    async set(id, key) {
      keys.set(id, key)
    },
    async delete(id) {
      keys.delete(id)
    },
    async available() {
      return true
    },
  }
}
