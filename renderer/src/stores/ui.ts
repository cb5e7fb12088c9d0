// Navigation and app-wide UI state: which screen shows, notices, the connection banner.
// A tiny screen switch instead of a router library keeps the first screen light.
import type { ConnectionProblem, ConnectionState, EventPayload, NavigateTarget } from '@shared/contract'
import { create } from 'zustand'

export type Screen =
  | NavigateTarget
  /** `lookUp`: the person pressed a button that named what it is (the clipboard offer's Pay) */
  | { to: 'send'; address?: string; walletId?: string; lookUp?: boolean }
  | { to: 'onboarding'; adding?: boolean }

export interface Notice {
  id: number
  level: 'info' | 'warning' | 'error'
  message: string
}

interface UiState {
  screen: Screen
  notices: Notice[]
  /** the active account's service: reached, unreachable, or answering so that nothing works */
  connection: ConnectionState
  /** why it is in error, if it is */
  connectionReason: ConnectionProblem | null
  connectionMessage: string | null
  go(screen: Screen): void
  notify(level: Notice['level'], message: string): void
  dismiss(id: number): void
  setConnection(c: EventPayload<'connection'>): void
}

let nextNotice = 1
const MAX_NOTICES = 5

export const useUi = create<UiState>()((set) => ({
  // Home first: it asks for balances at once; boot() switches to onboarding when there is no account
  screen: { to: 'home' },
  notices: [],
  connection: 'online',
  connectionReason: null,
  connectionMessage: null,
  go: (screen) => set({ screen }),
  notify: (level, message) =>
    set((s) => ({ notices: [...s.notices, { id: nextNotice++, level, message }].slice(-MAX_NOTICES) })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  setConnection: (c) => set({ connection: c.state, connectionReason: c.reason, connectionMessage: c.message }),
}))
