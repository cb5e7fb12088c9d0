// The total of an account's wallets. It is derived where it is shown (Home, the tray) rather than
// sent beside the wallets, so the two can never disagree.
export function totalBalanceMsat(wallets: readonly { balanceMsat: number }[]): number {
  return wallets.reduce((sum, w) => sum + w.balanceMsat, 0)
}
