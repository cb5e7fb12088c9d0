// Managing one's own wallets: making a new one (a transfer between two moves money: it is the
// payments module's, services/payments/transfer.ts).
//
// A new wallet's access keys are shown once by the service. They are secrets: never logged,
// never stored, and passed on only when the person asked to see them.

import { cleanText } from '@shared/cleanText'
import type { CreatedWalletView } from '@shared/history'
import type { ServiceClient } from '../backends/service'

export async function createWallet(
  client: Pick<ServiceClient, 'createWallet'>,
  name: string,
  showKeys: boolean,
): Promise<CreatedWalletView> {
  const made = await client.createWallet(name)
  const keys = showKeys
    ? Object.entries(made.access_keys).map(([role, list]) => ({ role: cleanText(role, 100), keys: list }))
    : null
  return { walletId: made.id, label: made.user_label ?? name, keys }
}
