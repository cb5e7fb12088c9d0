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
export const LEGACY_PREFIX: Partial<Record<Role, string>> = { admin: 'wa_', invoice: 'wi_', read: 'wr_' }
export const ROLE_NAME: Record<Role, string> = {
  admin: 'Wallet Admin',
  invoice: 'Wallet Invoice',
  read: 'Wallet Read',
  lnurlw: 'Wallet LNURL Withdraw',
  lnurlp: 'Wallet LNURL Pay',
}
/** service-facts.md, "Keys and what each may do". */
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
  ])
}

export interface LedgerOptions {
  clock: Clock
  /** random bytes; seeds pass a deterministic source */
  random?: (n: number) => Uint8Array
  invoiceCapSat?: number | null
}
