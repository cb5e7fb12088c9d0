// What a move takes from a wallet: the largest whole-sat amount whose payment, with the most its
// fee can be (the fee limit every payment is sent with, or an LNbits server's reserve:
// shared/payment/fees.ts), fits the balance.
// What is kept back is the fee reserve; what the fee does not use of it stays in the wallet.
import type { MoveStepView, MoveView, MoveWalletView } from '@shared/contract'
import { sendAllMsat } from '@shared/payment/fees'
import type { BackendWallet } from '../backends'
import type { MoveRecord, MoveStepRecord } from './store'

export function walletPlan(w: BackendWallet, feeOf?: (amountMsat: number) => number): MoveWalletView {
  const amountMsat = sendAllMsat(w.balanceMsat, feeOf)
  return {
    walletId: w.id,
    name: w.name ?? w.id,
    balanceMsat: w.balanceMsat,
    amountMsat,
    feeReserveMsat: w.balanceMsat - amountMsat,
  }
}

/** A move as the screen shows it: each wallet's step and what reached the target. */
export function moveView(move: MoveRecord, steps: MoveStepRecord[], toLabel: string): MoveView {
  const wallets: MoveStepView[] = steps.map((s) => ({
    walletId: s.walletId,
    name: s.name,
    amountMsat: s.amountMsat,
    feeReserveMsat: s.feeReserveMsat,
    state: s.state,
    detail: s.detail,
  }))
  return {
    ...{ moveId: move.moveId, fromAccountId: move.fromAccountId, toAccountId: move.toAccountId },
    ...{ toWalletId: move.toWalletId, toLabel, state: move.state, wallets },
    movedMsat: steps.filter((s) => s.state === 'moved').reduce((sum, s) => sum + s.amountMsat, 0),
    createdAt: move.createdAt,
    updatedAt: move.updatedAt,
  }
}
