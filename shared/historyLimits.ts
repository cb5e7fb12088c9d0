// The history's limits and filter kinds, apart from its schemas (history.ts): the renderer needs
// these few values, and importing them from a module of schemas put zod in its chunks.

/**
 * Kinds of transaction a person filters by, each a few of the service's type names. Their names
 * are the renderer's, in the person's language (HistoryFilters.tsx), not words here.
 */
export const TX_KINDS = {
  lightning: { types: ['ln_deposit', 'ln_withdrawal', 'ln_keysend'] },
  address: { types: ['ln_lnurl_pay_inbound', 'ln_lnurl_pay_outbound'] },
  withdraw: { types: ['ln_lnurl_withdraw'] },
  transfer: { types: ['ln_transfer_in', 'ln_transfer_out'] },
  fee: { types: ['network_fee', 'service_fee'] },
} as const
export type TxKind = keyof typeof TX_KINDS

export const LABEL_MAX = 200

/** The service's transfer memo is at most 255 characters. */
export const TRANSFER_MEMO_MAX = 255
export const WALLET_NAME_MAX = 255
