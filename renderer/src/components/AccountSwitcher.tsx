// At the top of Home when there are several accounts: which one is shown, and a switch to another
// (the same call as Settings' "Switch to this account"). With one account, its name alone.
import { useAccounts } from '../stores/accounts'
import { useWallets } from '../stores/wallets'

export function AccountSwitcher() {
  const accounts = useAccounts((s) => s.accounts)
  const activeId = useAccounts((s) => s.activeId)
  const busy = useAccounts((s) => s.busyId !== null)
  const active = accounts.find((a) => a.id === activeId)
  if (!active) return null
  if (accounts.length < 2)
    return (
      <p className="muted small account-line">
        {active.label} · {active.keyHint}
      </p>
    )
  return (
    <label className="account-switch small">
      <span className="muted">Account</span>
      <select
        value={active.id}
        disabled={busy}
        onChange={(e) => {
          const id = e.currentTarget.value
          void useAccounts
            .getState()
            .switchTo(id)
            .then((ok) => {
              if (ok) void useWallets.getState().load()
            })
        }}
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label} · {a.keyHint}
          </option>
        ))}
      </select>
    </label>
  )
}
