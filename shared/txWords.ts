// What a wallet transaction was, in plain words: "Received", "Sent to alice@example.com",
// "Withdraw link claimed", "Moved from Savings". Main's ledger gives each row these words
// (services/ledger/view.ts), and its CSV export prints them. Pure, with no imports.

export interface TxWordsInput {
  /** the service's wallet transaction type (`wtxType.name`), e.g. `ln_deposit` */
  typeName: string
  /** signed: negative for money leaving the wallet */
  amountMsat: number
  /** who was paid: a lightning address or LNURL, when known */
  payee?: string | null
  /** the other wallet of a transfer, by its label (or id when it has none) */
  counterparty?: string | null
}

export function txWords(t: TxWordsInput): string {
  const payee = t.payee?.trim() || null
  const other = t.counterparty?.trim() || null
  switch (t.typeName) {
    case 'ln_deposit':
      return 'Received'
    case 'ln_lnurl_pay_inbound':
      return 'Received with your permanent QR'
    case 'ln_withdrawal':
    case 'ln_lnurl_pay_outbound':
      return payee ? `Sent to ${payee}` : 'Sent'
    case 'ln_lnurl_withdraw':
      return 'Withdraw link claimed'
    case 'ln_transfer_in':
      return other ? `Moved from ${other}` : 'Moved from another wallet'
    case 'ln_transfer_out':
      return other ? `Moved to ${other}` : 'Moved to another wallet'
    case 'network_fee':
      return 'Network fee'
    case 'service_fee':
      return 'Service fee'
    default:
      // keysend and any type the service adds later: the direction is still plain
      if (t.amountMsat >= 0) return 'Received'
      return payee ? `Sent to ${payee}` : 'Sent'
  }
}

/**
 * A row's memo as the person should read it: the service writes "LNURL PAY" as the memo of a
 * payment to a wallet's permanent QR that came without a comment, a placeholder, not the payer's words.
 */
export function memoOf(typeName: string, memo: string | null): string | null {
  return typeName === 'ln_lnurl_pay_inbound' && memo?.trim().toUpperCase() === 'LNURL PAY' ? null : memo
}
