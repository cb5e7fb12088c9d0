// How a backend over HTTP retries its reads (never a POST: a payment is sent once): a few tries on
// the statuses that mean "try later", backing off with jitter, and a Retry-After waited out only
// up to 2 s (ky would wait an hour or a day).
import type { RetryOptions } from 'ky'

export function readRetry(limit = 2): RetryOptions {
  return {
    limit,
    methods: ['get'],
    statusCodes: [408, 429, 500, 502, 503, 504],
    delay: (attempt: number) => 250 * 2 ** (attempt - 1),
    jitter: true,
    backoffLimit: 2_000,
    maxRetryAfter: 2_000,
  }
}
