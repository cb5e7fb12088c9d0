// What main and the relays' worker (relayWorker.ts) tell each other. The worker holds the sockets,
// reads everything the relays send through gate.ts, and seals (encrypts, signs) what main answers;
// main keeps the connections, the seen ids on disk and every money operation.
import type { BalanceRead } from '../backends/balanceRead'
import type { Answer } from './events'
import type { Heard } from './gate'
import type { RelayProblem } from './relayProblem'
import type { Encryption, Served } from './types'

/** a connection as the worker serves it */
export interface ServedWallet {
  walletPubkey: string
  /** its wallet key (kept in memory in this process; never logged, never in a file) */
  secret: Uint8Array
  clientPubkey: string
  relay: string
  /** the methods its info event names; null: heard (to be told UNAUTHORIZED) but not announced */
  methods: Served[] | null
  /** the `state` of the Nostr Wallet Auth request it was made for, echoed in its info event */
  pairingState?: string | null
}

/**
 * A connection whose get_balance the worker answers on its own while main says so (docs/nwc.md,
 * "Speed"): how its wallet's balance is read. It holds the account's key: kept in memory in this
 * process, never logged, sent nowhere else than where main would send it.
 */
export interface BalanceHere {
  walletPubkey: string
  read: BalanceRead
}

export interface AnswerTo {
  pubkey: string
  id: string
  enc: Encryption
}

export type ToRelayWorker =
  /**
   * the connections served now (all of them, each time); `seen` only to a worker just started.
   * Told `served` with `ref` once each of their relays is open and has their info events, or
   * after SERVE_WAIT_MS.
   */
  | { type: 'serve'; ref: number; wallets: ServedWallet[]; seen?: string[]; clockMs: number }
  | { type: 'answer'; ref: number; relay: string; walletPubkey: string; to: AnswerTo; answer: Answer }
  /** the connections whose get_balance the worker answers itself, all of them each time; none: main answers all */
  | { type: 'balances'; here: BalanceHere[] }
  | {
      type: 'notify'
      walletPubkey: string
      enc: Encryption
      body: { notification_type: string; notification: Record<string, unknown> }
    }
  | { type: 'close' }

export type FromRelayWorker =
  | { type: 'ready' }
  /** requests that passed the gate, a batch at a time */
  | { type: 'heard'; items: Array<Heard & { relay: string }> }
  /** a link opened, or closed or failed to open (one per attempt, with why) */
  | { type: 'status'; relay: string; connected: boolean; problem?: RelayProblem }
  /** the signature check of a request handed on `checking` (gate.ts): main answers it only when ok */
  | { type: 'signature'; id: string; ok: boolean }
  | { type: 'published'; ref: number; ok: boolean }
  | { type: 'served'; ref: number }
  | { type: 'log'; message: string; fields?: Record<string, unknown> }

/** how long a `serve` waits at most for its relays to open */
export const SERVE_WAIT_MS = 3_000

export interface RelayWorkerData {
  backoffMinMs?: number
}
