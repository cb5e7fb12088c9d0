// Moving everything off an account to another of the person's accounts (docs/move.md): what would
// move per wallet and the fee reserve kept back, and the move itself, one invoice at the target and
// one journaled payment per wallet, resumed after a restart and never paid twice.
import { z } from 'zod'
import { id, int, msat, op, RequestId } from './base'

/** One source wallet as a move would take it: all but the most the payment's fee can be. */
export const MoveWalletView = z.object({
  walletId: id,
  name: z.string(),
  balanceMsat: msat,
  /** what would reach the target: the largest whole-sat amount whose fee limit still fits */
  amountMsat: msat,
  /** kept back for the routing fee (shared/payment/fees.ts); what is not spent of it stays */
  feeReserveMsat: msat,
})
export type MoveWalletView = z.infer<typeof MoveWalletView>

/** An account a move may go to, with the wallets it can receive into. */
export const MoveTarget = z.object({
  accountId: id,
  label: z.string(),
  wallets: z.array(z.object({ id, name: z.string() })),
})
export type MoveTarget = z.infer<typeof MoveTarget>

/**
 * One wallet's step of a move. `moved`: paid once, the target's invoice settled; `unknown`: the
 * payment's outcome is not known yet (never paid again until it is); `failed`: refused, nothing
 * taken (`detail` says why); `skipped`: nothing above the fee reserve; `planned`/`invoiced`: not
 * finished (the move was stopped): running the move again resumes it.
 */
export const MoveStepView = z.object({
  walletId: id,
  name: z.string(),
  amountMsat: msat,
  feeReserveMsat: msat,
  state: z.enum(['planned', 'invoiced', 'unknown', 'moved', 'failed', 'skipped']),
  /** the payment's own words for a failed or unknown outcome, already in the app's language */
  detail: z.string().nullable(),
})
export type MoveStepView = z.infer<typeof MoveStepView>

export const MoveView = z.object({
  moveId: z.string(),
  fromAccountId: id,
  toAccountId: id,
  toWalletId: id,
  /** the target account's name now (or its id when it is gone) */
  toLabel: z.string(),
  /** `running`: some wallet is not finished (stopped, or an outcome not known yet) */
  state: z.enum(['running', 'done']),
  wallets: z.array(MoveStepView),
  movedMsat: msat,
  createdAt: int,
  updatedAt: int,
})
export type MoveView = z.infer<typeof MoveView>

export const MovePlan = z.object({
  fromAccountId: id,
  targets: z.array(MoveTarget),
  wallets: z.array(MoveWalletView),
  /** the newest move off this account: an unfinished one is resumed by `move.run` */
  last: MoveView.nullable(),
})
export type MovePlan = z.infer<typeof MovePlan>

export const moveOps = {
  /** What a move off the account would take from each wallet, and where it may go (a read). */
  'move.plan': op('read', z.object({ fromAccountId: id }).strict(), MovePlan),
  /**
   * Moves everything off the account, or resumes its unfinished move (then the target is that
   * move's): per wallet an invoice at the target and one journaled payment, never retried.
   */
  'move.run': op(
    'money',
    z.object({ fromAccountId: id, toAccountId: id, toWalletId: id, requestId: RequestId }).strict(),
    MoveView,
  ),
} as const

export const moveWhileLocked = {
  'move.plan': 'refused',
  'move.run': 'refused',
} as const
