// Restoring a backup in two steps. `checkBackup` decides, reading only: the file is opened with the
// passphrase, parsed whole (every account id one the app makes), every address checked, the profile
// found fresh and the keychain ready. Only a backup that passed it reaches `writeBackup`, which
// writes keys first (taken back if a later write fails), then the ledger's records, the spending
// rules, and last the settings, whose accounts make the rest visible; of the privacy and lock
// settings, the stricter of this profile's and the backup's stays (stricter.ts).

import type { KeptSetting } from '@shared/contract'
import { apiKeyName } from '../secrets'
import type { AccountMeta } from '../settings'
import type { BackupDeps } from './deps'
import { BackupFileError } from './format'
import { type BackupPayload, backupPayloadOf, namesAnOddAccount, namesAnUnknownKind } from './payload'
import { keepStricter } from './stricter'

export async function checkBackup(
  d: Pick<BackupDeps, 'accounts' | 'keychain' | 'kinds'>,
  o: { file: Uint8Array | null; open: (bytes: Uint8Array) => Promise<Buffer>; profileId: string },
): Promise<BackupPayload> {
  if (!o.file) throw new BackupFileError('backup.refused.tooLarge')
  const backup = parse(d.kinds, await o.open(o.file))
  try {
    // each address as its kind's backend would use it (a service's: https, or http to this computer)
    for (const a of backup.accounts) d.kinds[a.kind ?? 'service']?.connect.checkAddress(a.baseUrl)
  } catch {
    throw new BackupFileError('backup.refused.badAddress')
  }
  if (d.accounts.list().accounts.length > 0)
    throw new BackupFileError(
      backup.profileId === o.profileId ? 'backup.refused.sameProfile' : 'backup.refused.otherProfile',
    )
  if (backup.accounts.some((a) => a.apiKey !== null) && !(await d.keychain.available()))
    throw new BackupFileError('backup.refused.noKeychain')
  return backup
}

/** The opened payload, checked whole; its clear bytes are wiped whatever comes of it. */
function parse(kinds: BackupDeps['kinds'], plain: Buffer): BackupPayload {
  let parsed: ReturnType<ReturnType<typeof backupPayloadOf>['safeParse']>
  try {
    parsed = backupPayloadOf(kinds).safeParse(JSON.parse(plain.toString('utf8')))
  } catch {
    throw new BackupFileError('backup.refused.unreadable')
  } finally {
    plain.fill(0)
  }
  if (parsed.success) return parsed.data
  // an account id names its key in the keychain: one the app never makes could name another secret
  if (namesAnOddAccount(parsed.error.issues)) throw new BackupFileError('backup.refused.accountId')
  // a kind with no backend here: never restored as another kind's account
  if (namesAnUnknownKind(parsed.error.issues)) throw new BackupFileError('backup.refused.unknownKind')
  throw new BackupFileError('backup.refused.neverWritten')
}

export async function writeBackup(
  d: Pick<BackupDeps, 'keychain' | 'ledger' | 'spending' | 'settings'>,
  b: BackupPayload,
): Promise<{ keptStricter: KeptSetting[] }> {
  const written: string[] = []
  try {
    for (const a of b.accounts) {
      if (a.apiKey === null) continue
      await d.keychain.set(apiKeyName(a.id), a.apiKey)
      written.push(a.id)
    }
    if (b.accounts.length > 0) {
      const ledger = d.ledger()
      for (const l of b.labels) ledger.setLabel(l.accountId, l.txId, l.label, l.updatedAt)
      for (const r of b.recipients) ledger.recordRecipient(r.accountId, r.address, r.lastUsedAt, r.useCount)
      for (const i of b.invoices) ledger.putInvoice(i)
      for (const l of b.withdrawLinks) ledger.putWithdrawLink(l)
    }
    await d.spending.rules.replace(b.spending)
    const accounts: AccountMeta[] = b.accounts.map(({ apiKey: _, ...a }) => ({ ...a, storage: 'keychain' }))
    const walletPrefs = b.walletPrefs ?? {}
    let kept: KeptSetting[] = []
    await d.settings.update((s) => {
      const { settings, kept: stricter } = keepStricter(s.settings, b.settings)
      kept = stricter
      return { ...s, settings, accounts, activeId: b.activeId, walletPrefs }
    })
    return { keptStricter: kept }
  } catch (err) {
    // the accounts never appeared: keys written for them go again
    for (const id of written) await d.keychain.delete(apiKeyName(id)).catch(() => {})
    throw err
  }
}
