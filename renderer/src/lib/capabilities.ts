// What the active account can do (AccountView.capabilities): screens and menu entries a flag denies
// are left out here, in one place, instead of checking the account's kind around the renderer.
// not from @shared/contract: that would bring zod into the first screen's scripts
import { accountCapabilities, type Capabilities } from '@shared/capabilities'
import { useAccounts } from '../stores/accounts'

/** the screens that need a flag; a screen not named here every account can show */
const NEEDS: Partial<Record<string, keyof Capabilities>> = {
  withdraw: 'withdrawLinks',
  // an LNbits account added with invoice keys only receives
  send: 'pays',
}

/** whether a screen (by its `to`) is offered for an account with these flags */
export function screenAllowed(to: string, caps: Capabilities): boolean {
  const need = NEEDS[to]
  // an optional flag that is absent allows (shared/capabilities.ts)
  return need === undefined || caps[need] !== false
}

/** the active account's flags; with no account yet, a service account's */
export function useCapabilities(): Capabilities {
  // the selector returns the account as stored (a stable reference): a new flags object made inside
  // it would count as a change on every render and loop
  const active = useAccounts((s) => s.accounts.find((x) => x.id === s.activeId))
  return accountCapabilities(active ?? {})
}
