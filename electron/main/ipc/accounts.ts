// Accounts: each operation handed to the accounts service (input parsed by the router). After a
// connect or a switch the balances are asked for without waiting; after a new key the sync loop
// reads the account at once, so the error state ends as soon as the key works.
import type { AccountsService } from '../services/accounts'
import type { SyncLoop } from '../services/sync'
import { walletsView } from '../services/views'
import type { Wallets } from '../services/wallets'
import type { OpIn } from './router'

export interface AccountHandlerDeps {
  accounts: Omit<AccountsService, 'client'>
  wallets: Pick<Wallets, 'refresh'>
  sync: Pick<SyncLoop, 'keyReplaced'>
}

export function accountHandlers({ accounts, wallets, sync }: AccountHandlerDeps) {
  const refreshed = <T>(account: T) => {
    wallets.refresh()
    return account
  }
  return {
    'accounts.list': async () => accounts.list(),
    'accounts.test': async (input: OpIn<'accounts.test'>) => walletsView(await accounts.test(input)),
    'accounts.connect': async (input: OpIn<'accounts.connect'>) => refreshed(await accounts.connect(input)),
    'accounts.switch': async ({ id }: OpIn<'accounts.switch'>) => refreshed(await accounts.switch(id)),
    'accounts.update': (input: OpIn<'accounts.update'>) => accounts.update(input),
    'accounts.replaceKey': async (input: OpIn<'accounts.replaceKey'>) => {
      const account = await accounts.replaceKey(input)
      sync.keyReplaced(account.id)
      return account
    },
    // main's choice of the active account is the one the renderer follows
    'accounts.remove': async ({ id }: OpIn<'accounts.remove'>) => {
      await accounts.remove(id)
      return { removed: true as const, ...accounts.list() }
    },
  }
}
