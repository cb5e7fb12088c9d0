// The service's Yii2 pagination headers (docs/service.md, "Pagination").
import { AppError } from '@shared/errors'
import { mt } from '../../i18n'
import { PaginationHeaders } from './schemas'

/** Yii2 pagination headers; when absent, what the page itself shows. */
export function parsePagination(headers: Headers, count: number, page: number, perPage: number): PaginationHeaders {
  const num = (name: string) => {
    const v = headers.get(name)
    if (v === null || !/^\d+$/.test(v.trim())) return undefined
    return Number(v)
  }
  const parsed = PaginationHeaders.safeParse({
    totalCount: num('X-Pagination-Total-Count') ?? count,
    pageCount: num('X-Pagination-Page-Count') ?? (count > 0 ? page : 0),
    currentPage: num('X-Pagination-Current-Page') ?? page,
    perPage: num('X-Pagination-Per-Page') ?? perPage,
  })
  if (!parsed.success) throw new AppError('service_error', mt('client.pagesUnreadable'))
  return parsed.data
}
