// Keychain entries kept under the names older versions gave them (an account's key under its bare
// id, a connected app's wallet key under `nwc:<id>`) move to their kind's own name at start
// (services/secrets/names.ts), before anything reads them.
import type { Logger } from '../log'
import { AccountId } from '../services/ids'
import { apiKeyName, type SecretName, type SecretStore } from '../services/secrets'
import type { SettingsStore } from '../services/settings'

export async function moveOldSecrets(p: {
  secretStore: SecretStore
  settings: Pick<SettingsStore, 'current'>
  nwc: { secretNames(): SecretName[] }
  log: Pick<Logger, 'info' | 'warn'>
}): Promise<void> {
  try {
    const accounts = p.settings.current().accounts.filter((a) => AccountId.safeParse(a.id).success)
    const names = [...accounts.map((a) => apiKeyName(a.id)), ...p.nwc.secretNames()]
    const moved = await p.secretStore.migrate(names)
    if (moved > 0) p.log.info('keychain entries moved to their kinds’ names', { moved })
  } catch (err) {
    // tried again at the next start; a read meanwhile finds the old entry and moves it
    p.log.warn('keychain entries could not be moved', { error: err })
  }
}
