// Used only when createApp is given no watcher factory: keeps what was created in memory and
// checks an invoice when asked. It does not poll; the real watcher (services/watcher) does.
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { InvoiceWatcher } from '../ipc/handlers'
import type { WatcherDeps } from './createApp'

export function createFallbackWatcher(deps: WatcherDeps): InvoiceWatcher {
  const invoices = new Map<string, PendingInvoice>()
  const links = new Map<string, WithdrawLinkView>()
  return {
    async track(inv) {
      invoices.set(inv.id, inv)
    },
    async trackWithdraw(link) {
      links.set(link.ott, link)
    },
    list: () => [...invoices.values()],
    listWithdraws: () => [...links.values()],
    focus() {},
    async check(id) {
      const inv = invoices.get(id)
      if (!inv) throw new AppError('not_found', 'That invoice is not being watched.')
      const l = await deps.clientFor(inv.accountId).getLnTx(id, ['settled', 'settled_at'])
      const nowSec = Math.floor(deps.now() / 1000)
      const next: PendingInvoice = l.settled
        ? { ...inv, status: 'paid', settledAt: l.settled_at ?? nowSec }
        : { ...inv, status: inv.expiresAt <= nowSec ? 'expired' : 'pending' }
      invoices.set(id, next)
      if (next.status !== inv.status) deps.emit('invoice.updated', next)
      return next
    },
    start() {},
    async stop() {},
    onResume() {},
    onOnline() {},
    onOffline() {},
  }
}
