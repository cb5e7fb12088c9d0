// Which accounts a move may go from and to, read from their capabilities (shared/capabilities.ts)
// as main keeps them, never from what the screen sent: a target must receive, a source must pay.
import type { AccountView, Capabilities } from '@shared/contract'
import { feeCapMsat } from '@shared/payment/fees'

export interface MoveAbilities {
  /** offered as a target: the account can be paid into */
  canReceive: (a: AccountView) => boolean
  /** may be moved off: the account can pay (an LNbits account with only invoice keys cannot) */
  canPay: (a: AccountView) => boolean
  /** the most a payment's fee can be from this account (an LNbits server's reserve, shared/payment/fees.ts) */
  feeCapOf: (accountId: string) => (amountMsat: number) => number
}

/** `capabilities`: an account's flags by its id (accounts.capabilities); an absent flag allows */
export function moveAbilities(capabilities: (accountId: string) => Capabilities): MoveAbilities {
  return {
    canReceive: (a) => capabilities(a.id).receives !== false,
    canPay: (a) => capabilities(a.id).pays !== false,
    feeCapOf: (accountId) => {
      const caps = capabilities(accountId)
      return (amountMsat) => feeCapMsat(caps, amountMsat)
    },
  }
}
