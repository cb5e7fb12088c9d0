export { checkBaseUrl } from './baseUrl'
export {
  createServiceClient,
  type InvoiceRoute,
  parsePagination,
  type ServiceClient,
  type ServiceClientOptions,
} from './createServiceClient'
export { UNKNOWN_OUTCOME_MESSAGE } from './errors'
