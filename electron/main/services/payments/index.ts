// Paying: everything money does, behind createPayments (createPayments.ts). Money leaves the app
// by one function, the journaled send (journaled.ts); nothing outside this folder calls the
// service's paying endpoints (test/architecture.test.ts). See docs/money.md, "Money rules".
export { createPayments, type Payments, type PaymentsDeps } from './createPayments'
export { type CheckResult, recoveredTitle } from './follow'
export { readInvoiceToPay } from './invoice'
export {
  type Journal,
  type JournalEntry,
  type JournalEntryInput,
  type JournalNotice,
  openJournal,
  type PaymentState,
} from './journal'
export type { PaymentStep } from './journaled'
export type { MintedLink } from './links'
export type { OperationLog, OperationRecord } from './operations'
export { reconcile } from './reconcile'
export { alreadySent, type TransferInput } from './transfer'
export { paymentError } from './words'
