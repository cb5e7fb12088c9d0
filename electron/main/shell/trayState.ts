// What the tray shows, kept up to date from the events main already sends the renderer (wallets,
// accounts, connection, invoices), so the tray needs no hook of its own into the services.
import type { EventName, EventPayload, PendingInvoice } from '@shared/contract'
import type { TrayState } from '../services/tray'

export const INITIAL_TRAY_STATE: TrayState = { accountLabel: null, wallets: [], pendingCount: 0, online: true }

export function countPending(invoices: readonly PendingInvoice[]): number {
  return invoices.filter((i) => i.status === 'pending').length
}

/**
 * The next tray state after an event. The pending count is re-read from the sync loop each time:
 * tracking a new invoice sends no event of its own, but an answer or event follows soon after.
 */
export function reduceTrayState(
  previous: TrayState,
  event: EventName,
  payload: unknown,
  pending: () => readonly PendingInvoice[],
): TrayState {
  const state = { ...previous, pendingCount: countPending(pending()) }
  switch (event) {
    case 'wallets.updated': {
      const p = payload as EventPayload<'wallets.updated'>
      return { ...state, wallets: p.wallets }
    }
    case 'accounts.updated': {
      const p = payload as EventPayload<'accounts.updated'>
      const active = p.accounts.find((a) => a.id === p.activeId) ?? null
      const accountId = active?.id ?? null
      // Another account's wallets must not stay on show under this one's name; compared by id, since
      // two accounts may share a name (the service's host by default) and a rename keeps the account.
      const same = accountId !== null && accountId === state.accountId
      return { ...state, accountLabel: active?.label ?? null, accountId, wallets: same ? state.wallets : [] }
    }
    case 'connection': {
      const p = payload as EventPayload<'connection'>
      return { ...state, online: p.state === 'online', error: p.state === 'error' ? p.reason : null }
    }
    case 'settings.updated': {
      const p = payload as EventPayload<'settings.updated'>
      return { ...state, showTotal: p.trayTotal, hideAmounts: p.hideBalances }
    }
    case 'lock.changed': {
      const p = payload as EventPayload<'lock.changed'>
      return { ...state, locked: p.locked, lockSet: p.set }
    }
    case 'nwc.updated': {
      const p = payload as EventPayload<'nwc.updated'>
      const appsConnected = p.connections.some((c) => c.status === 'active')
      return { ...state, appsConnected, appsPaused: p.settings.paused }
    }
    default:
      return state
  }
}
