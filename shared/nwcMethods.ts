// What a connected app may be allowed to ask (NIP-47), apart from the contract's schemas
// (contract/nwc.ts), so the renderer's Settings chunk does not carry zod for one list.
export const NWC_METHODS = [
  'pay_invoice',
  'make_invoice',
  'lookup_invoice',
  'get_balance',
  'get_info',
  'list_transactions',
] as const
