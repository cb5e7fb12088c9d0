// Connecting a hosted-service account: its address (normalised, plain http only to this computer)
// and an API key, checked by listing the key's wallets; named by the service's host.
import { ACCOUNT_KINDS, type ConnectionOf } from '@shared/contract'
import type { BackendKind } from '../registry'
import { checkBaseUrl } from './baseUrl'

export const serviceConnect: BackendKind<ConnectionOf<'service'>> = {
  ...ACCOUNT_KINDS.service,
  checkAddress: checkBaseUrl,
  read: (input) => ({
    baseUrl: checkBaseUrl(input.baseUrl),
    authMethod: input.authMethod,
    secret: input.apiKey,
    secrets: [input.apiKey],
  }),
  async check(reading, open) {
    const client = open({ baseUrl: reading.baseUrl, authMethod: reading.authMethod, key: () => reading.secret })
    return { wallets: await client.listWallets(), label: new URL(reading.baseUrl).host }
  },
  newKey() {},
}
