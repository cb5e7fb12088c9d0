export { checkBaseUrl } from './baseUrl'
export {
  createServiceClient,
  type InvoiceRoute,
  type NewTransfer,
  type ServiceClient,
  type ServiceClientOptions,
} from './createServiceClient'
export { UNKNOWN_OUTCOME_MESSAGE } from './errors'
export { parsePagination } from './pagination'
