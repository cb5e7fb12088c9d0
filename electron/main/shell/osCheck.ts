// The system's own check of the person, where Electron offers one: Touch ID on macOS. The lock
// service gets it as a plain dependency (services/lock, `OsCheck`), so it is tested without Electron.
import type { SystemPreferences } from 'electron'
import type { OsCheck } from '../services/lock'

export function createOsCheck(
  platform: string,
  prefs: Pick<SystemPreferences, 'canPromptTouchID' | 'promptTouchID'> | undefined,
): OsCheck | null {
  if (platform !== 'darwin' || !prefs) return null
  return {
    available: () => {
      try {
        return prefs.canPromptTouchID()
      } catch {
        return false
      }
    },
    // promptTouchID resolves when the person passed and rejects when they cancel or fail
    prompt: (reason) =>
      prefs.promptTouchID(reason).then(
        () => true,
        () => false,
      ),
  }
}
