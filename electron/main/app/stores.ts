// The app's two files: the ledger (a cache of the service plus the app's records) and the payments
// journal. Each is opened on first use (no file before the person has an account) and never blocks
// the app: a file that cannot be used is set aside and the person told (docs/ledger.md).
import type { Emit } from '@shared/contract'
import { openLedger } from '../services/ledger'
import { openJournal } from '../services/payments'
import { once } from './once'

/** the ledger's whole integrity check, this long after it opened: the start's work goes first */
export const LEDGER_CHECK_AFTER_MS = 20_000

export function openStores(o: {
  dir: string
  now: () => number
  emit: Emit
  checkAfterMs?: number
  workersDir?: string
}) {
  let hadAccounts = false
  let checkTimer: ReturnType<typeof setTimeout> | undefined
  const onNotice = ({ level, message }: { level: 'info' | 'warning' | 'error'; message: string }) =>
    o.emit('notice', { level, message })
  const ledger = once(() => {
    // accounts in the settings at start mean the app has run here before: a missing ledger was
    // deleted (one connected in this session has no ledger yet, and that is no news)
    const l = openLedger({ dir: o.dir, now: o.now, expectExisting: hadAccounts, onNotice, workersDir: o.workersDir })
    // not on the main thread, and not while the window and the first sync want the disk
    checkTimer = setTimeout(() => void l.checkIntegrity().catch(() => {}), o.checkAfterMs ?? LEDGER_CHECK_AFTER_MS)
    checkTimer.unref?.()
    return l
  })
  const journal = once(() => openJournal({ dir: o.dir, now: o.now, onNotice }))
  return {
    ledger,
    journal,
    /**
     * An answer told an account's service time: kept in the journal for the daily limit's day, if
     * the journal is open (an answer never opens it, nor writes after closing).
     */
    seen(accountId: string, sec: number) {
      try {
        journal.opened()?.noteServiceTime(accountId, sec)
      } catch {
        // one kept time fewer: the next answer, or the next spend, keeps it
      }
    },
    /** at start: whether the settings held accounts (a missing ledger is then news) */
    started(accounts: number) {
      hadAccounts = accounts > 0
    },
    close() {
      clearTimeout(checkTimer)
      ledger.opened()?.close()
      journal.opened()?.close()
      ledger.forget()
      journal.forget()
    },
  }
}
