// profile.json in userData: this profile's id (a backup names the profile it came from), when the
// last backup was saved, and when the nudge was put off. Written only when one of them changes.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeAtomic } from '../files/writeAtomic'

export const PROFILE_FILE = 'profile.json'
/** the nudge comes back this long after a backup or a "Not now" */
export const NUDGE_EVERY_SEC = 30 * 86_400

const ProfileFile = z.object({
  version: z.literal(1),
  profileId: z.string().regex(/^prof_[0-9a-f]{24}$/),
  lastBackupAt: z.number().int().nonnegative().nullable(),
  nudgeDismissedAt: z.number().int().nonnegative().nullable(),
})
export type ProfileState = z.infer<typeof ProfileFile>

export const newProfileId = () => `prof_${randomBytes(12).toString('hex')}`

export function createProfileState(dir: string) {
  const path = join(dir, PROFILE_FILE)
  let state: ProfileState | null = null
  // the id a fresh profile will keep once something is written
  let draft: ProfileState | null = null
  const fresh = (): ProfileState => ({
    version: 1,
    profileId: newProfileId(),
    lastBackupAt: null,
    nudgeDismissedAt: null,
  })
  return {
    async load() {
      try {
        state = ProfileFile.parse(JSON.parse(await readFile(path, 'utf8')))
      } catch {
        // missing or unreadable: a new id on the next write; the nudge simply shows again
        state = null
      }
    },
    /** the state as it is, or would be on the first write */
    current(): ProfileState {
      if (state) return state
      draft ??= fresh()
      return draft
    },
    async update(patch: Partial<Omit<ProfileState, 'version'>>) {
      const next = ProfileFile.parse({ ...(state ?? draft ?? fresh()), ...patch })
      await writeAtomic(path, `${JSON.stringify(next, null, 2)}\n`)
      state = next
      return next
    },
    /** due: accounts exist and no backup was saved, nor the nudge put off, in the last 30 days */
    due(hasAccounts: boolean, nowSec: number) {
      const s = state
      const last = Math.max(s?.lastBackupAt ?? -Infinity, s?.nudgeDismissedAt ?? -Infinity)
      return hasAccounts && nowSec - last >= NUDGE_EVERY_SEC
    },
  }
}
export type ProfileStore = ReturnType<typeof createProfileState>
