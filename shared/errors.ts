// The closed set of error codes that cross IPC. Messages are written for the person.
import { z } from 'zod'

export const ErrorCode = z.enum([
  'unauthorized', // wrong or missing key (or, on this service, an unknown wallet)
  'forbidden', // the key lacks the permission
  'not_found',
  'invalid_input', // bad input from the renderer or the person
  'insufficient_funds',
  'network', // the service could not be reached
  'timeout',
  'service_error', // the service answered 5xx or a body of the wrong shape
  'unknown_outcome', // a payment whose result we could not learn: never re-sent
  'keychain_unavailable',
  'not_connected', // no account yet
  'lnurl_error', // a third-party LNURL service said no
  'private_host', // a link's server is on this computer or a private network: contacted only once confirmed
  'busy', // the same request is already in flight (double click)
  'limit', // the person's own spending rules refuse it (a daily limit, a confirm limit)
  'locked', // the app is locked: unlock it first (docs/security.md)
  'needs_passphrase', // the change loosens the lock or grants spending: the app's passphrase, missing or wrong
  'internal',
])
export type ErrorCode = z.infer<typeof ErrorCode>

export const AppErrorShape = z.object({
  code: ErrorCode,
  message: z.string(),
  retryable: z.boolean(),
})
export type AppErrorShape = z.infer<typeof AppErrorShape>

const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['network', 'timeout', 'service_error', 'busy'])

export class AppError extends Error {
  readonly code: ErrorCode
  readonly retryable: boolean
  constructor(code: ErrorCode, message: string, opts: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause })
    this.name = 'AppError'
    this.code = code
    this.retryable = opts.retryable ?? RETRYABLE.has(code)
  }
  toShape(): AppErrorShape {
    return { code: this.code, message: this.message, retryable: this.retryable }
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape }
