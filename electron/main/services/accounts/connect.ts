// Testing and connecting an account, one function per kind: each checks its secret against its
// backend, refuses a secret or a wallet another account already holds, and keeps the new account
// (accounts/index.ts gives the shared steps as a context).
import type { AccountView, AuthMethod } from '@shared/contract'
import type { Logger } from '../../log'
import type { BackendClient, BackendHooks, BackendRegistry, BackendWallet } from '../backends'
import { checkBaseUrl } from '../backends/service'
import type { AccountMeta } from '../settings'
import { keyHint } from './keys'
import { lnbitsMeta, testLnbits } from './lnbits'
import { nwcAddress, nwcMeta, readNwcUri, testNwc } from './nwc'
import type { AccountInput, KindInput } from './types'

/** The accounts service's own steps a connect uses. */
export interface ConnectContext {
  backends: BackendRegistry
  hooks: BackendHooks
  log: Logger
  checkClient(input: { baseUrl: string; authMethod: AuthMethod; apiKey: string }): BackendClient
  saveNew(meta: AccountMeta, key: string): Promise<void>
  newMeta(): { id: string; createdAt: number }
  /** refuses a secret an account at this address already holds */
  refuseHeld(address: string, secret: string): Promise<void>
  /** refuses wallets another account holds, so two accounts' histories never mix */
  refuseShared(walletIds: readonly string[]): void
  view(meta: AccountMeta): AccountView
}

export async function testAccount(c: ConnectContext, input: AccountInput<'accounts.test'>): Promise<BackendWallet[]> {
  if (input.kind === 'service') return c.checkClient(input).listWallets()
  if (input.kind === 'lnbits') return (await testLnbits((a) => c.backends.lnbits.open(a, c.hooks), input)).wallets
  const uri = readNwcUri(input.uri)
  c.log.addSecret(uri.secret)
  return testNwc((a) => c.backends.nwc.open(a, c.hooks), uri, input.uri)
}

export function connectAccount(c: ConnectContext, input: AccountInput<'accounts.connect'>): Promise<AccountView> {
  if (input.kind === 'service') return connectService(c, input)
  if (input.kind === 'lnbits') return connectLnbits(c, input)
  return connectNwc(c, input)
}

async function connectService(c: ConnectContext, input: KindInput<'accounts.connect', 'service'>) {
  const baseUrl = checkBaseUrl(input.baseUrl)
  await c.refuseHeld(baseUrl, input.apiKey)
  const wallets = await c.checkClient({ ...input, baseUrl }).listWallets()
  c.refuseShared(wallets.map((w) => w.id))
  const meta: AccountMeta = {
    ...c.newMeta(),
    label: input.label || new URL(baseUrl).host,
    baseUrl,
    authMethod: input.authMethod,
    keyHint: keyHint(input.apiKey),
    storage: input.storage,
  }
  await c.saveNew(meta, input.apiKey)
  return c.view(meta)
}

async function connectNwc(c: ConnectContext, input: KindInput<'accounts.connect', 'nwc'>) {
  const uri = readNwcUri(input.uri)
  c.log.addSecret(uri.secret)
  await c.refuseHeld(nwcAddress(uri), input.uri)
  const wallets = await testNwc((a) => c.backends.nwc.open(a, c.hooks), uri, input.uri)
  c.refuseShared([wallets[0]?.id ?? ''])
  const meta = nwcMeta(uri, { ...input, ...c.newMeta() }, wallets[0])
  await c.saveNew(meta, input.uri)
  return c.view(meta)
}

async function connectLnbits(c: ConnectContext, input: KindInput<'accounts.connect', 'lnbits'>) {
  for (const k of input.keys) c.log.addSecret(k)
  const checked = await testLnbits((a) => c.backends.lnbits.open(a, c.hooks), input)
  await c.refuseHeld(checked.baseUrl, checked.secret)
  c.refuseShared(checked.wallets.map((w) => w.id))
  const meta = lnbitsMeta(checked, { ...input, ...c.newMeta() })
  await c.saveNew(meta, checked.secret)
  return c.view(meta)
}
