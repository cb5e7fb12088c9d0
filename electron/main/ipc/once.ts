// Operations of kind `money` run once per request id, for good: the router asks this guard, which
// keeps a record per operation and request id on disk (the journal's file, services/payments/
// operations.ts), written before the handler runs and given its answer after. The same id again
// (a double click, a renderer that sends it again after 300 other calls, or after a restart) gets
// the first answer; while it runs, `busy`; with other input, refused; left `started` by a crash,
// `unknown_outcome` with where to look. Nothing here ever runs a handler twice.
import { createHash } from 'node:crypto'
import type { Operations, OpName } from '@shared/contract'
import { operations } from '@shared/contract'
import { AppErrorShape, type Result } from '@shared/errors'
import { z } from 'zod'
import type { Logger } from '../log'
import { type MessageId, mt } from '../services/i18n'
import type { OperationLog } from '../services/payments'

/** The operations of kind `money`. */
export type MoneyOp = { [K in OpName]: Operations[K]['kind'] extends 'money' ? K : never }[OpName]

/**
 * Where the person finds out what became of an operation the app stopped in the middle of (a
 * crash, a kill, a power cut): it may or may not have happened, and it is never run again.
 */
const WHERE_TO_LOOK: Record<MoneyOp, MessageId> = {
  'pay.lightningAddress': 'once.payment',
  'pay.invoice': 'once.payment',
  'wallets.transfer': 'once.transfer',
  'withdraw.create': 'once.withdraw',
  'vouchers.create': 'once.vouchers',
  'claim.run': 'once.claim',
  'wallets.create': 'once.wallet',
  'move.run': 'once.move',
}

/** What is kept of an answer: never a secret (a new wallet's access keys are shown once, then gone). */
function kept(name: OpName, result: Result<unknown>): Result<unknown> {
  if (name === 'wallets.create' && result.ok) return { ok: true, value: { ...(result.value as object), keys: null } }
  return result
}

const Stored = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorShape }),
])

const fail = (code: AppErrorShape['code'], message: string): Result<never> => ({
  ok: false,
  error: { code, message, retryable: code === 'busy' },
})

export interface OnceGuardOptions {
  /** the on-disk record; opening it may throw (then nothing runs) */
  log: () => OperationLog
  logger: Pick<Logger, 'error'>
}

export function createOnceGuard(o: OnceGuardOptions) {
  /** operation and request id → the input's fingerprint, while its handler runs in this process */
  const running = new Map<string, string>()

  /** The first answer, read back from disk and checked against the contract like a new one. */
  function replay(name: OpName, stored: string | null): Result<unknown> {
    const broken = () => fail('unknown_outcome', mt(WHERE_TO_LOOK[name as MoneyOp]))
    try {
      const r = Stored.parse(JSON.parse(stored ?? 'null'))
      if (!r.ok) return r
      const out = operations[name].output.safeParse(r.value)
      return out.success ? { ok: true, value: out.data } : broken()
    } catch {
      o.logger.error('a stored operation result could not be read', { op: name })
      return broken()
    }
  }

  return async function once(
    name: OpName,
    input: { requestId: string },
    run: () => Promise<Result<unknown>>,
  ): Promise<Result<unknown>> {
    const key = `${name}\u0000${input.requestId}`
    const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('hex')
    const live = running.get(key)
    if (live !== undefined)
      return live === fingerprint
        ? fail('busy', mt('errors.alreadySending'))
        : fail('invalid_input', mt('errors.otherInput'))

    let log: OperationLog
    let begun: ReturnType<OperationLog['begin']>
    try {
      log = o.log()
      begun = log.begin(name, input.requestId, fingerprint)
    } catch (err) {
      o.logger.error('could not record a money operation before it ran', { op: name, error: err })
      return fail('internal', mt('errors.notRecorded'))
    }
    if (!begun.created) {
      const seen = begun.record
      // a record that cannot be read says it ran once, not how: never run again
      if (!seen) return fail('unknown_outcome', mt(WHERE_TO_LOOK[name as MoneyOp]))
      if (seen.fingerprint !== fingerprint) return fail('invalid_input', mt('errors.otherInput'))
      // started, and not running here: the process that ran it stopped before the answer was kept
      if (seen.state === 'started') return fail('unknown_outcome', mt(WHERE_TO_LOOK[name as MoneyOp]))
      return replay(name, seen.result)
    }

    running.set(key, fingerprint)
    try {
      const result = await run()
      try {
        log.finish(name, input.requestId, JSON.stringify(kept(name, result)))
      } catch (err) {
        // left `started`: asked again, it answers "unknown outcome", which is safe, never a second run
        o.logger.error('could not keep a money operation result', { op: name, error: err })
      }
      return result
    } finally {
      running.delete(key)
    }
  }
}
