// The history's limits and filter kinds, apart from its schemas (history.ts): the renderer needs
// these few values, and importing them from a module of schemas put zod in its chunks.

/** Kinds of transaction a person filters by, each a few of the service's type names. */
export const TX_KINDS = {
  lightning: { label: 'Lightning payments', types: ['ln_deposit', 'ln_withdrawal', 'ln_keysend'] },
  address: { label: 'Lightning address', types: ['ln_lnurl_pay_inbound', 'ln_lnurl_pay_outbound'] },
  withdraw: { label: 'Withdraw links', types: ['ln_lnurl_withdraw'] },
  transfer: { label: 'Moves between wallets', types: ['ln_transfer_in', 'ln_transfer_out'] },
  fee: { label: 'Fees', types: ['network_fee', 'service_fee'] },
} as const
export type TxKind = keyof typeof TX_KINDS

export const LABEL_MAX = 200

/** The service's transfer memo is at most 255 characters. */
export const TRANSFER_MEMO_MAX = 255
export const WALLET_NAME_MAX = 255
