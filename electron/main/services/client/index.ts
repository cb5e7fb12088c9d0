export { checkBaseUrl } from './baseUrl'
export { createServiceClient, parsePagination } from './createServiceClient'
export { UNKNOWN_OUTCOME_MESSAGE } from './errors'
export type { InvoiceRoute, NewInvoice, ServiceClient, ServiceClientOptions } from './types'
