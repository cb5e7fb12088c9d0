// The tray's menu as plain data: built from the app's state by a pure function, turned into an
// Electron menu by the shell. The tray is not guaranteed on Linux (vanilla GNOME has none), so
// everything here is also reachable from the window; the menu is a shortcut, never the only way.
import { totalBalanceMsat } from '@shared/balances'
import { APP_NAME, type ConnectionProblem, type NavigateTarget, type WalletView } from '@shared/contract'
import { formatMsat } from '@shared/units'
import { type MessageId, mainLocale, mt } from '../i18n'

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
  return mt('main.tray.invoicesPending', { count: n })
}

const amount = (msat: number) => formatMsat(msat, { locale: mainLocale() })

const showsTotal = (state: TrayState) => state.showTotal !== false && !state.hideAmounts && !state.locked

/** A few words on why nothing works, for the tooltip and the menu bar. */
const PROBLEM_IDS: Record<ConnectionProblem, MessageId> = {
  key_refused: 'main.tray.keyRefused',
  key_not_allowed: 'main.tray.keyNotAllowed',
  service_error: 'main.tray.serviceError',
}
export const problemWords = (problem: ConnectionProblem): string => mt(PROBLEM_IDS[problem])

/** The connection's part of the tooltip and title: '' when online. */
function connectionWords(state: TrayState): string {
  if (state.error) return mt('main.tray.errorShort', { problem: problemWords(state.error) })
  return state.online ? '' : mt('main.tray.offlineShort')
}

/** The menu's line about the connection, with what it means for the balances shown. */
function connectionLine(state: TrayState): string | null {
  if (state.error === 'service_error') return mt('main.tray.serviceFailing')
  if (state.error) return mt('main.tray.replaceKey', { problem: problemWords(state.error) })
  return state.online ? null : mt('main.tray.offlineLine')
}

export function buildTooltip(state: TrayState): string {
  if (state.locked) return mt('main.tray.tooltipLocked', { app: APP_NAME })
  if (state.accountLabel === null) return mt('main.tray.tooltipNotConnected', { app: APP_NAME })
  const parts = [showsTotal(state) ? `${APP_NAME}: ${amount(totalBalanceMsat(state.wallets))}` : APP_NAME]
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
  if (showsTotal(state)) parts.push(amount(totalBalanceMsat(state.wallets)))
  if (state.pendingCount > 0) parts.push(mt('main.tray.pendingShort', { count: state.pendingCount }))
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
    { kind: 'action', action: 'quit', label: mt('main.tray.quit') },
  ],
})

export function buildTrayMenu(state: TrayState): TrayMenuModel {
  const tooltip = buildTooltip(state)
  const title = buildTitle(state)
  if (state.locked) return shortMenu(tooltip, title, mt('main.tray.locked'), mt('main.tray.unlock'))
  if (state.accountLabel === null)
    return shortMenu(tooltip, title, mt('main.tray.notConnected'), mt('main.tray.open', { app: APP_NAME }))
  const amounts = showsTotal(state)
  const items: TrayItem[] = [
    {
      kind: 'label',
      text: amounts ? `${state.accountLabel}: ${amount(totalBalanceMsat(state.wallets))}` : state.accountLabel,
    },
  ]
  // a hidden wallet is not listed, but its balance stays in the total above: money never leaves view
  for (const w of state.wallets.filter((x) => !x.hidden)) {
    const label = amounts ? `${w.label}: ${amount(w.balanceMsat)}` : w.label
    items.push({ kind: 'action', action: 'wallet', walletId: w.id, label })
  }
  items.push({ kind: 'label', text: state.pendingCount > 0 ? pendingText(state.pendingCount) : mt('main.tray.noneP') })
  const connection = connectionLine(state)
  if (connection) items.push({ kind: 'label', text: connection })
  items.push(
    { kind: 'separator' },
    { kind: 'action', action: 'receive', label: mt('main.menu.receive') },
    { kind: 'action', action: 'send', label: mt('main.menu.send') },
    { kind: 'action', action: 'withdraw', label: mt('main.menu.withdraw') },
    { kind: 'separator' },
    {
      kind: 'action',
      action: 'hideBalances',
      label: mt('main.tray.hideBalances'),
      checked: state.hideAmounts === true,
    },
  )
  if (state.appsConnected)
    items.push({
      kind: 'action',
      action: 'pauseApps',
      label: mt('main.tray.pauseApps'),
      checked: state.appsPaused === true,
    })
  if (state.lockSet) items.push({ kind: 'action', action: 'lock', label: mt('main.tray.lockNow') })
  items.push(
    { kind: 'action', action: 'open', label: mt('main.tray.open', { app: APP_NAME }) },
    { kind: 'action', action: 'quit', label: mt('main.tray.quit') },
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
