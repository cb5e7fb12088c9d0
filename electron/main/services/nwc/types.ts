// The words of NIP-47 this service speaks, and the shapes its parts share.
export const KIND_INFO = 13194
export const KIND_REQUEST = 23194
export const KIND_RESPONSE = 23195
export const KIND_NOTIFY_NIP04 = 23196
export const KIND_NOTIFY_NIP44 = 23197

import { NWC_METHODS, type NwcPeriod } from '@shared/contract/nwc'

export const METHODS = NWC_METHODS
export type Method = (typeof METHODS)[number]

/**
 * What a connection is served: its allowed methods, and `get_budget` with `pay_invoice` (a
 * connection that may pay may ask what is left of its budget, as Alby Hub answers it).
 */
export type Served = Method | 'get_budget'
export const SERVED: readonly Served[] = [...METHODS, 'get_budget']
export const servedMethods = (methods: readonly Method[]): Served[] =>
  methods.includes('pay_invoice') ? [...methods, 'get_budget'] : [...methods]

export const NOTIFICATIONS = ['payment_received', 'payment_sent'] as const

export type Period = NwcPeriod

export type Encryption = 'nip44_v2' | 'nip04'

/** what the info event offers, best first; a client that reads it picks the first it has (NIP-47) */
export const ENCRYPTIONS: readonly Encryption[] = ['nip44_v2', 'nip04']
/** the encryption of a connection whose app has not asked anything yet */
export const NEGOTIATED: Encryption = ENCRYPTIONS[0] as Encryption

/** NIP-47's error codes this service answers with. */
export type NwcCode =
  | 'RATE_LIMITED'
  | 'NOT_IMPLEMENTED'
  | 'INSUFFICIENT_BALANCE'
  | 'QUOTA_EXCEEDED'
  | 'RESTRICTED'
  | 'UNAUTHORIZED'
  | 'INTERNAL'
  | 'OTHER'
  | 'PAYMENT_FAILED'
  | 'NOT_FOUND'

export class NwcError extends Error {
  constructor(
    readonly code: NwcCode,
    message: string,
  ) {
    super(message)
  }
}

export interface Filter {
  kinds: number[]
  '#p'?: string[]
  /** the NWC account's subscriptions: answers and info events from its one wallet service */
  authors?: string[]
  since?: number
}
