// The simulator's records and constants: keys and roles, wallets, Lightning and wallet
// transactions, recipients, withdraw tokens; all amounts in msat.
import type { Clock } from './clock'

export type Role = 'admin' | 'invoice' | 'read' | 'lnurlw' | 'lnurlp'
export type Permission = 'read' | 'transactions' | 'receive' | 'send' | 'transfer'

/** Key prefixes; the older twins (`wa_`, `wi_`, `wr_`) carry the same role. */
export const ROLE_PREFIX: Record<Role, string> = {
  admin: 'waka_',
  invoice: 'waki_',
  read: 'wakr_',
  lnurlw: 'waklw_',
  lnurlp: 'waklp_',
}
export const ROLE_NAME: Record<Role, string> = {
  admin: 'Wallet Admin',
  invoice: 'Wallet Invoice',
  read: 'Wallet Read',
  lnurlw: 'Wallet LNURL Withdraw',
  lnurlp: 'Wallet LNURL Pay',
}
/** docs/service.md, "Key kinds and permissions". */
export const ROLE_PERMS: Record<Role, readonly Permission[]> = {
  admin: ['read', 'transactions', 'receive', 'send', 'transfer'],
  invoice: ['receive'],
  read: ['read', 'transactions'],
  lnurlw: ['read', 'send'],
  lnurlp: ['receive'],
}

export type WtxTypeName =
  | 'ln_deposit'
  | 'ln_withdrawal'
  | 'ln_transfer_in'
  | 'ln_transfer_out'
  | 'ln_lnurl_pay_inbound'
  | 'ln_lnurl_pay_outbound'
  | 'ln_lnurl_withdraw'
  | 'network_fee'
  | 'service_fee'

export const WTX_DISPLAY: Record<WtxTypeName, string> = {
  ln_deposit: 'Deposit',
  ln_withdrawal: 'Withdrawal',
  ln_transfer_in: 'Transfer In',
  ln_transfer_out: 'Transfer Out',
  ln_lnurl_pay_inbound: 'LNURL Pay Inbound',
  ln_lnurl_pay_outbound: 'LNURL Pay Outbound',
  ln_lnurl_withdraw: 'LNURL Withdraw',
  network_fee: 'Network Fee',
  service_fee: 'Service Fee',
}

export interface WalletKeys {
  admin: string
  invoice: string
  read: string
  lnurlw: string
  lnurlp: string
}

export interface Account {
  id: string
  secretKey: string
  publicKey: string
  createdAt: number
}

export interface WalletRec {
  id: string
  accountId: string
  label: string | null
  createdAt: number
  updatedAt: number
  balanceMsat: number
  keys: WalletKeys
  legacyKeys: { admin: string; invoice: string; read: string }
  lnurlpayId: string
}

export interface LnTxRec {
  id: string
  walletId: string
  createdAt: number
  /** null: a zero-amount invoice (until paid) */
  amountMsat: number | null
  memo: string | null
  descriptionHash: string | null
  paymentHash: string
  /** null when the preimage is not known to the simulator (an unknown outside invoice) */
  preimage: string | null
  paymentSecret: string
  expiry: number
  settledAt: number | null
  feeMsat: number
  direction: 'in' | 'out'
  /** whose node signs the request: ours, or a named outside node */
  signer: string
  /** signed lazily and cached (signing costs about a millisecond) */
  pr: string | null
  passThru: Record<string, unknown>
}

export interface WtxRec {
  id: string
  walletId: string
  createdAt: number
  amountMsat: number
  type: WtxTypeName
  lnTxId: string | null
  passThru: Record<string, unknown>
  label: string | null
}

export interface Recipient {
  address: string
  description: string
  minSendableMsat: number
  maxSendableMsat: number
  commentAllowed: number
  /** LUD-06 `text/long-desc`, when the payee's server sends one */
  longDescription?: string
  /**
   * What the payee's server answers the callback with (LUD-09), handed back on the pay answer.
   * Any JSON, so a test can send a hostile one; `{ tag: 'aes', description, plaintext }` is
   * sealed with the payment's preimage first (success-action.ts).
   */
  successAction?: unknown
  /** its server's callback lies (address-routes.ts): an invoice for another amount, or another hash */
  lies?: 'amount' | 'descriptionHash'
}

export interface WithdrawToken {
  ott: string
  walletId: string
  kind: 'withdraw' | 'balance'
  /** the link's bound in msat; null: the wallet's balance */
  maxMsat: number | null
  memo: string
  k1: string
  spent: boolean
  createdAt: number
  /** the balanceCheck token minted alongside a withdraw token */
  balanceOtt: string | null
  /** given when the link was minted; comes back on the withdrawal's wallet transaction */
  passThru?: Record<string, unknown>
}

/** A wallet's static LNURL-pay link (its `default_lnurlpay_id`), LUD-06. */
export interface PayLink {
  id: string
  walletId: string
  createdAt: number
  minMsat: number
  maxMsat: number
  shortDesc: string
  commentAllowed: number
}

/** A BOLT 11 request of an outside payee, which a wallet of the simulator may pay. */
export interface OutsidePayee {
  paymentHash: string
  preimage: string
  /** null: amountless */
  amountMsat: number | null
  memo: string
  timestamp: number
  expiry: number
  /** paid by someone else before anyone here tried */
  paidElsewhere: boolean
  /** what the payee received from the simulator, once */
  receivedMsat: number | null
  pr: string
  /** who books the payment: `payee`, or `address:<user@domain>` for a lightning address's invoice */
  party?: string
}

/** How an outside voucher's server answers one stage of LUD-03. */
export type VoucherMode = 'ok' | 'stall' | 'garbage' | 'error'

/** Another service's LNURL-withdraw voucher, which a wallet of the simulator may claim. */
export interface Voucher {
  id: string
  k1: string
  description: string
  minMsat: number
  maxMsat: number
  usesLeft: number
  createdAt: number
  expiresAt: number | null
  descriptor: VoucherMode
  /** `okNoPay`: answers OK, spends the use, and never pays */
  callback: VoucherMode | 'okNoPay'
  errorReason: string
  /** for `stall`: answer normally after this long; null: never (until the simulator closes) */
  stallMs: number | null
  /** pay this long after answering OK; 0: before answering */
  payAfterMs: number
  claims: Array<{ at: number; amountMsat: number; paymentHash: string; paid: boolean }>
  /** each request that reached the voucher's server, and whether it carried an API key */
  calls: Array<{ at: number; stage: 'descriptor' | 'callback'; withApiKey: boolean }>
}

/** One payment across the simulator's edge, as the outside party booked it. */
export interface OutsideEntry {
  at: number
  direction: 'in' | 'out'
  /** `payer`, `link-payer`, `voucher:<id>`, `payee`, `address:<user@domain>` */
  party: string
  amountMsat: number
  paymentHash: string
}

export interface Totals {
  inboundMsat: number
  outboundMsat: number
  feesMsat: number
}

/** Everything that persists (`--data`). */
export interface StateData {
  version: 1
  accounts: Account[]
  wallets: WalletRec[]
  lntx: LnTxRec[]
  wtx: WtxRec[]
  recipients: Recipient[]
  tokens: WithdrawToken[]
  totals: Totals
  // added later: absent in older files
  payLinks?: PayLink[]
  payees?: OutsidePayee[]
  vouchers?: Voucher[]
  outsideBook?: OutsideEntry[]
}

export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** An LNURL callback refusal: HTTP 200 `{"status":"ERROR","reason":…}`. */
export class LnurlError extends Error {}

export const DEFAULT_RECIPIENTS: Recipient[] = [
  {
    address: 'alice@sim.example',
    description: 'Tips for Alice',
    minSendableMsat: 1_000,
    maxSendableMsat: 1_000_000_000,
    commentAllowed: 140,
  },
  {
    address: 'bob@sim.example',
    description: "Bob's coffee fund",
    minSendableMsat: 1_000_000,
    maxSendableMsat: 50_000_000,
    commentAllowed: 0,
  },
  {
    address: 'shop@sim.example',
    description: 'Sim Shop order',
    minSendableMsat: 1_000,
    maxSendableMsat: 10_000_000_000,
    commentAllowed: 255,
  },
]

export const NODE_ID = 'lnod_sim0001'

/** Routing fee for a payment leaving the simulator: 0.1 %, at least 1 sat, in whole sats. */
export function routingFeeMsat(amountMsat: number): number {
  return Math.max(1, Math.ceil(amountMsat / 1_000_000)) * 1000
}

export function metadataFor(r: Recipient): string {
  return JSON.stringify([
    ['text/plain', r.description],
    ['text/identifier', r.address],
    ...(r.longDescription === undefined ? [] : [['text/long-desc', r.longDescription]]),
  ])
}

export interface LedgerOptions {
  clock: Clock
  /** random bytes; seeds pass a deterministic source */
  random?: (n: number) => Uint8Array
  invoiceCapSat?: number | null
  sendCapSat?: number | null
}

// Refusals of a payment, in the published server's words (those of the Lightning node it passes
// on included), so that a client meets the texts it will meet there. See docs/service.md.
export const INVALID_PR = 'Invalid payment request'
export const WRONG_NETWORK = "invoice not for current active network 'regtest'"
export const ANY_AMOUNT = 'Cannot process any amount invoices'
export const ALREADY_PAID = 'invoice is already paid'
export const INCORRECT_DETAILS = 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS'
export const NO_ROUTE = 'FAILURE_REASON_NO_ROUTE'
export const WALLET_BUSY = 'Wallet busy try again soon'

export function maxBalanceMessage(balanceMsat: number): string {
  return `Invoice too large :) Max balance: ${Math.floor(Math.max(0, balanceMsat) / 1000)}`
}

/** The node's refusal of an expired request: Go's default time format, in UTC. */
export function expiredMessage(validUntil: number): string {
  const iso = new Date(validUntil * 1000).toISOString() // 2026-01-02T03:04:05.000Z
  return `invoice expired. Valid until ${iso.slice(0, 10)} ${iso.slice(11, 19)} +0000 UTC`
}

/** The default fee cap of a payment: 5 % of its whole sats, rounded up to a whole sat. */
export function defaultFeeLimitMsat(amountMsat: number): number {
  return Math.ceil((Math.floor(amountMsat / 1000) * 5) / 100) * 1000
}
