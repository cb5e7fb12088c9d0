import type { AccountView, AuthMethod, OpInput, WalletView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { early, invoke } from '../api'
import { createLatest } from '../lib/latest'
import type { LoadStatus } from './wallets'

/** one input per kind of account: an API key at a service, or a Nostr Wallet Connect string */
type ConnectInput = OpInput<'accounts.connect'>
type TestInput = OpInput<'accounts.test'>

interface AccountsState {
  accounts: AccountView[]
  activeId: string | null
  status: LoadStatus
  error: AppErrorShape | null
  /** the last "Test connection": wallets found, or why not */
  test: { status: LoadStatus; wallets: WalletView[]; error: AppErrorShape | null }
  connecting: boolean
  connectError: AppErrorShape | null
  busyId: string | null
  actionError: AppErrorShape | null
  load(): Promise<void>
  apply(payload: { accounts: AccountView[]; activeId: string | null }): void
  testConnection(input: TestInput): Promise<boolean>
  connect(input: ConnectInput): Promise<AccountView | null>
  switchTo(id: string): Promise<boolean>
  /** removes an account; the active one afterwards is main's choice (null only when none is left) */
  remove(id: string): Promise<boolean>
  update(id: string, patch: { label?: string; authMethod?: AuthMethod }): Promise<boolean>
  /**
   * A new key for an account whose key was revoked or lost (main checks it opens the same
   * wallets). The error comes back to the form that asked, not to `actionError`.
   */
  replaceKey(id: string, apiKey: string): Promise<{ ok: true } | { ok: false; error: AppErrorShape | null }>
  resetForm(): void
  /** the form's input changed: the last test (or one on its way) is about other input */
  clearTest(): void
}

const idleTest = { status: 'idle' as const, wallets: [], error: null }
/** "Test connection": an edit of the form or a newer test makes the answer on its way stale */
const tests = createLatest()

export const useAccounts = create<AccountsState>()((set, get) => ({
  accounts: [],
  activeId: null,
  status: 'idle',
  error: null,
  test: idleTest,
  connecting: false,
  connectError: null,
  busyId: null,
  actionError: null,
  async load() {
    set({ status: 'loading', error: null })
    const res = await early('accounts.list')
    if (res.ok) set({ accounts: res.value.accounts, activeId: res.value.activeId, status: 'ready' })
    else set({ status: 'error', error: res.error })
  },
  apply({ accounts, activeId }) {
    set({ accounts, activeId, status: 'ready', error: null })
  },
  async testConnection(input) {
    set({ test: { status: 'loading', wallets: [], error: null } })
    const { value: res, stale } = await tests.run(() => invoke('accounts.test', input))
    if (stale) return false
    if (res.ok) set({ test: { status: 'ready', wallets: res.value.wallets, error: null } })
    else set({ test: { status: 'error', wallets: [], error: res.error } })
    return res.ok
  },
  async connect(input) {
    if (get().connecting) return null
    set({ connecting: true, connectError: null })
    const res = await invoke('accounts.connect', input)
    if (!res.ok) {
      set({ connecting: false, connectError: res.error })
      return null
    }
    const acc = res.value
    set((s) => ({
      connecting: false,
      accounts: [...s.accounts.filter((a) => a.id !== acc.id), acc],
      activeId: acc.id,
      status: 'ready',
      test: idleTest,
    }))
    return acc
  },
  async switchTo(id) {
    return act(set, id, async () => {
      const res = await invoke('accounts.switch', { id })
      if (res.ok) set({ activeId: res.value.id })
      return res
    })
  },
  async remove(id) {
    return act(set, id, async () => {
      const res = await invoke('accounts.remove', { id })
      // main chooses the account that is active now (another one while any is left)
      if (res.ok) set({ accounts: res.value.accounts, activeId: res.value.activeId })
      return res
    })
  },
  async update(id, patch) {
    return act(set, id, async () => {
      const res = await invoke('accounts.update', { id, ...patch })
      if (res.ok) set((s) => ({ accounts: s.accounts.map((a) => (a.id === id ? res.value : a)) }))
      return res
    })
  },
  async replaceKey(id, apiKey) {
    if (get().busyId !== null) return { ok: false, error: null } // a press while one is on its way
    set({ busyId: id, actionError: null })
    const res = await invoke('accounts.replaceKey', { id, apiKey })
    set((s) => ({
      busyId: null,
      ...(res.ok ? { accounts: s.accounts.map((a) => (a.id === id ? res.value : a)) } : {}),
    }))
    return res.ok ? { ok: true } : { ok: false, error: res.error }
  },
  resetForm: () => {
    tests.drop()
    set({ test: idleTest, connectError: null })
  },
  clearTest: () => {
    tests.drop()
    if (get().test !== idleTest) set({ test: idleTest })
  },
}))

type Setter = (p: Partial<AccountsState>) => void
async function act(
  set: Setter,
  id: string,
  run: () => Promise<{ ok: true } | { ok: false; error: AppErrorShape }>,
): Promise<boolean> {
  set({ busyId: id, actionError: null })
  const res = await run()
  set({ busyId: null, actionError: res.ok ? null : res.error })
  return res.ok
}
