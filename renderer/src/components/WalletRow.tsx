// One wallet on Home: its name and balance in one compact row, and one menu for what can be done
// with it (receive, send, a withdraw link, its transactions). The row itself opens its history.
import type { WalletView } from '@shared/contract'
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical'
import { useEffect, useRef, useState } from 'react'
import { type MessageId, t } from '../i18n'
import { screenAllowed, useCapabilities } from '../lib/capabilities'
import type { FiatShown } from '../stores/rates'
import { type Screen, useUi } from '../stores/ui'
import { Amount, FiatBeside } from './Amount'

/** The menu's entries: the words shown, and the accessible name that says which wallet. */
const ACTIONS: Array<{ text: MessageId; name: (label: string) => string; to: (id: string) => Screen }> = [
  {
    text: 'walletRow.receive',
    name: (l) => t('walletRow.receiveTo', { label: l }),
    to: (walletId) => ({ to: 'receive', walletId }),
  },
  {
    text: 'walletRow.send',
    name: (l) => t('walletRow.sendFrom', { label: l }),
    to: (walletId) => ({ to: 'send', walletId }),
  },
  {
    text: 'walletRow.withdrawLink',
    name: (l) => t('walletRow.withdrawLinkFrom', { label: l }),
    to: (walletId) => ({ to: 'withdraw', walletId }),
  },
  {
    text: 'walletRow.transactions',
    name: (l) => t('walletRow.transactionsOf', { label: l }),
    to: (walletId) => ({ to: 'transactions', walletId }),
  },
]

export function WalletRow({ wallet: w, fiat }: { wallet: WalletView; fiat: FiatShown | null }) {
  const [open, setOpen] = useState(false)
  const caps = useCapabilities()
  const menu = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    menu.current?.querySelector('button')?.focus()
    // a press anywhere else closes the menu, as menus do
    const outside = (e: PointerEvent) => {
      if (!menu.current?.parentElement?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])
  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  return (
    <li className="wallet-row" aria-label={t('walletRow.wallet', { label: w.label })}>
      <span className="wallet-name">{w.label}</span>
      <span className="wallet-money">
        <span className="balance">
          <Amount msat={w.balanceMsat} />
        </span>
      </span>
      {/* under the name and the balance both, so a long fiat line does not take the name's room */}
      <span className="wallet-fiat">
        <FiatBeside shown={fiat} testId="wallet-fiat" />
      </span>
      <span className="wallet-menu">
        <button
          ref={toggle}
          type="button"
          className="icon-button"
          aria-label={t('walletRow.actionsFor', { label: w.label })}
          title={t('walletRow.actions')}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <EllipsisVertical size={18} aria-hidden />
        </button>
        {open && (
          <div ref={menu} className="menu">
            {ACTIONS.filter((a) => screenAllowed(a.to('').to, caps)).map((a) => (
              <button
                key={a.text}
                type="button"
                className="menu-item"
                aria-label={a.name(w.label)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') close()
                }}
                onClick={() => {
                  setOpen(false)
                  useUi.getState().go(a.to(w.id))
                }}
              >
                {t(a.text)}
              </button>
            ))}
          </div>
        )}
      </span>
    </li>
  )
}
