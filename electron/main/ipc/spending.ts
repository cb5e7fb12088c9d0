// The spending rules' operations (docs/security.md, "Spending rules"): read an account's rules and
// what it may still spend today, set them, and confirm one spend over the confirm limit with the
// app's passphrase. The rules themselves are enforced where money leaves (pay.ts, withdraw links,
// vouchers), not here.
import { AppError } from '@shared/errors'
import type { AccountsService } from '../services/accounts'
import { mt } from '../services/i18n'
import type { Spending } from '../services/spending'
import type { OpIn, OpOut } from './router'

export interface SpendingDeps {
  accounts: Pick<AccountsService, 'active' | 'list'>
  spending: Spending
}

export function spendingHandlers(d: SpendingDeps) {
  /** an account that exists: the active one when none is named */
  const accountOf = (id?: string) => {
    if (id === undefined) return d.accounts.active().id
    if (!d.accounts.list().accounts.some((a) => a.id === id)) throw new AppError('not_found', mt('accounts.gone'))
    return id
  }
  return {
    'spending.get': async ({ accountId }: OpIn<'spending.get'>): Promise<OpOut<'spending.get'>> =>
      d.spending.status(accountOf(accountId)),
    'spending.set': async (input: OpIn<'spending.set'>): Promise<OpOut<'spending.set'>> =>
      d.spending.set({ ...input, accountId: accountOf(input.accountId) }),
    'spending.confirm': async (input: OpIn<'spending.confirm'>): Promise<OpOut<'spending.confirm'>> =>
      d.spending.confirm({ ...input, accountId: accountOf(input.accountId) }),
  }
}
