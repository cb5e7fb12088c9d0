// What an account can do beyond balance, history, receive and pay, by its kind (docs/nwc.md, "An
// NWC account"). Free of zod, so the first screen can read an account's flags without loading the
// contract's schemas; shared/contract/accounts.ts checks the same shape at the boundary.

/** `service`: an address and an API key; `nwc`: a Nostr Wallet Connect string; `lnbits`: an LNbits server and wallet keys */
export type AccountKind = 'service' | 'nwc' | 'lnbits'

/** The renderer hides what a flag denies (instead of checking the kind), and main refuses it too. */
export interface Capabilities {
  createWallets: boolean
  withdrawLinks: boolean
  vouchers: boolean
  /** between the account's own wallets */
  transfers: boolean
  permanentQr: boolean
  /** serving apps over NWC from this account's wallets */
  connectedApps: boolean
  /** false: receive only (an LNbits wallet added with its invoice key); absent: pays */
  pays?: boolean
  /** invoices without an amount, the payer choosing it; absent: allowed */
  amountlessInvoices?: boolean
  /** false: cannot be paid into (so never offered as a move's target); absent: receives */
  receives?: boolean
  /**
   * true: the server takes no fee limit and keeps its own fee reserve (LNbits): the most a fee can
   * be is that reserve (shared/payment/fees.ts); absent: the app's fee limit is sent and kept
   */
  serverFeeReserve?: boolean
}

const ALL: Capabilities = {
  createWallets: true,
  withdrawLinks: true,
  vouchers: true,
  transfers: true,
  permanentQr: true,
  connectedApps: true,
}
const NWC: Capabilities = {
  createWallets: false,
  withdrawLinks: false,
  vouchers: false,
  transfers: false,
  permanentQr: false,
  connectedApps: false,
}

/** an LNbits account before its server was asked (backends/lnbits/capabilities.ts says what it offers) */
const LNBITS: Capabilities = { ...NWC, amountlessInvoices: false, serverFeeReserve: true }

/** the flags of a kind: a NIP-47 wallet gives one wallet, balance, history, receive and pay */
export function capabilitiesOf(kind: AccountKind): Capabilities {
  return kind === 'nwc' ? { ...NWC } : kind === 'lnbits' ? { ...LNBITS } : { ...ALL }
}

const SHIPPED: readonly string[] = ['service', 'nwc', 'lnbits'] satisfies AccountKind[]

/**
 * an account view's flags; a view from before kinds existed is a service account, and one of a kind
 * main registered beyond the shipped ones (main always sends its flags) can do no more than the basics
 */
export function accountCapabilities(a: { kind?: string; capabilities?: Capabilities }): Capabilities {
  const kind = a.kind ?? 'service'
  return a.capabilities ?? (SHIPPED.includes(kind) ? capabilitiesOf(kind as AccountKind) : { ...NWC })
}

/**
 * Flags kept with an account (an LNbits server's answers at connect) over its kind's: a flag that
 * is a fact of the kind, added after the account was stored, still reaches it.
 */
export function storedCapabilities(kind: string, stored: Capabilities): Capabilities {
  const ofKind = SHIPPED.includes(kind) && capabilitiesOf(kind as AccountKind).serverFeeReserve
  return { ...stored, ...(ofKind ? { serverFeeReserve: true } : {}) }
}
