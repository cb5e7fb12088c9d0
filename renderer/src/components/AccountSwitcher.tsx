// At the top of Home: which account is shown (its name and key hint) and, when there are several,
// a menu to switch to another (the same call as Settings' "Switch to this account").
import ChevronDown from 'lucide-react/icons/chevron-down'
import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useAccounts } from '../stores/accounts'
import { useWallets } from '../stores/wallets'

export function AccountSwitcher() {
  const accounts = useAccounts((s) => s.accounts)
  const activeId = useAccounts((s) => s.activeId)
  const busy = useAccounts((s) => s.busyId !== null)
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    box.current?.querySelector<HTMLButtonElement>('.menu-item')?.focus()
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])
  const active = accounts.find((a) => a.id === activeId)
  if (!active) return null
  const name = `${active.label} · ${active.keyHint}`
  if (accounts.length < 2) return <p className="muted small account-line">{name}</p>
  const switchTo = (id: string) => {
    setOpen(false)
    void useAccounts
      .getState()
      .switchTo(id)
      .then((ok) => {
        if (ok) void useWallets.getState().load()
      })
  }
  return (
    <div className="account-switch small" ref={box}>
      <button
        type="button"
        className="account-button"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        <span className="sr-only">
          <FormattedMessage id="accountSwitcher.account" />{' '}
        </span>
        <span>{name}</span>
        <ChevronDown size={16} aria-hidden />
      </button>
      {open && (
        <div className="menu menu-left">
          {accounts
            .filter((a) => a.id !== active.id)
            .map((a) => (
              <button
                key={a.id}
                type="button"
                className="menu-item"
                onClick={() => switchTo(a.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setOpen(false)
                }}
              >
                <FormattedMessage id="accountSwitcher.switchTo" values={{ label: a.label, keyHint: a.keyHint }} />
              </button>
            ))}
        </div>
      )}
    </div>
  )
}
