// The watcher's file in userData: invoices being watched (and recently finished ones, so a
// restart never notifies twice) and withdraw links waiting to be claimed. Loaded through a
// schema; written atomically (temp file, fsync, rename) so a crash mid-write leaves the old
// file; a file that does not parse is set aside and watching starts empty.
import { readFileSync, renameSync } from 'node:fs'
import { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { z } from 'zod'
import { writeAtomic } from '../files/writeAtomic'

/** the file's name in userData */
export const WATCHER_FILE = 'watcher.json'

export const StoredWithdraw = z.object({
  accountId: z.string().min(1),
  link: WithdrawLinkView,
  /** the wallet transaction taken as the claim, so a fallback match never takes one twice */
  claimTxId: z.string().nullable(),
})
export type StoredWithdraw = z.infer<typeof StoredWithdraw>

export const WatcherFile = z.object({
  version: z.literal(1),
  invoices: z.array(PendingInvoice),
  withdraws: z.array(StoredWithdraw),
})
export type WatcherFile = z.infer<typeof WatcherFile>

export const emptyWatcherFile = (): WatcherFile => ({ version: 1, invoices: [], withdraws: [] })

export interface LoadResult {
  data: WatcherFile
  /** where an unreadable file was moved, or null */
  setAside: string | null
}

/**
 * Synchronous on purpose: the file is small and read once at start-up, and the watcher must know
 * what was already notified before anything can poll.
 */
export function loadWatcherFile(path: string, now: () => number): LoadResult {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { data: emptyWatcherFile(), setAside: null }
    throw err
  }
  let parsed: ReturnType<typeof WatcherFile.safeParse> | null = null
  try {
    parsed = WatcherFile.safeParse(JSON.parse(text))
  } catch {}
  if (parsed?.success) return { data: parsed.data, setAside: null }
  const aside = `${path}.corrupt-${now()}`
  renameSync(path, aside)
  return { data: emptyWatcherFile(), setAside: aside }
}

export interface WatcherFileWriter {
  /**
   * Writes the state `snapshot()` returns when the write starts. Calls made while a write waits
   * to start share it, so a burst of changes costs one or two writes, and the promise a caller
   * gets resolves only after a write that includes its change.
   */
  save(snapshot: () => WatcherFile): Promise<void>
  /** resolves when every requested write has finished */
  idle(): Promise<void>
}

export function createWatcherFileWriter(path: string): WatcherFileWriter {
  let chain: Promise<void> = Promise.resolve()
  let waiting: Promise<void> | null = null
  return {
    save(snapshot) {
      if (waiting) return waiting
      const p = chain.then(async () => {
        waiting = null
        await writeAtomic(path, `${JSON.stringify(WatcherFile.parse(snapshot()))}\n`)
      })
      waiting = p
      chain = p.catch(() => {})
      return p
    },
    idle: () => chain,
  }
}
