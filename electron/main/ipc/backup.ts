// The backup's operations (docs/security.md, "Backups"): the nudge's state, export through the save
// dialog, restore through the open dialog. The work is in services/backup.
import type { BackupService } from '../services/backup'
import type { OpIn, OpOut } from './router'

export function backupHandlers(d: { backup: BackupService }) {
  return {
    'backup.status': async (): Promise<OpOut<'backup.status'>> => d.backup.status(),
    'backup.dismissNudge': (): Promise<OpOut<'backup.dismissNudge'>> => d.backup.dismissNudge(),
    'backup.export': (input: OpIn<'backup.export'>): Promise<OpOut<'backup.export'>> => d.backup.export(input),
    'backup.restore': (input: OpIn<'backup.restore'>): Promise<OpOut<'backup.restore'>> => d.backup.restore(input),
  }
}
