// Managing one's own wallets: making a new one (a transfer between two moves money: it is the
// payments module's, services/payments/transfer.ts).
//
// A new wallet's access keys are shown once by the service. They are secrets: never logged,
// never stored, and passed on only when the person asked to see them.

import { cleanText } from '@shared/cleanText'
import type { CreatedWalletView } from '@shared/history'
import type { BackendClient } from '../backends'

export async function createWallet(
  client: Pick<BackendClient, 'createWallet'>,
  name: string,
  showKeys: boolean,
): Promise<CreatedWalletView> {
  const made = await client.createWallet(name)
  const keys = showKeys ? made.keys.map(({ role, keys }) => ({ role: cleanText(role, 100), keys })) : null
  return { walletId: made.wallet.id, label: made.wallet.name ?? name, keys }
}
