// The simulator's ledger, split by concern (types.ts, ledger.ts, invoices.ts, payments.ts,
// lnurl.ts); this module gathers what the rest of the simulator imports.
export { Ledger } from './lnurl'
export * from './types'
