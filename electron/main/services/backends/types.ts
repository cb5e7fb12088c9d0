// What every backend answers in the app's own terms (issue 42, item 1). Each backend translates
// its wire records into these at its own edge, so the rest of the app reads no backend's format.
import type { LedgerTxInput } from '../ledger/rows'
import type { BalanceRead } from './balanceRead'

/** One wallet of an account, as the app needs it. */
export interface BackendWallet {
  id: string
  /** the backend's own name for it; null when it gives none (the app shows the id then) */
  name: string | null
  balanceMsat: number
  /** when it was made (Unix seconds), where the backend says */
  createdAt?: number
  /** the id of its permanent receive link (the QR that never changes), where it has one */
  staticLinkId?: string
}

/** A recipient's LNURL-pay parameters, in LUD-06's words (amounts in msat). */
export interface PayParams {
  minSendable: number
  maxSendable: number
  /** LUD-06 metadata entries: [mime type, content] */
  metadata: Array<[string, string]>
  commentAllowed: number
}

/** A withdraw link just made: its LNURL and the one-time token its claim is known by. */
export interface BackendWithdrawLink {
  lnurl: string
  ott: string
}

/** A wallet's permanent receive link (an LNURL-pay), its limits in msat. */
export interface BackendStaticLink {
  lnurl: string
  minSendableMsat: number
  maxSendableMsat: number
  /** the payer's wallet shows it; null when the backend gives none */
  description: string | null
}

/**
 * A history row: the ledger's own input shape (ledger/rows.ts), made by the backend at its edge,
 * with two readings the sync loop matches on that the ledger does not keep. `ledgerRow` drops them.
 */
export type BackendTx = LedgerTxInput & {
  /** when the invoice it pays was settled (s), where the backend says and it is not `createdAt` */
  settledAt?: number
  /** the one-time token of the withdraw link it claims, where the backend echoes it */
  withdrawToken?: string
}

/** the row as the ledger takes it (its input is strict: no other keys) */
export function ledgerRow({ settledAt: _s, withdrawToken: _w, ...row }: BackendTx): LedgerTxInput {
  return row
}

/** One page of a wallet's (or the account's) history, newest first. Pages count from 1. */
export interface BackendHistoryPage {
  rows: BackendTx[]
  page: number
  perPage: number
  /** how many pages and rows the backend says there are (a page past the end is empty) */
  pageCount: number
  totalCount: number
  /**
   * The creation time (s) of the page's last row as listed, kept in `rows` or not: a backend that
   * keeps settled rows only can list a full page and hold none (sync/reads.ts).
   */
  oldestListed?: number
}

/** An invoice the app made, or read back, in the app's terms. */
export interface BackendInvoice {
  /** the backend's id to read it again by (the service's lnTx id, LNbits' payment hash) */
  id: string
  paymentRequest: string
  paymentHash: string
  /** null: amountless, the payer chooses */
  amountMsat: number | null
  memo: string | null
  createdAt: number
  /** Unix seconds on the backend's clock; null when neither the backend nor the request says */
  expiresAt: number | null
  settled: boolean
  settledAt: number | null
  /** proof of payment, once settled */
  preimage: string | null
  /** the routing fee, for an invoice this wallet paid, where the backend says */
  feeMsat?: number | null
}

/** What a read of an invoice's state gives (cheap where the backend can trim its answer). */
export interface BackendInvoiceState {
  settled: boolean
  settledAt: number | null
  /** what was received, when the backend says (an amountless invoice's amount is the payer's) */
  amountMsat: number | null
}

export interface NewInvoiceInput {
  /** absent: amountless, where capabilities allow */
  amountMsat?: number
  memo: string
  /** seconds */
  expirySec?: number
  /** 64 hex: the invoice commits to this hash instead of the memo (LNURL metadata, a zap request) */
  descriptionHash?: string
}

/** The outcome of a payment sent once: `pending` means the backend does not know yet. */
export interface BackendPayment {
  state: 'settled' | 'pending'
  /** the wallet's row for it, when the backend answers with one */
  row: BackendTx | null
  paymentHash: string | null
  preimage: string | null
  feeMsat: number | null
  /** an LNURL success action, unchecked (payments/successAction.ts reads it) */
  successAction?: unknown
}

export interface PayInvoiceParams {
  paymentRequest: string
  /** the most the routing fee may be */
  feeLimitMsat: number
  /** the app's request id and notes, kept with the payment where the backend can (passThru) */
  notes: Record<string, string>
}

/** A lightning address or LNURL-pay link paid by a backend that resolves it itself. */
export interface PayAddressParams {
  address: string
  amountMsat: number
  /** for the payee (LUD-12), within what it allows */
  comment?: string
  /** the most the fee may be, as the confirmation showed it; absent: the app's limit */
  feeLimitMsat?: number
  /** as for an invoice: the app's request id, kept with the payment */
  notes: Record<string, string>
}

/** A BOLT 11 request as the backend's node reads it (the reading the payment will follow). */
export interface BackendDecodedInvoice {
  /** null: the request names no amount */
  amountMsat: number | null
  /** the request's description, not cleaned yet */
  description: string | null
  /** the payee node's public key, lower case */
  payee: string
  paymentHash: string
  /** Unix seconds: the request's timestamp and expiry */
  expiresAt: number
}

export interface TransferParams {
  toWalletId: string
  amountSat: number
  memo?: string
  notes: Record<string, string>
}

/** Both sides of a move between two wallets of one account. */
export interface BackendTransfer {
  out: BackendTx
  in: BackendTx
}

/** A wallet just made, and its keys (shown once, never kept or logged by the app). */
export interface CreatedBackendWallet {
  wallet: BackendWallet
  keys: Array<{ role: string; keys: string[] }>
}

/**
 * An account's client: every answer in the app's terms above, translated at the backend's edge.
 * A call a backend cannot make it refuses (`forbidden`); main reads the account's capabilities
 * first and refuses before asking (docs/architecture.md, "Backends"). `close` lets go of what it
 * holds open (a relay link).
 */
export interface BackendClient {
  /** the account's address: the service's base URL, an NWC wallet's `nostr+walletconnect://` key */
  readonly baseUrl: string
  listWallets(): Promise<BackendWallet[]>
  getWallet(walletId: string): Promise<BackendWallet>
  /**
   * present where a wallet's balance is one plain GET: that request, for the connected apps'
   * relay worker to make itself (balanceRead.ts; docs/nwc.md, "Speed")
   */
  balanceRead?(walletId: string): Promise<BalanceRead>
  /** the permanent receive link of a wallet, by its `staticLinkId` */
  getStaticLink(staticLinkId: string): Promise<BackendStaticLink>
  /**
   * present where a wallet may have no permanent link yet and the backend can make one (LNbits'
   * `lnurlp`): the link's id, made once when the person first asks for the permanent QR
   */
  ensureStaticLink?(walletId: string): Promise<string>
  /** a lightning address's or LNURL-pay link's parameters, as looked up */
  probe(addressOrLnurl: string): Promise<PayParams>
  mintWithdrawLink(walletId: string, input: { amountSat: number; memo?: string }): Promise<BackendWithdrawLink>
  /** made once, never retried */
  createInvoice(walletId: string, input: NewInvoiceInput): Promise<BackendInvoice>
  /** an invoice read whole, by its `id` */
  getInvoice(id: string): Promise<BackendInvoice>
  /** whether it is paid, as cheaply as the backend can say (the sync loop asks it every few seconds) */
  invoiceState(id: string): Promise<BackendInvoiceState>
  listTransactions(walletId: string, page: number, perPage: number): Promise<BackendHistoryPage>
  /**
   * every wallet's rows, newest first, in one list; a row whose wallet the backend cannot tell has
   * `walletId` '' (the sync loop then reads wallet by wallet)
   */
  listAccountTransactions(page: number, perPage: number): Promise<BackendHistoryPage>
  /** sent once, never retried: a lost answer is `unknown_outcome` */
  payInvoice(walletId: string, input: PayInvoiceParams): Promise<BackendPayment>
  payLightningAddress(walletId: string, input: PayAddressParams): Promise<BackendPayment>
  /** absent where the backend has no node to ask: the app's own reading stands */
  decodeInvoice?(paymentRequest: string): Promise<BackendDecodedInvoice>
  /**
   * present where the server takes no fee limit and keeps its own reserve (LNbits): the most the
   * fee of paying this request can be, in msat, as the server will apply it (a read)
   */
  feeReserveMsat?(paymentRequest: string): Promise<number>
  /** sent once, never retried */
  transfer(walletId: string, input: TransferParams): Promise<BackendTransfer>
  /** its keys are shown once: the caller must not keep or log them */
  createWallet(name: string): Promise<CreatedBackendWallet>
  close?(): void
}
