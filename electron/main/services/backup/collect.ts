// Gathering what a backup holds from where the app keeps it. Accounts are the stored ones (in
// settings.json, keys in the keychain); an account kept in memory for the session was chosen not
// to be kept, so it is not written to a file either.
import { APP_NAME } from '@shared/contract'
import { apiKeyName } from '../secrets'
import { prefsOfAccounts } from '../settings/walletPrefs'
import type { BackupDeps } from './deps'
import { BACKUP_KIND, type BackupAccount, type BackupPayload, backupPayloadOf } from './payload'

export async function collect(
  d: Pick<BackupDeps, 'settings' | 'keychain' | 'ledger' | 'spending' | 'appVersion' | 'kinds'>,
  o: { includeKeys: boolean; profileId: string; nowSec: number },
): Promise<BackupPayload> {
  const file = d.settings.current()
  const accounts: BackupAccount[] = []
  for (const a of file.accounts) {
    // a key the keychain cannot give stops the export (keychain_unavailable): never a backup that
    // silently lacks the keys the person asked for
    const apiKey = o.includeKeys ? await d.keychain.get(apiKeyName(a.id)) : null
    const { id, label, baseUrl, authMethod, keyHint, createdAt, kind, capabilities } = a
    accounts.push({
      ...{ id, label, baseUrl, authMethod, keyHint, createdAt, apiKey },
      ...(kind ? { kind } : {}),
      ...(capabilities ? { capabilities } : {}),
    })
  }
  const ids = new Set(accounts.map((a) => a.id))
  const mine = <T extends { accountId: string }>(rows: T[]) => rows.filter((r) => ids.has(r.accountId))
  // no account, no ledger: a fresh profile's export opens (and makes) no file
  const ledger = ids.size > 0 ? d.ledger() : null
  const rules = d.spending.rules.all()
  return backupPayloadOf(d.kinds).parse({
    kind: BACKUP_KIND,
    version: 1,
    profileId: o.profileId,
    createdAt: o.nowSec,
    appVersion: `${APP_NAME} ${d.appVersion}`.slice(0, 40),
    settings: file.settings,
    accounts,
    activeId: file.activeId !== null && ids.has(file.activeId) ? file.activeId : null,
    spending: Object.fromEntries(Object.entries(rules).filter(([id]) => ids.has(id))),
    walletPrefs: prefsOfAccounts(file.walletPrefs, [...ids]),
    labels: mine(ledger?.labels() ?? []),
    recipients: mine(ledger?.recipients() ?? []),
    invoices: mine(ledger?.invoices() ?? []),
    withdrawLinks: mine(ledger?.withdrawLinks() ?? []),
    connectedApps: [],
    walletKeys: [],
  })
}
