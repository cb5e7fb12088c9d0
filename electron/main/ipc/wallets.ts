// The active account's wallets, each operation handed to its service as it is (input parsed by
// the router): reads and a new wallet to services/wallets, a transfer to the payments module.
import type { Payments } from '../services/payments'
import type { Wallets } from '../services/wallets'
import type { OpIn } from './router'

export function walletHandlers(w: Wallets, p: Pick<Payments, 'moveBetweenWallets'>) {
  return {
    'wallets.list': () => w.list(),
    'wallets.get': ({ walletId }: OpIn<'wallets.get'>) => w.get(walletId),
    'wallets.staticLink': ({ walletId }: OpIn<'wallets.staticLink'>) => w.staticLink(walletId),
    'wallets.create': (input: OpIn<'wallets.create'>) => w.create(input),
    'wallets.setLocal': (input: OpIn<'wallets.setLocal'>) => w.setLocal(input),
    'wallets.transfer': (input: OpIn<'wallets.transfer'>) => p.moveBetweenWallets(input),
    'transactions.page': (input: OpIn<'transactions.page'>) => w.servicePage(input),
    'lntx.get': ({ id }: OpIn<'lntx.get'>) => w.lnTx(id),
  }
}
