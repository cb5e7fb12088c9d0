// The person's own choices about the service's wallets: a name of their own and "hidden" (an
// archive). The service has no rename or archive call, so these live here, in settings.json, by
// account id and wallet id, and are laid over the service's wallets wherever main reads them
// (services/views.ts `walletsView`), so Home, the tray, filters and history follow without knowing.
// docs/sync.md, "Wallets: names and hidden ones".
import { cleanText } from '@shared/cleanText'
import { WALLET_NAME_MAX } from '@shared/history'
import { z } from 'zod'

const Id = z.string().min(1).max(256)
export const WalletPref = z
  .object({
    /** absent: the service's own name is shown */
    name: z.string().min(1).max(WALLET_NAME_MAX).optional(),
    /** off Home's rows and the tray; still counted in the total, still in history and Settings */
    hidden: z.literal(true).optional(),
  })
  .strict()
export type WalletPref = z.infer<typeof WalletPref>
export const WalletPrefs = z.record(Id, z.record(Id, WalletPref))
export type WalletPrefs = z.infer<typeof WalletPrefs>
/** one account's choices, by wallet id */
export type AccountWalletPrefs = Readonly<Record<string, WalletPref>>

/**
 * A wallet's choice after a change. The name is cleaned like any text shown (a bidi override in a
 * name would mislead as it would in a memo); empty, or the service's own name, means none of the
 * person's own. Nothing left: undefined, and the entry goes.
 */
export function nextPref(serviceLabel: string, input: { name: string; hidden: boolean }): WalletPref | undefined {
  const name = cleanText(input.name, WALLET_NAME_MAX)
  const pref: WalletPref = {
    ...(name && name !== serviceLabel ? { name } : {}),
    ...(input.hidden ? { hidden: true as const } : {}),
  }
  return Object.keys(pref).length > 0 ? pref : undefined
}

/** the choices of accounts still here: a removed account takes its wallets' names with it */
export function prefsOfAccounts(prefs: WalletPrefs, accountIds: readonly string[]): WalletPrefs {
  return Object.fromEntries(Object.entries(prefs).filter(([id]) => accountIds.includes(id)))
}

/** the settings store, as far as this needs it (its file has the choices under `walletPrefs`) */
interface PrefsStore<F extends { walletPrefs: WalletPrefs }> {
  current(): F
  update(f: (s: F) => F): Promise<F>
}

export function createWalletPrefs<F extends { walletPrefs: WalletPrefs }>(settings: PrefsStore<F>) {
  return {
    of: (accountId: string): AccountWalletPrefs => settings.current().walletPrefs[accountId] ?? {},
    async set(accountId: string, walletId: string, pref: WalletPref | undefined): Promise<AccountWalletPrefs> {
      const file = await settings.update((s) => {
        const { [walletId]: _old, ...others } = s.walletPrefs[accountId] ?? {}
        const mine = pref ? { ...others, [walletId]: pref } : others
        const { [accountId]: _mine, ...rest } = s.walletPrefs
        return { ...s, walletPrefs: Object.keys(mine).length > 0 ? { ...rest, [accountId]: mine } : rest }
      })
      return file.walletPrefs[accountId] ?? {}
    },
  }
}
export type WalletPrefsStore = ReturnType<typeof createWalletPrefs>
