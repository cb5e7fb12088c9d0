// The tray's menu as plain data: built from the app's state by a pure function, turned into an
// Electron menu by the shell. The tray is not guaranteed on Linux (vanilla GNOME has none), so
// everything here is also reachable from the window; the menu is a shortcut, never the only way.
import { totalBalanceMsat } from '@shared/balances'
import { APP_NAME, type ConnectionProblem, type NavigateTarget, type WalletView } from '@shared/contract'
import { formatMsat } from '@shared/units'

export interface TrayState {
  /** null when no account is connected */
  accountLabel: string | null
  /** the account whose wallets are shown (names are not unique, nor fixed) */
  accountId?: string | null
  wallets: readonly WalletView[]
  pendingCount: number
  /** false while the service cannot be reached or fails: balances shown are the last known */
  online: boolean
  /** set while the service answers in a way that means nothing works (not online, not offline) */
  error?: ConnectionProblem | null
  /** the person's setting: off, no amount shows on the tray at all (default on) */
  showTotal?: boolean
  /** "Hide balances": no amount anywhere, whatever `showTotal` says */
  hideAmounts?: boolean
  /** the app is locked: the tray shows that, and nothing of the wallets */
  locked?: boolean
  /** a passphrase is set, so the menu offers "Lock now" */
  lockSet?: boolean
  /** connected apps (docs/nwc.md): some are active, so the menu offers to pause them all */
  appsConnected?: boolean
  appsPaused?: boolean
}

export type TrayActionId =
  | 'receive'
  | 'send'
  | 'withdraw'
  | 'open'
  | 'quit'
  | 'wallet'
  | 'hideBalances'
  | 'lock'
  | 'pauseApps'

export type TrayItem =
  | { kind: 'label'; text: string }
  | { kind: 'separator' }
  /** `checked`: a check box (Hide balances), ticked or not */
  | { kind: 'action'; action: TrayActionId; label: string; walletId?: string; checked?: boolean }

export interface TrayMenuModel {
  tooltip: string
  /** the text beside the icon in macOS's menu bar ('' for none) */
  title: string
  items: TrayItem[]
}

function pendingText(n: number): string {
  return n === 1 ? '1 invoice pending' : `${n} invoices pending`
}

const showsTotal = (state: TrayState) => state.showTotal !== false && !state.hideAmounts && !state.locked

/** A few words on why nothing works, for the tooltip and the menu bar. */
export const PROBLEM_WORDS: Record<ConnectionProblem, string> = {
  key_refused: 'key refused',
  key_not_allowed: 'key not allowed',
  service_error: 'service error',
}

/** The connection's part of the tooltip and title: '' when online. */
function connectionWords(state: TrayState): string {
  if (state.error) return `error: ${PROBLEM_WORDS[state.error]}`
  return state.online ? '' : 'offline'
}

/** The menu's line about the connection, with what it means for the balances shown. */
function connectionLine(state: TrayState): string | null {
  if (state.error === 'service_error') return 'Error: the service is failing; balances may be out of date'
  if (state.error) return `Error: ${PROBLEM_WORDS[state.error]}; replace the key in Settings`
  return state.online ? null : 'Offline: balances may be out of date'
}

export function buildTooltip(state: TrayState): string {
  if (state.locked) return `${APP_NAME}: locked`
  if (state.accountLabel === null) return `${APP_NAME}: not connected`
  const parts = [showsTotal(state) ? `${APP_NAME}: ${formatMsat(totalBalanceMsat(state.wallets))}` : APP_NAME]
  if (state.pendingCount > 0) parts.push(pendingText(state.pendingCount))
  const connection = connectionWords(state)
  if (connection) parts.push(connection)
  return parts.join(' · ')
}

/** Short, for the menu bar: the total if shown, the pending count, and offline or error. */
export function buildTitle(state: TrayState): string {
  // locked: nothing beside the icon, not even how many invoices wait
  if (state.accountLabel === null || state.locked) return ''
  const parts: string[] = []
  if (showsTotal(state)) parts.push(formatMsat(totalBalanceMsat(state.wallets)))
  if (state.pendingCount > 0) parts.push(`${state.pendingCount} pending`)
  const connection = connectionWords(state)
  if (connection) parts.push(connection)
  return parts.join(' · ')
}

/** A menu of one line saying why there is nothing more, a way into the window, and Quit. */
const shortMenu = (tooltip: string, title: string, why: string, open: string): TrayMenuModel => ({
  tooltip,
  title,
  items: [
    { kind: 'label', text: why },
    { kind: 'separator' },
    { kind: 'action', action: 'open', label: open },
    { kind: 'action', action: 'quit', label: 'Quit' },
  ],
})

export function buildTrayMenu(state: TrayState): TrayMenuModel {
  const tooltip = buildTooltip(state)
  const title = buildTitle(state)
  if (state.locked) return shortMenu(tooltip, title, 'Locked', 'Unlock…')
  if (state.accountLabel === null) return shortMenu(tooltip, title, 'Not connected', `Open ${APP_NAME}`)
  const amounts = showsTotal(state)
  const items: TrayItem[] = [
    {
      kind: 'label',
      text: amounts ? `${state.accountLabel}: ${formatMsat(totalBalanceMsat(state.wallets))}` : state.accountLabel,
    },
  ]
  for (const w of state.wallets) {
    const label = amounts ? `${w.label}: ${formatMsat(w.balanceMsat)}` : w.label
    items.push({ kind: 'action', action: 'wallet', walletId: w.id, label })
  }
  items.push({ kind: 'label', text: state.pendingCount > 0 ? pendingText(state.pendingCount) : 'No invoices pending' })
  const connection = connectionLine(state)
  if (connection) items.push({ kind: 'label', text: connection })
  items.push(
    { kind: 'separator' },
    { kind: 'action', action: 'receive', label: 'Receive…' },
    { kind: 'action', action: 'send', label: 'Send…' },
    { kind: 'action', action: 'withdraw', label: 'Withdraw link…' },
    { kind: 'separator' },
    { kind: 'action', action: 'hideBalances', label: 'Hide balances', checked: state.hideAmounts === true },
  )
  if (state.appsConnected)
    items.push({
      kind: 'action',
      action: 'pauseApps',
      label: 'Pause connected apps',
      checked: state.appsPaused === true,
    })
  if (state.lockSet) items.push({ kind: 'action', action: 'lock', label: 'Lock now' })
  items.push(
    { kind: 'action', action: 'open', label: `Open ${APP_NAME}` },
    { kind: 'action', action: 'quit', label: 'Quit' },
  )
  return { tooltip, title, items }
}

/** What the shell does for an action: show the window (and maybe a screen), lock, hide amounts, or quit. */
export type TrayCommand =
  | { kind: 'show'; navigate: NavigateTarget | null }
  | { kind: 'quit' }
  | { kind: 'lock' }
  | { kind: 'hideBalances'; hide: boolean }
  | { kind: 'pauseApps'; pause: boolean }

export function trayCommand(action: TrayActionId, walletId?: string, checked?: boolean): TrayCommand {
  switch (action) {
    case 'receive':
      return { kind: 'show', navigate: { to: 'receive' } }
    case 'send':
      return { kind: 'show', navigate: { to: 'send' } }
    case 'withdraw':
      return { kind: 'show', navigate: { to: 'withdraw' } }
    case 'wallet':
      return { kind: 'show', navigate: walletId ? { to: 'transactions', walletId } : { to: 'home' } }
    case 'open':
      return { kind: 'show', navigate: null }
    case 'quit':
      return { kind: 'quit' }
    case 'lock':
      return { kind: 'lock' }
    case 'hideBalances':
      return { kind: 'hideBalances', hide: checked !== true }
    case 'pauseApps':
      return { kind: 'pauseApps', pause: checked !== true }
  }
}

/** The shape `Menu.buildFromTemplate` takes, kept to the fields used. */
export interface MenuTemplateItem {
  type?: 'separator' | 'normal' | 'checkbox'
  label?: string
  enabled?: boolean
  checked?: boolean
  click?: () => void
}

export function toMenuTemplate(model: TrayMenuModel, onCommand: (c: TrayCommand) => void): MenuTemplateItem[] {
  return model.items.map((item): MenuTemplateItem => {
    if (item.kind === 'separator') return { type: 'separator' }
    if (item.kind === 'label') return { label: item.text, enabled: false }
    const click = () => onCommand(trayCommand(item.action, item.walletId, item.checked))
    if (item.checked !== undefined) return { type: 'checkbox', label: item.label, checked: item.checked, click }
    return { label: item.label, click }
  })
}
