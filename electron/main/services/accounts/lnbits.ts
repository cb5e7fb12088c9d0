// An account on an LNbits server (docs/lnbits.md, "The app's side"): its address and one key per
// wallet, kept together as one secret where an API key is kept. Connecting reads every key's
// wallet and what the server offers, and keeps the flags that come of it (which wallets may pay,
// which extensions exist) with the account, so screens show only what works.
import type { AccountView, Capabilities } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { BackendAccount, BackendClient, BackendWallet } from '../backends'
import { type LnbitsClient, lnbitsCapabilities, secretOf } from '../backends/lnbits'
import { checkBaseUrl } from '../backends/service'
import { mt } from '../i18n'
import type { AccountMeta } from '../settings'
import { keyHint } from './keys'

export const isLnbits = (m: Pick<AccountView, 'kind'>) => m.kind === 'lnbits'

export { secretOf as lnbitsSecret } from '../backends/lnbits'

/** Reads the wallets of these keys and what the server offers them; stores nothing. */
export async function testLnbits(
  open: (a: BackendAccount) => BackendClient,
  input: { baseUrl: string; keys: readonly string[] },
): Promise<{ baseUrl: string; secret: string; wallets: BackendWallet[]; capabilities: Capabilities }> {
  const baseUrl = checkBaseUrl(input.baseUrl)
  const secret = secretOf(input.keys)
  const client = open({ baseUrl, authMethod: 'header', key: () => secret, retries: 0 })
  try {
    const wallets = await client.listWallets()
    const offers = await lnbitsOf(client).offers()
    return { baseUrl, secret, wallets, capabilities: lnbitsCapabilities({ ...offers, wallets: wallets.length }) }
  } finally {
    client.close?.()
  }
}

/** the registry's `lnbits` client, with what it says beyond the interface (its server's extensions) */
function lnbitsOf(client: BackendClient): Pick<LnbitsClient, 'offers'> {
  const offers = (client as unknown as Partial<LnbitsClient>).offers
  if (typeof offers !== 'function') throw new AppError('internal', mt('lnbits.unreadable'))
  return { offers: () => offers.call(client) }
}

/** A new LNbits account's settings: named by the person, else by the server's host. */
export function lnbitsMeta(
  checked: { baseUrl: string; secret: string; capabilities: Capabilities },
  a: { id: string; createdAt: number; label?: string; storage: AccountMeta['storage'] },
): AccountMeta {
  return {
    ...{ id: a.id, label: a.label || new URL(checked.baseUrl).host, baseUrl: checked.baseUrl, authMethod: 'header' },
    ...{ keyHint: keyHint(checked.secret), storage: a.storage, kind: 'lnbits', createdAt: a.createdAt },
    capabilities: checked.capabilities,
  }
}
