// Accounts: a base URL, an auth method and a key (in the keychain, or in memory for this
// session). Several may exist; one is active. Metadata goes to settings.json, keys never do.
import { type AccountView, storedCapabilities } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { Logger } from '../../log'
import type { Backend, BackendClient, BackendHooks, BackendRegistry } from '../backends'
import { backendOf } from '../backends/kinds'
import { mt } from '../i18n'
import { newAccountId } from '../ids'
import { apiKeyName, type SecretStore } from '../secrets'
import type { AccountMeta, SettingsStore } from '../settings'
import { prefsOfAccounts } from '../settings/walletPrefs'
import { type ConnectContext, connectAccount, testAccount } from './connect'
import { keyHint, sameKey } from './keys'
import { sameService, walletHolder } from './sameService'
import type { AccountInput, AccountsService, CallPolicy } from './types'

export { keyHint } from './keys'

export type { AccountInput, AccountsService, CallPolicy, ConnectRequest, TestRequest } from './types'

/** An account's view; its flags are its backend's (backends/registry.ts). */
const viewIn =
  (backends: BackendRegistry) =>
  (m: AccountMeta): AccountView => ({
    id: m.id,
    label: m.label,
    baseUrl: m.baseUrl,
    authMethod: m.authMethod,
    keyHint: m.keyHint,
    storage: m.storage,
    kind: m.kind ?? 'service',
    // an LNbits account's flags are what its server offered when it was connected (backends/lnbits/connect.ts)
    capabilities: storedCapabilities(m.kind ?? 'service', m.capabilities ?? backendOf(backends, m.kind).capabilities),
  })

export function createAccountsService(deps: {
  settings: SettingsStore
  keychain: SecretStore
  memory: SecretStore
  /** each kind's backend, which makes an account's client (backends/registry.ts) */
  backends: BackendRegistry
  /** what the app watches on every client: its clock, the connection, pushed payments */
  hooks: BackendHooks
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
  const view = viewIn(deps.backends)
  const backendFor = (m: Pick<AccountMeta, 'kind'>) => backendOf(deps.backends, m.kind)
  const newId = deps.newId ?? newAccountId
  // Accounts whose key is kept in memory live only as long as this process.
  const session: AccountMeta[] = []
  // undefined until a choice is made in this session: then the file's choice counts (the file
  // is loaded after this service is made).
  let activeId: string | null | undefined
  /** per account id, one client per call policy */
  const clients = new Map<string, Partial<Record<CallPolicy, BackendClient>>>()
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
    // a shared link (an NWC account's) does not change with its name: a payment waiting on it keeps its answer
    if (backendFor(next).session !== 'shared') clients.delete(next.id)
  }

  async function readKey(meta: AccountMeta): Promise<string> {
    const cached = keys.get(meta.id)
    if (cached) return cached
    const key = await storeOf(meta).get(apiKeyName(meta.id))
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

  /** A checked account and its key (an API key or an NWC string), kept where the person chose. */
  async function saveNew(meta: AccountMeta, key: string) {
    if (meta.storage === 'keychain') {
      await deps.keychain.set(apiKeyName(meta.id), key)
    } else {
      await deps.memory.set(apiKeyName(meta.id), key)
      session.push(meta)
    }
    keys.set(meta.id, key)
    activeId = meta.id
    await persist((accounts) => (meta.storage === 'keychain' ? [...accounts, meta] : accounts))
    deps.log.info('account connected', { id: meta.id, storage: meta.storage, kind: meta.kind ?? 'service' })
  }

  async function replaceKey(input: AccountInput<'accounts.replaceKey'>): Promise<AccountView> {
    const meta = mustFind(input.id)
    const backend = backendFor(meta)
    // a kind with no key to replace (an NWC string, an LNbits server's keys) refuses, in its words
    backend.connect.newKey(input.apiKey)
    const holder = await holderOf(meta.baseUrl, input.apiKey, meta.id)
    if (holder) throw new AppError('invalid_input', mt('accounts.keyConnectedAs', { label: holder.label }))
    deps.log.addSecret(input.apiKey)
    const wallets = await listWith(backend, meta, input.apiKey)
    const known = new Set(deps.knownWallets?.(meta.id) ?? [])
    if (known.size > 0 && !wallets.some((w) => known.has(w.id)))
      throw new AppError('invalid_input', mt('accounts.otherAccount', { label: meta.label }))
    // Kept where the old key was: the keychain entry (or the memory one) is overwritten in place.
    await storeOf(meta).set(apiKeyName(meta.id), input.apiKey)
    keys.set(meta.id, input.apiKey)
    const next: AccountMeta = { ...meta, keyHint: keyHint(input.apiKey) }
    await replaceMeta(next)
    deps.log.info('account key replaced', { id: meta.id, storage: meta.storage })
    return view(next)
  }

  function closeClients(id: string) {
    for (const c of Object.values(clients.get(id) ?? {})) c.close?.()
    clients.delete(id)
  }

  /** Connects and key replacements run one at a time: two at once with one key cannot both pass. */
  function serial<T>(run: () => Promise<T>): Promise<T> {
    const result = connecting.then(run)
    connecting = result.catch(() => {})
    return result
  }

  /** the wallets a key opens at an account's address, by a client of its own closed after */
  async function listWith(backend: Backend, meta: AccountMeta, key: string) {
    const client = backend.open({ baseUrl: meta.baseUrl, authMethod: meta.authMethod, key: () => key }, deps.hooks)
    try {
      return await client.listWallets()
    } finally {
      client.close?.()
    }
  }

  const kinds: ConnectContext = {
    ...{ backends: deps.backends, hooks: deps.hooks, log: deps.log, saveNew },
    newMeta: () => ({ id: newId(), createdAt: Math.floor(now() / 1000) }),
    async refuseHeld(address, secret) {
      const holder = await holderOf(address, secret)
      if (holder) throw new AppError('invalid_input', mt('accounts.keyConnectedAs', { label: holder.label }))
    },
    refuseShared(walletIds) {
      const sharing = walletHolder(all(), walletIds, deps.knownWallets)
      if (sharing) throw new AppError('invalid_input', mt('accounts.walletsOf', { label: sharing.label }))
    },
    view,
  }

  return {
    list,
    test: (input) => testAccount(kinds, input),
    connect: (input) => serial(() => connectAccount(kinds, input)),
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
      await storeOf(meta).delete(apiKeyName(meta.id))
      keys.delete(meta.id)
      closeClients(meta.id)
      const i = session.findIndex((a) => a.id === meta.id)
      if (i >= 0) session.splice(i, 1)
      if (activeId === meta.id) activeId = all().find((a) => a.id !== meta.id)?.id ?? null
      await persist((accounts) => accounts.filter((a) => a.id !== meta.id))
      closeClients(meta.id) // again: one may have been made while the list was being saved
      deps.log.info('account removed', { id: meta.id })
    },
    active() {
      const { activeId: id } = list()
      const meta = id ? find(id) : undefined
      if (!meta) throw new AppError('not_connected', mt('accounts.connectFirst'), { retryable: false })
      return view(meta)
    },
    dispose() {
      for (const id of [...clients.keys()]) closeClients(id)
    },
    capabilities(accountId) {
      const meta = mustFind(accountId ?? this.active().id)
      // an LNbits account's flags are its server's answers at connect, kept with it (backends/lnbits/connect.ts)
      return storedCapabilities(meta.kind ?? 'service', meta.capabilities ?? backendFor(meta).capabilities)
    },
    client(accountId, policy = 'retry') {
      const id = accountId ?? this.active().id
      const meta = mustFind(id)
      const mine = clients.get(id) ?? {}
      clients.set(id, mine)
      const backend = backendFor(meta)
      // a shared link serves every policy: its requests are never sent twice anyway
      const slot = backend.session === 'shared' ? 'once' : policy
      mine[slot] ??= backend.open(
        {
          ...{ accountId: id, baseUrl: meta.baseUrl, authMethod: meta.authMethod, key: () => readKey(meta) },
          ...(slot === 'once' && backend.session !== 'shared' ? { retries: 0 as const } : {}),
        },
        deps.hooks,
      )
      return mine[slot]
    },
  }
}
