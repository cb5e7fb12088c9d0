// What an LNbits account's client offers and is made from (client.ts makes it), in the app's
// terms (backends/types.ts).

import type { BalanceRead } from '../balanceRead'
import type {
  BackendHistoryPage,
  BackendInvoice,
  BackendInvoiceState,
  BackendPayment,
  BackendStaticLink,
  BackendTransfer,
  BackendWallet,
  BackendWithdrawLink,
  NewInvoiceInput,
  PayInvoiceParams,
} from '../types'
import type { LnbitsOffers } from './links'
import type { PushLinks } from './push'

export interface LnbitsClientOptions {
  baseUrl: string
  /** the account's secret: its wallets' keys (keys.ts) */
  secret: () => Promise<string> | string
  fetch?: typeof fetch
  timeoutMs?: number
  /** retries for reads; a payment is never sent twice */
  retries?: number
  /** the websocket links that tell the account something moved; absent: polling only */
  push?: PushLinks
}

export interface LnbitsClient {
  readonly baseUrl: string
  listWallets(): Promise<BackendWallet[]>
  getWallet(walletId: string): Promise<BackendWallet>
  /** getWallet's balance read for the relays' worker to make (balanceRead.ts) */
  balanceRead(walletId: string): Promise<BalanceRead>
  /** whether the wallet's key may pay (its admin key) */
  canPay(walletId: string): Promise<boolean>
  /** which extensions the server offers, and which of the account's wallets may pay */
  offers(): Promise<LnbitsOffers & { paying: string[] }>
  listTransactions(walletId: string, page: number, perPage: number): Promise<BackendHistoryPage>
  /** LNbits has no account-wide feed by wallet keys: refused (`forbidden`), the sync loop reads wallet by wallet */
  listAccountTransactions(page: number, perPage: number): Promise<BackendHistoryPage>
  createInvoice(walletId: string, input: NewInvoiceInput): Promise<BackendInvoice>
  /** by payment hash; without a wallet, each of the account's wallets is asked */
  getInvoice(paymentHash: string, walletId?: string): Promise<BackendInvoice>
  invoiceState(paymentHash: string, walletId?: string): Promise<BackendInvoiceState>
  payInvoice(walletId: string, p: PayInvoiceParams): Promise<BackendPayment>
  /** LNbits takes no fee limit: the reserve it keeps for paying this request, msat (no key needed) */
  feeReserveMsat(paymentRequest: string): Promise<number>
  /** an invoice of `toWalletId` paid once from `walletId` (LNbits settles it inside the server) */
  transfer(walletId: string, input: TransferInput): Promise<BackendTransfer>
  /** LNbits resolves no address for a wallet key: refused; the app does the LNURL part (services/lnurlpay) */
  probe(addressOrLnurl: string): Promise<never>
  payLightningAddress(walletId: string, input: unknown): Promise<never>
  /** a wallet's key makes no wallet in LNbits: refused */
  createWallet(name: string): Promise<never>
  getStaticLink(staticLinkId: string): Promise<BackendStaticLink>
  /** the wallet's permanent receive link, made when it has none (admin key) */
  ensureStaticLink(walletId: string): Promise<string>
  mintWithdrawLink(
    walletId: string,
    input: { amountSat: number; memo?: string; uses?: number },
  ): Promise<BackendWithdrawLink>
  close(): void
}

export interface TransferInput {
  toWalletId: string
  amountSat: number
  memo?: string
  notes: Record<string, string>
}
