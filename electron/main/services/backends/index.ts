// The app's backends, one folder each, and the registry that names them by account kind. A new
// backend is its folder and one line in `createBackends`.
import { type LnbitsBackendOptions, lnbitsBackend } from './lnbits/backend'
import { type NwcBackendOptions, nwcBackend } from './nwc/backend'
import type { BackendRegistry } from './registry'
import { type ServiceBackendOptions, serviceBackend } from './service/backend'

export type {
  Backend,
  BackendAccount,
  BackendHooks,
  BackendKind,
  BackendRegistry,
  KindChecked,
  KindReading,
} from './registry'
export type {
  BackendClient,
  BackendDecodedInvoice,
  BackendHistoryPage,
  BackendInvoice,
  BackendInvoiceState,
  BackendPayment,
  BackendStaticLink,
  BackendTransfer,
  BackendTx,
  BackendWallet,
  BackendWithdrawLink,
  CreatedBackendWallet,
  NewInvoiceInput,
  PayAddressParams,
  PayInvoiceParams,
  PayParams,
  TransferParams,
} from './types'
export { ledgerRow } from './types'

export function createBackends(
  o: { service?: ServiceBackendOptions; nwc?: NwcBackendOptions; lnbits?: LnbitsBackendOptions } = {},
): BackendRegistry {
  return {
    service: serviceBackend(o.service),
    nwc: nwcBackend(o.nwc),
    lnbits: lnbitsBackend(o.lnbits),
  }
}
