// Which account kinds exist is the registry's to say, at run time: the shipped kinds (the
// contract's, the one typed source for the screens) and any other a caller registers (a test's
// backend). Stored accounts, a backup's and connect inputs are checked with zod against it, so a
// kind with no backend is refused in words, never served by another kind's backend.
import { Kept, KindName, operations } from '@shared/contract'
import { AppError } from '@shared/errors'
import { z } from 'zod'
import { mt } from '../i18n'
import type { Backend, BackendRegistry } from './registry'

const named = (input: unknown) => String((input as { kind?: unknown } | null)?.kind ?? input ?? '').slice(0, 32) || '?'

/** the backend of a kind (absent: a service account from before kinds), or a refusal naming it */
export function backendOf(registry: BackendRegistry, kind: string | undefined): Backend {
  const k = kind ?? 'service'
  const found = Object.hasOwn(registry, k) ? registry[k] : undefined
  if (!found) throw new AppError('invalid_input', mt('accounts.unknownKind', { kind: named(k) }), { retryable: false })
  return found
}

/** the kinds that exist: a registry's keys (or a table of the shipped kinds, the contract's) */
export type Kinds = { readonly [kind: string]: unknown }

/** a kind name this registry has a backend for, else a refusal naming it */
export const kindIn = (kinds: Kinds) =>
  KindName.refine((k) => Object.hasOwn(kinds, k), {
    error: (iss) => mt('accounts.unknownKind', { kind: named(iss.input) }),
  })

/** the kinds registered beyond the shipped ones (whose inputs the contract already has) */
function extraKinds(registry: BackendRegistry): Array<[string, Backend]> {
  const shipped = new Set(operations['accounts.connect'].input.options.map((o) => o.shape.kind.value as string))
  return Object.entries(registry).filter(([kind]) => !shipped.has(kind))
}

/**
 * The router's inputs of `accounts.test` and `accounts.connect` when kinds beyond the shipped ones
 * are registered: the contract's own union, and each such kind's input through its entry's schema,
 * strict like the shipped ones. None registered: the contract's, unchanged.
 */
export function connectInputs(registry: BackendRegistry): { [op in 'accounts.test' | 'accounts.connect']?: z.ZodType } {
  const extra = extraKinds(registry)
  if (extra.length === 0) return {}
  const own = (kind: string, b: Backend) => b.connect.connection.extend({ kind: z.literal(kind) })
  const unknown = { error: unknownKind }
  return {
    'accounts.test': z.discriminatedUnion(
      'kind',
      [operations['accounts.test'].input, ...extra.map(([k, b]) => own(k, b).strict())],
      unknown,
    ),
    'accounts.connect': z.discriminatedUnion(
      'kind',
      [operations['accounts.connect'].input, ...extra.map(([k, b]) => own(k, b).extend(Kept).strict())],
      unknown,
    ),
  }
}

const unknownKind = (iss: { code?: string; input?: unknown }) =>
  iss.code === 'invalid_union' ? mt('accounts.unknownKind', { kind: named(iss.input) }) : undefined
