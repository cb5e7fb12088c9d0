// Testing and connecting an account of any kind. Its kind's entry in the registry
// (backends/registry.ts, `connect`) reads the input and asks its backend for the wallets; the
// steps around that are every kind's: no secret or wallet another account holds, the new account
// kept (accounts/index.ts gives them as a context). Nothing here branches on a kind.
import type { AccountView } from '@shared/contract'
import type { Logger } from '../../log'
import type { BackendHooks, BackendRegistry, BackendWallet } from '../backends'
import { backendOf } from '../backends/kinds'
import type { AccountMeta } from '../settings'
import { keyHint } from './keys'
import type { ConnectRequest, TestRequest } from './types'

/** The accounts service's own steps a connect uses. */
export interface ConnectContext {
  backends: BackendRegistry
  hooks: BackendHooks
  log: Logger
  saveNew(meta: AccountMeta, key: string): Promise<void>
  newMeta(): { id: string; createdAt: number }
  /** refuses a secret an account at this address already holds */
  refuseHeld(address: string, secret: string): Promise<void>
  /** refuses wallets another account holds, so two accounts' histories never mix */
  refuseShared(walletIds: readonly string[]): void
  view(meta: AccountMeta): AccountView
}

/** the input read by its kind's entry (no call made yet), its secrets named to the log */
function read(c: ConnectContext, input: TestRequest) {
  const backend = backendOf(c.backends, input.kind)
  const reading = backend.connect.read(input)
  for (const secret of [reading.secret, ...reading.secrets]) c.log.addSecret(secret)
  const check = () => backend.connect.check(reading, (a) => backend.open(a, c.hooks))
  return { reading, check }
}

export async function testAccount(c: ConnectContext, input: TestRequest): Promise<BackendWallet[]> {
  return (await read(c, input).check()).wallets
}

export async function connectAccount(c: ConnectContext, input: ConnectRequest): Promise<AccountView> {
  const { reading, check } = read(c, input)
  await c.refuseHeld(reading.baseUrl, reading.secret)
  const checked = await check()
  c.refuseShared(checked.wallets.map((w) => w.id))
  const meta: AccountMeta = {
    ...c.newMeta(),
    ...{ label: input.label || checked.label, baseUrl: reading.baseUrl, authMethod: reading.authMethod },
    ...{ keyHint: checked.keyHint ?? keyHint(reading.secret), storage: input.storage, kind: input.kind },
    ...(checked.capabilities ? { capabilities: checked.capabilities } : {}),
  }
  await c.saveNew(meta, reading.secret)
  return c.view(meta)
}
