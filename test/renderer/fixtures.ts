// Views as main sends them, shared by the renderer tests.
import type { AccountView, WithdrawLinkView } from '@shared/contract'

export const account = (id: string, label = id): AccountView => ({
  id,
  label,
  baseUrl: 'http://127.0.0.1:1',
  authMethod: 'header',
  keyHint: 'sak_…abcd',
  storage: 'keychain',
})

/** a waiting 5-sat link of wallet w1 */
export const withdrawLink: WithdrawLinkView = {
  walletId: 'w1',
  lnurl: 'LNURL1XYZ',
  uri: 'lightning:LNURL1XYZ',
  ott: 'ott1',
  amountSat: 5,
  memo: '',
  createdAt: 1,
  status: 'waiting',
  claimedAt: null,
  claimedMsat: null,
}
