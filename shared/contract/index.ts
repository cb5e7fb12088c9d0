// The one IPC contract, one file per domain behind this index. The preload, the main-process
// router, the renderer's typed API, the test bridge and the browser preview are all derived from
// `operations` and `events`: adding an operation is one entry in its domain's file plus one
// handler in electron/main/ipc (docs/architecture.md, "Adding an operation"). Each operation
// names its kind, from which the money rules follow.
import type { z } from 'zod'
import type { OpName } from '../channels'
import { accountsOps, accountsWhileLocked } from './accounts'
import { appOps, appWhileLocked } from './app'
import type { OpKind } from './base'
import { historyOps, historyWhileLocked } from './history'
import { invoicesOps, invoicesWhileLocked } from './invoices'
import { linksOps, linksWhileLocked } from './links'
import { moveOps, moveWhileLocked } from './move'
import { nwcOps, nwcWhileLocked } from './nwc'
import { paymentsOps, paymentsWhileLocked } from './payments'
import { safetyOps, safetyWhileLocked } from './safety'
import { settingsOps, settingsWhileLocked } from './settings'
import { walletsOps, walletsWhileLocked } from './wallets'

export type { EventName, OpName } from '../channels'
export { EVENT_NAMES, eventChannel, OP_NAMES, opChannel } from '../channels'
export { FIAT_CURRENCIES } from '../fiat'
export { DEFAULT_LOCK, LockSettings, LockStatus, Shortcut, UnlockResult } from '../lock'
export * from './accounts'
export * from './app'
export { type OpKind, SheetOutcome } from './base'
export * from './events'
export * from './invoices'
export * from './links'
export * from './move'
export * from './nwc'
export * from './payments'
export * from './safety'
export * from './settings'
export * from './wallets'

export const operations = {
  ...appOps,
  ...accountsOps,
  ...walletsOps,
  ...invoicesOps,
  ...paymentsOps,
  ...linksOps,
  ...historyOps,
  ...safetyOps,
  ...settingsOps,
  ...nwcOps,
  ...moveOps,
} as const satisfies Record<OpName, { kind: OpKind; input: z.ZodType; output: z.ZodType }>

export type Operations = typeof operations
export type OpInput<K extends OpName> = z.input<Operations[K]['input']>
export type OpOutput<K extends OpName> = z.output<Operations[K]['output']>

export const opKind = (name: OpName): OpKind => operations[name].kind

/**
 * What each operation may do while the app is locked (docs/security.md): `refused` is answered
 * `locked` by the router without running it. `open` only for what shows no amount, history, link
 * or key, changes no account and moves no money. A `money` operation cannot be `open` (its type
 * says so) and a name missing here does not compile; test/electron/ipc/lockedRouter.test.ts also
 * reads each output schema and fails for an `open` operation whose answer carries money data.
 */
export type WhileLocked = 'open' | 'refused'
type LockRules = { [K in OpName]: Operations[K]['kind'] extends 'money' ? 'refused' : WhileLocked }
export const whileLocked = {
  ...appWhileLocked,
  ...accountsWhileLocked,
  ...walletsWhileLocked,
  ...invoicesWhileLocked,
  ...paymentsWhileLocked,
  ...linksWhileLocked,
  ...historyWhileLocked,
  ...safetyWhileLocked,
  ...settingsWhileLocked,
  ...nwcWhileLocked,
  ...moveWhileLocked,
} as const satisfies LockRules

export const openWhileLocked = (name: OpName): boolean => whileLocked[name] === 'open'
