// What an LNbits account can do, from what its server and keys answered (docs/lnbits.md,
// "Capabilities"): withdraw links and vouchers with the `withdraw` extension, the permanent QR
// with `lnurlp`, paying and making links with an admin key, moves with two wallets or more. LNbits
// makes no amountless invoice and no wallet through a wallet's key.
import type { Capabilities } from '@shared/contract'
import type { LnbitsOffers } from './links'

export interface LnbitsFacts extends LnbitsOffers {
  /** the account's wallets that may pay (an admin key) */
  paying: readonly string[]
  wallets: number
}

export function lnbitsCapabilities(f: LnbitsFacts): Capabilities {
  const pays = f.paying.length > 0
  return {
    createWallets: false,
    withdrawLinks: f.withdraw && pays,
    vouchers: f.withdraw && pays,
    transfers: pays && f.wallets > 1,
    permanentQr: f.lnurlp,
    // serving apps over NWC from these wallets is not wired to this backend yet
    connectedApps: false,
    pays,
    amountlessInvoices: false,
    // LNbits takes no fee limit: its reserve is the most a fee can be (docs/lnbits.md, "Fees")
    serverFeeReserve: true,
  }
}
