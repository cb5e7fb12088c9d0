// Whether an account's backend resolves a lightning address or LNURL-pay link itself. The hosted
// service does (its probe and pay-to-address endpoints); a NIP-47 wallet pays invoices only, so
// for it the app does the LNURL part (./index.ts) and pays the invoice through the wallet.
import type { AccountKind } from '@shared/capabilities'

export const PAYS_ADDRESSES_ITSELF: Readonly<Record<AccountKind, boolean>> = {
  service: true,
  nwc: false,
  lnbits: false,
}
