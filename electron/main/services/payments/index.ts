// Paying: BOLT 11 requests read before they are paid, every payment sent under the journal, and
// unfinished payments reconciled against the service (docs/architecture.md, "Money rules").
export { type CheckResult, checkPayments, followPayments, RECOVERED_TITLE } from './follow'
export { readInvoice } from './invoice'
export {
  type Journal,
  type JournalEntry,
  type JournalEntryInput,
  type JournalNotice,
  openJournal,
  type PaymentState,
} from './journal'
export { type JournaledDeps, type PaymentStep, sendJournaled } from './journaled'
export type { OperationLog, OperationRecord } from './operations'
export { reconcile } from './reconcile'
export { paymentError } from './words'
