// Making an invoice at the service (the Receive screen's, and a claim's): made once, never retried
// (its kind is `create`), its time read on the service's clock, and handed to the sync loop, which
// watches it until it is paid or expires (docs/architecture.md, "One operation, end to end").
import type { PendingInvoice } from '@shared/contract'
import type { CallPolicy } from '../accounts'
import type { BackendClient } from '../backends'
import type { ServiceTime } from '../serviceTime'
import { pendingInvoiceView } from '../views'

export interface NewInvoiceInput {
  walletId: string
  amountSat?: number
  memo: string
  expirySec?: number
}

export interface InvoicesDeps {
  activeAccountId: () => string
  clientFor: (accountId: string, policy: CallPolicy) => BackendClient
  serviceTime: Pick<ServiceTime, 'created' | 'nowSec'>
  /** hands the invoice to the sync loop (a failed save of it is a notice, not a failure) */
  watch: (inv: PendingInvoice) => Promise<void>
}

export type Invoices = ReturnType<typeof createInvoices>

export function createInvoices(d: InvoicesDeps) {
  return {
    async create({ walletId, amountSat, memo, expirySec }: NewInvoiceInput): Promise<PendingInvoice> {
      const accountId = d.activeAccountId()
      const make = () =>
        d.clientFor(accountId, 'once').createInvoice(walletId, {
          ...(amountSat !== undefined ? { amountMsat: amountSat * 1000 } : {}),
          memo,
          ...(expirySec ? { expirySec } : {}),
        })
      const made = await d.serviceTime.created(accountId, make, (l) => l.createdAt)
      const inv = pendingInvoiceView(made, { walletId, accountId, memo, nowSec: d.serviceTime.nowSec(accountId) })
      await d.watch(inv)
      return inv
    },
  }
}
