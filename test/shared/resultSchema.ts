// The envelope every operation answers with, as a schema: the tests check answers against it
// (the app only builds envelopes, so this lives with the tests).
import { AppErrorShape } from '@shared/errors'
import { z } from 'zod'

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppErrorShape }),
  ])
}
