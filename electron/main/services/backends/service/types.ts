// What the service client offers and what it is made from (createServiceClient.ts makes it).
import type { AuthMethod } from '@shared/contract'
import type { BalanceRead } from '../balanceRead'
import type {
  CreatedWallet,
  DecodedInvoice,
  LnTx,
  LnTxFields,
  PaginationHeaders,
  ProbeResult,
  StaticLnurlPay,
  TransferResult,
  Wallet,
  WalletTransaction,
  WithdrawLink,
} from './schemas'

/** One page of a wallet's rows, newest first. */
export interface TransactionsPage {
  items: WalletTransaction[]
  pagination: PaginationHeaders
  /**
   * The creation time (s) of the page's last row as listed, kept in `items` or not: an NWC
   * account keeps settled rows only, so a page can be listed full and hold none (sync/reads.ts).
   */
  oldestListed?: number
}

export interface ServiceClient {
  readonly baseUrl: string
  listWallets(): Promise<Wallet[]>
  getWallet(walletKey: string): Promise<Wallet>
  /** getWallet's request for the relays' worker to make (balanceRead.ts) */
  balanceRead(walletKey: string): Promise<BalanceRead>
  /** a wallet's permanent LNURL-pay link, by its `default_lnurlpay_id` */
  getStaticLink(lnurlpayId: string): Promise<StaticLnurlPay>
  /** No `num_satoshis`: an amountless invoice, the payer chooses (docs/service.md, "The legacy invoice path"). */
  createInvoice(walletKey: string, input: NewInvoice): Promise<LnTx>
  /** Without `fields` the whole lnTx; with `fields` the trimmed object the service sends. */
  getLnTx(id: string): Promise<LnTx>
  getLnTx(id: string, fields: readonly string[]): Promise<LnTxFields>
  listTransactions(walletKey: string, page: number, perPage: number): Promise<TransactionsPage>
  /** every wallet's transactions, newest first; secret key only (docs/service.md, "The account-wide feed") */
  listAccountTransactions(
    page: number,
    perPage: number,
  ): Promise<{ items: WalletTransaction[]; pagination: PaginationHeaders }>
  probe(addressOrLnurl: string): Promise<ProbeResult>
  payLightningAddress(
    walletKey: string,
    input: { ln_address: string; amt_msat: number; comment?: string; passThru?: Record<string, string> },
  ): Promise<WalletTransaction>
  /** the node's reading of a BOLT 11 request (docs/service.md, "decodeinvoice") */
  decodeInvoice(paymentRequest: string): Promise<DecodedInvoice>
  /** pays a BOLT 11 request with a routing fee cap (docs/service.md, "Paying BOLT 11 and fees") */
  payInvoice(
    walletKey: string,
    input: { payment_request: string; fee_limit_msat: number; passThru?: Record<string, string> },
  ): Promise<WalletTransaction>
  mintWithdrawLink(walletKey: string, input: { num_satoshis: number; memo?: string }): Promise<WithdrawLink>
  /** Moves sats to another wallet of the account; sent once, never retried. */
  transfer(walletKey: string, input: NewTransfer): Promise<TransferResult>
  /** Its `access_keys` are shown once by the service: the caller must not keep or log them. */
  createWallet(label: string): Promise<CreatedWallet>
}

export interface NewTransfer {
  dest_wallet_id: string
  num_satoshis: number
  memo?: string
  passThru?: Record<string, string>
}

export interface NewInvoice {
  /** absent: the payer chooses the amount */
  num_satoshis?: number
  memo: string
  /** seconds; the service's default is a day */
  expiry?: number
  /** 64 hex: the invoice commits to this hash of a description kept elsewhere (a zap request, LNURL metadata) */
  description_hash?: string
}

export interface ServiceClientOptions {
  baseUrl: string
  getApiKey: () => Promise<string> | string
  authMethod: AuthMethod
  timeoutMs?: number
  /** retries for GETs; POSTs are never retried */
  retries?: number
  fetch?: typeof fetch
  /** which invoice path works, per base URL: the app passes one map so every client learns once */
  invoiceRoutes?: Map<string, InvoiceRoute>
}

/** `legacy` = the published `/v1/user/wallet/<key>/invoice`; `current` = `/v1/wallet/<key>/invoice` (docs/service.md, "The legacy invoice path"). */
export type InvoiceRoute = 'legacy' | 'current'
