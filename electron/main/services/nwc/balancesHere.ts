// Which connections' get_balance the relays' worker answers alone, and how it reads their balance
// (docs/nwc.md, "Speed", "Answered on the worker"): main's checks decided ahead of time, and told
// the worker again whenever they may have changed.
import type { CallPolicy } from '../accounts'
import type { BackendClient } from '../backends'
import type { BalanceRead } from '../backends/balanceRead'
import type { Heard } from './gate'
import type { BalanceHere } from './relayJob'
import type { Connection } from './store'

export interface BalancesHereDeps {
  clientFor(accountId: string, policy: CallPolicy): BackendClient
  /** the connections kept (none while there is no file) */
  all(): Connection[]
  /** served and not revoked */
  live(c: Connection): boolean
  /** why requests are not served now (paused, or locked), or null */
  pausedBecause(): string | null
  /** false: none (every get_balance is main's) */
  enabled: boolean
  /** tells the worker `here()` again */
  tell(): void
  log?: (message: string, fields?: Record<string, unknown>) => void
}

export function createBalancesHere(d: BalancesHereDeps) {
  // how each live connection's balance is read, by connection id
  const reads = new Map<string, BalanceRead>()
  // bumped when the reads are let go: a read learnt before that may carry an old key, and is not kept
  let generation = 0
  const self = {
    /** learns (again) how `c`'s balance is read; true when that changed */
    async learn(c: Connection): Promise<boolean> {
      const before = JSON.stringify(reads.get(c.id) ?? null)
      const started = generation
      let read: BalanceRead | undefined
      if (d.enabled && d.live(c) && c.methods.includes('get_balance'))
        read = await Promise.resolve()
          .then(() => d.clientFor(c.accountId, 'retry').balanceRead?.(c.walletId))
          .catch(() => undefined)
      if (started !== generation) return false
      if (read) reads.set(c.id, read)
      else reads.delete(c.id)
      return JSON.stringify(read ?? null) !== before
    },
    forget: (id: string) => reads.delete(id),
    clear: () => reads.clear(),
    /**
     * The connections whose get_balance the worker answers alone: served, not revoked, with no
     * expiry (whose hour is main's clock's to judge), get_balance allowed, nothing paused or locked.
     */
    here(): BalanceHere[] {
      if (d.pausedBecause() !== null) return []
      return d
        .all()
        .filter((c) => d.live(c) && c.expiresAt === null && c.methods.includes('get_balance') && reads.has(c.id))
        .map((c) => ({ walletPubkey: c.walletPubkey, read: reads.get(c.id) as BalanceRead }))
    },
    /**
     * Something these depend on may have changed (the lock, an account removed or its key
     * replaced): the reads held may be stale, so the worker is told at once to answer none alone
     * (main answers them meanwhile, with what it has now), and again once they are learnt anew.
     */
    recheck() {
      reads.clear()
      generation++
      d.tell()
      void Promise.all(d.all().map((c) => self.learn(c))).then((changed) => changed.some(Boolean) && d.tell())
    },
    /**
     * What a request handed on says of the worker's answers: a read failed there, or one went out
     * while it should not. Resolves once the worker has been told what it needs: main's answer to
     * a failed read waits for it, so the app's next get_balance meets the new read (the worker
     * takes its messages in order). Nothing to wait for (undefined) unless the read failed.
     */
    heard(h: Heard): Promise<void> | undefined {
      if (h.answered && d.pausedBecause() !== null) {
        d.log?.('nwc balance answered by the relay worker while paused or locked')
        d.tell()
      }
      const c = h.unread ? d.all().find((x) => x.walletPubkey === h.walletPubkey) : undefined
      // perhaps the account's key changed since the worker was told
      return c ? self.learn(c).then((changed) => void (changed && d.tell())) : undefined
    },
  }
  return self
}
