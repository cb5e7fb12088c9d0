// Claiming someone else's withdraw link: claim.read shows the offer, claim.run makes the invoice
// and hands it over (services/claim). The invoice is then watched like any other, unless the
// link's server refused it.
import type { PendingInvoice } from '@shared/contract'
import type { ClaimService } from '../services/claim'
import type { SyncLoop } from '../services/sync'
import type { OpIn, OpOut } from './router'

export interface ClaimHandlerDeps {
  claims: ClaimService
  sync: Pick<SyncLoop, 'check' | 'refuse'>
  /** makes an invoice at the service (the operation's own client, never retried) and watches it */
  createInvoice(input: { walletId: string; amountSat: number; memo: string }): Promise<PendingInvoice>
}

export function claimHandlers(d: ClaimHandlerDeps) {
  return {
    'claim.read': ({ lnurl, confirmed }: OpIn<'claim.read'>): Promise<OpOut<'claim.read'>> =>
      d.claims.read(lnurl, confirmed),
    'claim.run': ({ lnurl, walletId, amountSat, confirmed }: OpIn<'claim.run'>): Promise<OpOut<'claim.run'>> =>
      d.claims.claim(
        { lnurl, walletId, amountSat, confirmed },
        {
          createInvoice: (walletId, amountSat, memo) => d.createInvoice({ walletId, amountSat, memo }),
          check: (id) => d.sync.check(id),
          refuse: (id) => void d.sync.refuse(id),
        },
      ),
  }
}
