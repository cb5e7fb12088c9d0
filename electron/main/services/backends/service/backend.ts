// The hosted service as a backend: its HTTP client (createServiceClient.ts), reading the
// service's clock from every answer, reporting to the connection monitor, its wallets in the app's
// terms (wallets.ts).
import { capabilitiesOf } from '@shared/contract'
import type { Backend } from '../registry'
import { serviceConnect } from './connect'
import { createServiceClient } from './createServiceClient'
import type { InvoiceRoute } from './types'
import { inAppTerms } from './wallets'

export interface ServiceBackendOptions {
  timeoutMs?: number
  /** retries for GETs; POSTs are never retried */
  retries?: number
}

export function serviceBackend(o: ServiceBackendOptions = {}): Backend {
  // which invoice path works, per base URL: one map, so every client of the app learns once
  const invoiceRoutes = new Map<string, InvoiceRoute>()
  return {
    capabilities: capabilitiesOf('service'),
    connect: serviceConnect,
    session: 'perPolicy',
    // its probe and pay-to-address endpoints
    paysAddresses: true,
    open(a, hooks) {
      const client = createServiceClient({
        baseUrl: a.baseUrl,
        authMethod: a.authMethod,
        getApiKey: a.key,
        fetch: hooks.fetchFor(a.accountId),
        invoiceRoutes,
        ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        ...(o.retries !== undefined ? { retries: o.retries } : {}),
        ...(a.retries === 0 ? { retries: a.retries } : {}),
      })
      return hooks.watched(a.accountId, inAppTerms(client))
    },
  }
}
