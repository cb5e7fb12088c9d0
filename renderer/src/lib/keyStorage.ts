// Where an account's key is kept, in the words Settings uses: the account list, About and the
// remove confirmation all say the same thing for the same account.
import type { AccountView } from '@shared/contract'
import { t } from '../i18n'

export function keyPlace(storage: AccountView['storage']): string {
  return storage === 'memory' ? t('keyStorage.keptInMemoryForThis') : t('keyStorage.inTheSystemKeychain')
}

/** The remove confirmation: a key in memory is forgotten, one in the keychain is deleted there. */
export function removeQuestion(a: Pick<AccountView, 'label' | 'storage'>): string {
  return a.storage === 'memory'
    ? t('keyStorage.removeAndForgetItsKey', { label: a.label })
    : t('keyStorage.removeAndDeleteItsKey', { label: a.label })
}
