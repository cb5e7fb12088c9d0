// The JSON file the app's earlier invoice watcher kept in userData (pending invoices and withdraw
// links). Read once, imported into the ledger's app records, then set aside so it is never read
// again; a file that does not parse is set aside too, with nothing imported.
import { readFileSync, renameSync } from 'node:fs'
import { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { z } from 'zod'

/** the file's name in userData */
export const LEGACY_WATCHER_FILE = 'watcher.json'

export const LegacyWatcherFile = z.object({
  version: z.literal(1),
  invoices: z.array(PendingInvoice),
  withdraws: z.array(
    z.object({ accountId: z.string().min(1), link: WithdrawLinkView, claimTxId: z.string().nullable() }),
  ),
})
export type LegacyWatcherFile = z.infer<typeof LegacyWatcherFile>

export interface LegacyImport {
  data: LegacyWatcherFile | null
  /** where the file was moved (imported or unreadable), or null when there was none */
  setAside: string | null
}

export function takeLegacyFile(path: string, now: () => number): LegacyImport {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { data: null, setAside: null }
    throw err
  }
  let parsed: ReturnType<typeof LegacyWatcherFile.safeParse> | null = null
  try {
    parsed = LegacyWatcherFile.safeParse(JSON.parse(text))
  } catch {}
  const ok = parsed?.success === true
  const aside = `${path}.${ok ? 'imported' : 'corrupt'}-${now()}`
  renameSync(path, aside)
  return { data: ok && parsed?.success ? parsed.data : null, setAside: aside }
}
