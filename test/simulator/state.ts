// The simulator's ledger, split by concern (types.ts, ledger.ts, invoices.ts, payments.ts,
// lnurl.ts, outside.ts); this module gathers what the rest of the simulator imports.
export { Ledger, type PayeeSpec, type VoucherSpec } from './outside'
export * from './types'
