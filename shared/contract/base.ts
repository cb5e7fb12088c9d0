// What every domain of the contract is made of: the primitives, `op()` and the money kinds.
import { z } from 'zod'

export const int = z.number().int()
export const msat = int.nonnegative()
export const id = z.string().min(1).max(200)
/** the input of an operation that takes none */
export const none = z.object({}).strict()

export const AmountSat = int.positive('Enter an amount above zero.').max(2_100_000_000_000_000 / 1000)
export const Memo = z.string().max(639, 'The memo is too long (639 characters at most).')
/** The app's passphrase, sent with a change that needs it (docs/security.md, "What needs the passphrase"). */
export const AppPassphrase = z.string().max(1024)
/** A token the renderer makes once per intent (per confirmation screen), so a double click is one payment. */
export const RequestId = z.string().min(8).max(100)
/** from `spending.confirm`: one spend over the confirm limit, within two minutes */
export const ConfirmToken = z.string().min(16).max(100)
/** What became of a voucher sheet: saved (the file's name, never its folder), cancelled, or not written. */
export const SheetOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), fileName: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('failed'), message: z.string() }),
])
export type SheetOutcome = z.infer<typeof SheetOutcome>

/**
 * What an operation does, which decides how it is guarded (docs/money.md, "Money rules"):
 * - `read`: asks the service or the app, changes nothing; service GETs may be retried.
 * - `local`: changes the app's own state (settings, accounts, what is watched).
 * - `create`: makes something at the service that moves no money (an invoice): never retried.
 * - `money`: moves money or makes something spendable (a payment, a transfer, a claim, a withdraw
 *   link, a voucher sheet, a wallet): never retried, run once per `requestId` for good (kept on
 *   disk), and a bug in main after its handler ran reads as `unknown_outcome`, never as "try again".
 */
export type OpKind = 'read' | 'local' | 'create' | 'money'

/** The input every `money` operation carries: one token per intent, so a double click runs once. */
type MoneyInput = z.ZodType<{ requestId: string }, { requestId: string }>

export function op<K extends OpKind, I extends z.ZodType, O extends z.ZodType>(
  kind: K,
  // a money operation that cannot be told apart from its repeat does not compile
  input: K extends 'money' ? I & MoneyInput : I,
  output: O,
) {
  return { kind, input, output }
}
