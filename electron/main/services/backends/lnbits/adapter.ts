// The LNbits client as today's `BackendClient` (backends/types.ts), whose calls other than its
// wallets, links and probe still answer in the hosted service's records while issue 42's item 1
// goes on. Those are not faked from LNbits' answers: they refuse in words until `BackendClient`
// takes the app's own types, when the client's calls (client.ts) plug in as they are.
// TODO(issue 42): map listHistory, createInvoice, getInvoice(State), payInvoice and transfer here
// once the seam's interface names them.
import { AppError } from '@shared/errors'
import { mt } from '../../i18n'
import type { BackendClient } from '../types'
import type { LnbitsClient } from './client'

export type LnbitsBackendClient = BackendClient & { lnbits: LnbitsClient }

const notYet = (): Promise<never> =>
  Promise.reject(new AppError('invalid_input', mt('lnbits.notYet'), { retryable: false }))

export function asBackendClient(c: LnbitsClient): LnbitsBackendClient {
  return {
    lnbits: c,
    baseUrl: c.baseUrl,
    listWallets: () => c.listWallets(),
    getWallet: (walletId) => c.getWallet(walletId),
    getStaticLink: (id) => c.getStaticLink(id),
    mintWithdrawLink: (walletId, input) => c.mintWithdrawLink(walletId, input),
    // LNbits resolves no address: the app's LNURL part wraps this client (services/lnurlpay)
    probe: notYet,
    payLightningAddress: notYet,
    decodeInvoice: notYet,
    createInvoice: notYet,
    getLnTx: notYet,
    listTransactions: notYet,
    listAccountTransactions: notYet,
    payInvoice: notYet,
    transfer: notYet,
    createWallet: notYet,
    close: () => c.close(),
  }
}
