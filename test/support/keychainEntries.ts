// The keychain as it is (run under scripts/with-keyring.sh): every entry of a keytar service, read
// with keytar itself rather than through the app's store, so a test sees names the app would not use.
import type { KeytarLike } from '../../electron/main/services/secrets'

type Keytar = KeytarLike & { findCredentials(service: string): Promise<Array<{ account: string; password: string }>> }

export async function keytar(): Promise<Keytar> {
  const mod = (await import('keytar')) as unknown as Keytar & { default?: Keytar }
  return mod.default ?? mod
}

/** entry name → secret, for every entry under `service` */
export async function keychainEntries(service: string): Promise<Record<string, string>> {
  const found = await (await keytar()).findCredentials(service)
  return Object.fromEntries(found.map((c) => [c.account, c.password]))
}
