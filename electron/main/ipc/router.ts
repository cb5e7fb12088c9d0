// The IPC router, derived from the contract: every message is checked (name, sender, input),
// handled, its output checked, and answered with a Result envelope. It never throws. Operations
// of kind `money` run once per request id for good, kept on disk (once.ts; docs/architecture.md,
// "Money rules"); while the app is locked only what the contract marks open runs (docs/security.md).
import { OP_NAMES, type Operations, type OpName, openWhileLocked, operations, opKind } from '@shared/contract'
import { AppError, type AppErrorShape, type Result } from '@shared/errors'
import type { z } from 'zod'
import type { Logger } from '../log'
import { unknownOutcomeMessage } from '../services/backends/service/errors'
import { mt } from '../services/i18n'
import type { OperationLog } from '../services/payments'
import { createOnceGuard } from './once'

/** Who sent a message: the shell decides `trusted` from the sender frame; the preview bridge likewise. */
export interface SenderInfo {
  trusted: boolean
  url: string
}

export type OpIn<K extends OpName> = z.output<Operations[K]['input']>
export type OpOut<K extends OpName> = z.input<Operations[K]['output']>
export type Handlers = { [K in OpName]: (input: OpIn<K>) => Promise<OpOut<K>> }

export interface Router {
  handle(name: string, input: unknown, sender?: SenderInfo): Promise<Result<unknown>>
}

export interface RouterOptions {
  isTrustedSender: (sender: SenderInfo | undefined) => boolean
  log: Logger
  /** the on-disk record of money operations (the journal's); opened on first use */
  operations: () => OperationLog
  /** the app lock: while true, only operations the contract marks `open` while locked run */
  locked?: () => boolean
  /**
   * Inputs read by main's own schema instead of the contract's: a connect of a kind registered
   * beyond the shipped ones, through its backend's entry (services/backends/kinds.ts).
   */
  inputs?: { readonly [K in OpName]?: z.ZodType }
}

/** Operations that move money or make something spendable: one result per request id, for good. */
const GUARDED: ReadonlySet<OpName> = new Set(OP_NAMES.filter((name) => opKind(name) === 'money'))

const fail = (code: AppErrorShape['code'], message: string, retryable = false): Result<never> => ({
  ok: false,
  error: { code, message, retryable },
})

/** The first issue of a failed parse, in one short line. */
export function describeIssues(err: z.ZodError): string {
  const first = err.issues[0]
  if (!first) return mt('errors.invalidRequest')
  const where = first.path.length ? `${first.path.map(String).join('.')}: ` : ''
  const text = `${where}${first.message}`
  // Keys of an input become part of the message: keep it short whatever was sent.
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

export function createRouter(handlers: Handlers, opts: RouterOptions): Router {
  const once = createOnceGuard({ log: opts.operations, logger: opts.log })

  async function run(name: OpName, input: unknown): Promise<Result<unknown>> {
    const schema = opts.inputs?.[name] ?? operations[name].input
    const parsed = schema.safeParse(input === undefined ? {} : input)
    if (!parsed.success) return fail('invalid_input', describeIssues(parsed.error))
    const handler = handlers[name] as (i: unknown) => Promise<unknown>
    if (!GUARDED.has(name)) return call(name, handler, parsed.data)
    const data = parsed.data as { requestId: string }
    return once(name, data, () => call(name, handler, data))
  }

  // A bug after a money-moving call ran may hide a payment that went out: never invite a retry then.
  const broken = (name: OpName): Result<never> =>
    GUARDED.has(name) ? fail('unknown_outcome', unknownOutcomeMessage()) : fail('internal', mt('errors.internal'))

  async function call(name: OpName, handler: (i: unknown) => Promise<unknown>, input: unknown) {
    let value: unknown
    try {
      value = await handler(input)
    } catch (err) {
      if (err instanceof AppError) {
        if (err.code === 'internal') opts.log.error('handler failed', { op: name, error: err })
        return { ok: false as const, error: err.toShape() }
      }
      opts.log.error('handler threw', { op: name, error: err })
      return broken(name)
    }
    const out = operations[name].output.safeParse(value)
    if (!out.success) {
      // A bug on our side: never send the renderer something the contract does not allow.
      opts.log.error('handler output does not match the contract', { op: name, issue: describeIssues(out.error) })
      return broken(name)
    }
    return { ok: true as const, value: out.data }
  }

  return {
    async handle(name, input, sender) {
      try {
        if (!opts.isTrustedSender(sender)) {
          opts.log.warn('refused a message from an untrusted sender', { url: sender?.url })
          return fail('forbidden', mt('errors.notFromWindow'))
        }
        if (typeof name !== 'string' || !Object.hasOwn(operations, name))
          return fail('invalid_input', mt('errors.unknownOperation'))
        // The app lock, before the input is read or any guard entered (docs/security.md).
        if (opts.locked?.() && !openWhileLocked(name as OpName)) return fail('locked', mt('errors.locked'))
        return await run(name as OpName, input)
      } catch (err) {
        opts.log.error('router failed', { error: err })
        return fail('internal', mt('errors.internal'))
      }
    },
  }
}
