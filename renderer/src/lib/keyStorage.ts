// Where an account's key is kept, in the words Settings uses: the account list, About and the
// remove confirmation all say the same thing for the same account.
import type { AccountView } from '@shared/contract'

export function keyPlace(storage: AccountView['storage']): string {
  return storage === 'memory' ? 'kept in memory for this session' : 'in the system keychain'
}

/** The remove confirmation: a key in memory is forgotten, one in the keychain is deleted there. */
export function removeQuestion(a: Pick<AccountView, 'label' | 'storage'>): string {
  return a.storage === 'memory'
    ? `Remove ${a.label} and forget its key (kept in memory for this session)?`
    : `Remove ${a.label} and delete its key from the system keychain?`
}
