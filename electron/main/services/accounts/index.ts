// Accounts: a base URL, an auth method and a key (in the keychain, or in memory for this
// session). Several may exist; one is active. Metadata goes to settings.json, keys never do.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type AccountView, type AuthMethod, capabilitiesOf, type Operations } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { Wallet } from '@shared/schemas/service'
import type { z } from 'zod'
import type { Logger } from '../../log'
import { checkBaseUrl, type ServiceClient } from '../client'
import { mt } from '../i18n'
import type { SecretStore } from '../secrets'
import type { AccountMeta, SettingsStore } from '../settings'
import { prefsOfAccounts } from '../settings/walletPrefs'
import { sameService, walletHolder } from './sameService'

export type ClientFactory = (o: {
  baseUrl: string
  authMethod: AuthMethod
  getApiKey: () => Promise<string> | string
  /** the stored account this client serves; absent for a key being tested */
  accountId?: string
  /** 0: no call of this client is ever retried */
  retries?: 0
}) => ServiceClient

/** How an account's client may treat a failed call: `once` never retries one. */
/** An operation's input as the router parsed it (the IPC boundary parses once). */
export type AccountInput<K extends 'accounts.test' | 'accounts.connect' | 'accounts.update' | 'accounts.replaceKey'> =
  z.output<Operations[K]['input']>

export type CallPolicy = 'retry' | 'once'

export interface AccountsService {
  list(): { accounts: AccountView[]; activeId: string | null }
  /** Lists wallets with these details; stores nothing. */
  test(input: AccountInput<'accounts.test'>): Promise<Wallet[]>
  connect(input: AccountInput<'accounts.connect'>): Promise<AccountView>
  switch(id: string): Promise<AccountView>
  update(input: AccountInput<'accounts.update'>): Promise<AccountView>
  /** A new key for an account (the old one revoked or lost), checked to open the same wallets. */
  replaceKey(input: AccountInput<'accounts.replaceKey'>): Promise<AccountView>
  remove(id: string): Promise<void>
  /** the active account, or `not_connected` */
  active(): AccountView
  /** the service client of an account (the active one by default) */
  client(accountId?: string, policy?: CallPolicy): ServiceClient
}

/** `sak_…9f2c`: enough to tell keys apart, useless to anyone who reads it. */
export function keyHint(key: string): string {
  const prefix = /^[A-Za-z]{1,8}_/.exec(key)?.[0] ?? ''
  return `${prefix}…${key.slice(-4)}`
}

/** Equal keys, compared in constant time (digests, so lengths do not show either). */
function sameKey(a: string, b: string): boolean {
  const digest = (k: string) => createHash('sha256').update(k).digest()
  return timingSafeEqual(digest(a), digest(b))
}

const view = (m: AccountMeta): AccountView => ({
  id: m.id,
  label: m.label,
  baseUrl: m.baseUrl,
  authMethod: m.authMethod,
  keyHint: m.keyHint,
  storage: m.storage,
  kind: 'service',
  capabilities: capabilitiesOf('service'),
})

export function createAccountsService(deps: {
  settings: SettingsStore
  keychain: SecretStore
  memory: SecretStore
  makeClient: ClientFactory
  onChange: (list: { accounts: AccountView[]; activeId: string | null }) => void
  log: Logger
  /**
   * The wallets the app has seen of an account (the ledger's): a new key must open at least one
   * of them, so one account's history never mixes with another's. Empty: nothing to compare.
   */
  knownWallets?: (accountId: string) => readonly string[]
  now?: () => number
  newId?: () => string
  /** the service's clock minus the computer's, seconds (services/serviceTime), shown in each view */
  clockOffsetSec?: (accountId: string) => number | null
}): AccountsService {
  const now = deps.now ?? Date.now
  const newId = deps.newId ?? (() => `acc_${randomBytes(6).toString('hex')}`)
  // Accounts whose key is kept in memory live only as long as this process.
  const session: AccountMeta[] = []
  // undefined until a choice is made in this session: then the file's choice counts (the file
  // is loaded after this service is made).
  let activeId: string | null | undefined
  /** per account id, one client per call policy */
  const clients = new Map<string, Partial<Record<CallPolicy, ServiceClient>>>()
  const keys = new Map<string, string>()
  // see serial()
  let connecting: Promise<unknown> = Promise.resolve()

  const all = (): AccountMeta[] => [...deps.settings.current().accounts, ...session]
  const find = (id: string) => all().find((a) => a.id === id)
  const mustFind = (id: string) => {
    const a = find(id)
    if (!a) throw new AppError('not_found', mt('accounts.gone'))
    return a
  }
  const list = () => {
    const accounts = all()
    const want = activeId === undefined ? deps.settings.current().activeId : activeId
    const active = want && accounts.some((a) => a.id === want) ? want : (accounts[0]?.id ?? null)
    const shown = (m: AccountMeta) => ({ ...view(m), clockOffsetSec: deps.clockOffsetSec?.(m.id) ?? null })
    return { accounts: accounts.map(shown), activeId: active }
  }

  async function persist(mutate: (accounts: AccountMeta[]) => AccountMeta[]) {
    await deps.settings.update((s) => {
      const accounts = mutate(s.accounts)
      const keep = accounts.some((a) => a.id === activeId) ? activeId : s.activeId
      return {
        ...s,
        accounts,
        walletPrefs: prefsOfAccounts(
          s.walletPrefs,
          accounts.map((a) => a.id),
        ),
        activeId: accounts.some((a) => a.id === keep) ? (keep ?? null) : (accounts[0]?.id ?? null),
      }
    })
    deps.onChange(list())
  }

  /** where an account's key is kept */
  const storeOf = (meta: AccountMeta) => (meta.storage === 'memory' ? deps.memory : deps.keychain)

  /**
   * Saves an account's new settings. Its clients are dropped once they are in: a client made while
   * they were being saved (the sync loop reads all the time) would otherwise keep the old ones.
   */
  async function replaceMeta(next: AccountMeta) {
    const i = session.findIndex((a) => a.id === next.id)
    if (i >= 0) session[i] = next
    await persist((accounts) => accounts.map((a) => (a.id === next.id ? next : a)))
    clients.delete(next.id)
  }

  async function readKey(meta: AccountMeta): Promise<string> {
    const cached = keys.get(meta.id)
    if (cached) return cached
    const key = await storeOf(meta).get(meta.id)
    if (!key) throw new AppError('unauthorized', mt('accounts.keyMissing'))
    deps.log.addSecret(key)
    keys.set(meta.id, key)
    return key
  }

  /**
   * The account at this service (its address written any way: sameService.ts) that holds this
   * very key, if any. Keys are compared here only.
   */
  async function holderOf(baseUrl: string, apiKey: string, except?: string): Promise<AccountMeta | undefined> {
    for (const meta of all()) {
      if (!sameService(meta.baseUrl, baseUrl) || meta.id === except) continue
      // a key that cannot be read (gone, keychain down) holds nothing to compare with
      const stored = await readKey(meta).catch(() => null)
      if (stored !== null && sameKey(stored, apiKey)) return meta
    }
    return undefined
  }

  async function connect(input: AccountInput<'accounts.connect'>): Promise<AccountView> {
    const baseUrl = checkBaseUrl(input.baseUrl)
    const holder = await holderOf(baseUrl, input.apiKey)
    if (holder) throw new AppError('invalid_input', mt('accounts.keyConnectedAs', { label: holder.label }))
    const wallets = await checkClient({ ...input, baseUrl }).listWallets()
    const sharing = walletHolder(
      all(),
      wallets.map((w) => w.id),
      deps.knownWallets,
    )
    if (sharing) throw new AppError('invalid_input', mt('accounts.walletsOf', { label: sharing.label }))
    const meta: AccountMeta = {
      id: newId(),
      label: input.label || new URL(baseUrl).host,
      baseUrl,
      authMethod: input.authMethod,
      keyHint: keyHint(input.apiKey),
      storage: input.storage,
      createdAt: Math.floor(now() / 1000),
    }
    if (input.storage === 'keychain') {
      await deps.keychain.set(meta.id, input.apiKey)
    } else {
      await deps.memory.set(meta.id, input.apiKey)
      session.push(meta)
    }
    keys.set(meta.id, input.apiKey)
    activeId = meta.id
    await persist((accounts) => (meta.storage === 'keychain' ? [...accounts, meta] : accounts))
    deps.log.info('account connected', { id: meta.id, storage: meta.storage })
    return view(meta)
  }

  async function replaceKey(input: AccountInput<'accounts.replaceKey'>): Promise<AccountView> {
    const meta = mustFind(input.id)
    const holder = await holderOf(meta.baseUrl, input.apiKey, meta.id)
    if (holder) throw new AppError('invalid_input', mt('accounts.keyConnectedAs', { label: holder.label }))
    const wallets = await checkClient({ ...meta, apiKey: input.apiKey }).listWallets()
    const known = new Set(deps.knownWallets?.(meta.id) ?? [])
    if (known.size > 0 && !wallets.some((w) => known.has(w.id)))
      throw new AppError('invalid_input', mt('accounts.otherAccount', { label: meta.label }))
    // Kept where the old key was: the keychain entry (or the memory one) is overwritten in place.
    await storeOf(meta).set(meta.id, input.apiKey)
    keys.set(meta.id, input.apiKey)
    const next: AccountMeta = { ...meta, keyHint: keyHint(input.apiKey) }
    await replaceMeta(next)
    deps.log.info('account key replaced', { id: meta.id, storage: meta.storage })
    return view(next)
  }

  /** Connects and key replacements run one at a time: two at once with one key cannot both pass. */
  function serial<T>(run: () => Promise<T>): Promise<T> {
    const result = connecting.then(run)
    connecting = result.catch(() => {})
    return result
  }

  function checkClient(input: { baseUrl: string; authMethod: AuthMethod; apiKey: string }) {
    deps.log.addSecret(input.apiKey)
    return deps.makeClient({ baseUrl: input.baseUrl, authMethod: input.authMethod, getApiKey: () => input.apiKey })
  }

  return {
    list,
    async test(input) {
      return checkClient(input).listWallets()
    },
    connect: (input) => serial(() => connect(input)),
    replaceKey: (input) => serial(() => replaceKey(input)),
    async switch(id) {
      const meta = mustFind(id)
      activeId = meta.id
      await persist((a) => a)
      return view(meta)
    },
    async update(input) {
      const meta = mustFind(input.id)
      const next: AccountMeta = {
        ...meta,
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.authMethod !== undefined ? { authMethod: input.authMethod } : {}),
      }
      await replaceMeta(next)
      return view(next)
    },
    async remove(id) {
      const meta = mustFind(id)
      // The key goes first: an account that is gone from the list must not leave a key behind.
      await storeOf(meta).delete(meta.id)
      keys.delete(meta.id)
      clients.delete(meta.id)
      const i = session.findIndex((a) => a.id === meta.id)
      if (i >= 0) session.splice(i, 1)
      if (activeId === meta.id) activeId = all().find((a) => a.id !== meta.id)?.id ?? null
      await persist((accounts) => accounts.filter((a) => a.id !== meta.id))
      clients.delete(meta.id) // again: one may have been made while the list was being saved
      deps.log.info('account removed', { id: meta.id })
    },
    active() {
      const { activeId: id } = list()
      const meta = id ? find(id) : undefined
      if (!meta) throw new AppError('not_connected', mt('accounts.connectFirst'), { retryable: false })
      return view(meta)
    },
    client(accountId, policy = 'retry') {
      const id = accountId ?? this.active().id
      const meta = mustFind(id)
      const mine = clients.get(id) ?? {}
      clients.set(id, mine)
      mine[policy] ??= deps.makeClient({
        baseUrl: meta.baseUrl,
        authMethod: meta.authMethod,
        getApiKey: () => readKey(meta),
        accountId: id,
        ...(policy === 'once' ? { retries: 0 as const } : {}),
      })
      return mine[policy]
    },
  }
}
