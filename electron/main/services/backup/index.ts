// Encrypted backup and restore (docs/security.md, "Backups"). Export gathers the profile's
// accounts (their API keys only when asked), labels, recipients, settings, spending rules, withdraw
// links and pending invoices, seals them with the passphrase (format.ts) and hands the bytes to the
// save dialog. Restore reads the file the person picks, opens and checks ALL of it, and only then
// writes, into a profile that has no accounts yet; a bad file changes nothing and says why.
import type { BackupStatus, OpOutput } from '@shared/contract'
import { AppError } from '@shared/errors'
import { mt } from '../i18n'
import { requirePassphrase } from '../spending'
import { collect } from './collect'
import type { BackupDeps } from './deps'
import { BACKUP_MAX_BYTES, open, seal } from './format'
import { checkBackup, writeBackup } from './restore'
import { createProfileState } from './state'

export type { BackupDeps } from './deps'
export { BACKUP_MAX_BYTES, BackupFileError, DEFAULT_COST, open, seal } from './format'
export { BACKUP_KIND, BackupPayload } from './payload'
export { NUDGE_EVERY_SEC, PROFILE_FILE } from './state'

export const BACKUP_EXTENSION = 'ltbackup'
const FILTERS = [{ name: 'Lightning Tray backup', extensions: [BACKUP_EXTENSION] }]

export interface BackupService {
  load(): Promise<void>
  status(): BackupStatus
  dismissNudge(): Promise<BackupStatus>
  export(input: {
    passphrase: string
    includeKeys: boolean
    appPassphrase?: string
  }): Promise<OpOutput<'backup.export'>>
  restore(input: { passphrase: string }): Promise<OpOutput<'backup.restore'>>
}

export function createBackupService(d: BackupDeps): BackupService {
  const profile = createProfileState(d.dir)
  const nowSec = () => Math.floor(d.now() / 1000)
  const status = (): BackupStatus => ({
    due: profile.due(d.accounts.list().accounts.length > 0, nowSec()),
    lastBackupAt: profile.current().lastBackupAt,
    passphraseSet: d.passphrase.isSet(),
  })

  return {
    load: () => profile.load(),
    status,
    async dismissNudge() {
      await profile.update({ nudgeDismissedAt: nowSec() })
      return status()
    },
    async export({ passphrase, includeKeys, appPassphrase }) {
      if (!d.saveFile) throw new AppError('internal', mt('errors.noSaving'), { retryable: false })
      if (includeKeys && d.passphrase.isSet())
        await requirePassphrase(d.passphrase, appPassphrase, mt('backup.keysNeedPassphrase'))
      const payload = await collect(d, { includeKeys, profileId: profile.current().profileId, nowSec: nowSec() })
      const plain = Buffer.from(JSON.stringify(payload), 'utf8')
      let bytes: Buffer
      try {
        bytes = await seal(plain, passphrase, d.cost)
      } finally {
        plain.fill(0) // the keys in clear leave memory as soon as they are sealed
      }
      const day = new Date(d.now()).toISOString().slice(0, 10)
      const file = await d.saveFile({
        defaultName: `lightning-tray-${day}.${BACKUP_EXTENSION}`,
        bytes,
        filters: FILTERS,
      })
      if (file.status === 'saved') await profile.update({ lastBackupAt: nowSec() })
      const keys = payload.accounts.filter((a) => a.apiKey !== null).length
      // this version cannot write them (it knows neither their fields nor their keys' names): said
      return { file, accounts: payload.accounts.length, keys, leftOut: d.settings.keptAside() }
    },
    async restore({ passphrase }) {
      if (!d.openFile) throw new AppError('internal', mt('errors.noOpening'), { retryable: false })
      const picked = await d.openFile({ filters: FILTERS, maxBytes: BACKUP_MAX_BYTES })
      if (picked.status === 'cancelled') return { status: 'cancelled' }
      const backup = await checkBackup(d, {
        file: picked.status === 'opened' ? picked.bytes : null,
        open: (bytes) => open(bytes, passphrase),
        profileId: profile.current().profileId,
      })
      // From here on the file is known good, and every write is one the app makes itself.
      const { keptStricter } = await writeBackup(d, backup)
      await profile.update({ profileId: backup.profileId, lastBackupAt: backup.createdAt, nudgeDismissedAt: null })
      d.restored()
      const keys = backup.accounts.filter((a) => a.apiKey !== null).length
      return { status: 'restored', fileName: picked.fileName, accounts: backup.accounts.length, keys, keptStricter }
    },
  }
}
