// Invoices this app makes, and what the sync loop watches (invoices and withdraw links): each
// operation handed to its service as it is (input parsed by the router).
import type { Invoices } from '../services/invoices'
import type { SyncLoop } from '../services/sync'
import type { OpIn } from './router'

export function invoiceHandlers(invoices: Invoices, sync: SyncLoop) {
  return {
    'invoices.create': (input: OpIn<'invoices.create'>) => invoices.create(input),
    'invoices.list': async () => ({ invoices: sync.list() }),
    'invoices.check': ({ id }: OpIn<'invoices.check'>) => sync.check(id),
    'invoices.focus': async ({ id }: OpIn<'invoices.focus'>) => {
      sync.focus(id)
      return { focused: id !== null }
    },
    'withdraw.list': async () => ({ links: sync.listWithdraws() }),
    'withdraw.focus': async ({ ott }: OpIn<'withdraw.focus'>) => {
      sync.focusLink(ott)
      return {}
    },
  }
}
