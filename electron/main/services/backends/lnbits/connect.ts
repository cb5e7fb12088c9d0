// Connecting an account on an LNbits server (docs/lnbits.md, "The app's side"): its address and
// one key per wallet, kept together as one secret where an API key is kept. Connecting reads every
// key's wallet and what the server offers, and keeps the flags that come of it (which wallets may
// pay, which extensions exist) with the account, so screens show only what works.
import { ACCOUNT_KINDS, type ConnectionOf } from '@shared/contract'
import { AppError } from '@shared/errors'
import { mt } from '../../i18n'
import type { BackendKind } from '../registry'
import { checkBaseUrl } from '../service/baseUrl'
import type { BackendClient } from '../types'
import { lnbitsCapabilities } from './capabilities'
import type { LnbitsClient } from './client'
import { secretOf } from './keys'

export const lnbitsConnect: BackendKind<ConnectionOf<'lnbits'>> = {
  ...ACCOUNT_KINDS.lnbits,
  checkAddress: checkBaseUrl,
  read: (input) => ({
    baseUrl: checkBaseUrl(input.baseUrl),
    authMethod: 'header',
    secret: secretOf(input.keys),
    secrets: input.keys,
  }),
  /** named by the person, else by the server's host */
  async check(reading, open) {
    const client = open({ baseUrl: reading.baseUrl, authMethod: 'header', key: () => reading.secret, retries: 0 })
    try {
      const wallets = await client.listWallets()
      const offers = await lnbitsOf(client).offers()
      const capabilities = lnbitsCapabilities({ ...offers, wallets: wallets.length })
      return { wallets, label: new URL(reading.baseUrl).host, capabilities }
    } finally {
      client.close?.()
    }
  },
  newKey() {
    throw new AppError('invalid_input', mt('lnbits.noReplace'))
  },
}

/** the registry's `lnbits` client, with what it says beyond the interface (its server's extensions) */
function lnbitsOf(client: BackendClient): Pick<LnbitsClient, 'offers'> {
  const offers = (client as unknown as Partial<LnbitsClient>).offers
  if (typeof offers !== 'function') throw new AppError('internal', mt('lnbits.unreadable'))
  return { offers: () => offers.call(client) }
}
