// The journey (journey.ts) with applesauce-wallet-connect and applesauce-relay's pool, an
// independent client, over both relays and in both encryptions (NIP-04 by setting the client's
// `encryption$`, which it otherwise takes from the info event: NIP-44 when offered).
//
// applesauce 6.2 reads a refusal's code from `error.type` (helpers/methods.d.ts, wallet-connect.js
// `createWalletError(result.error.type, …)`) where NIP-47 has `error.code`, so every refusal reaches
// its caller as OTHER with the app's message. The app answers as NIP-47 says: the journey reads
// QUOTA_EXCEEDED off the relay for the same requests.
import { RelayPool } from 'applesauce-relay'
import { WalletConnect } from 'applesauce-wallet-connect'
import { of } from 'rxjs'
import { describe, it } from 'vitest'
import { ENCRYPTIONS, type Enc, type JourneyClient, journeyWorld, RELAYS, runJourney } from './journey'

WalletConnect.pool = new RelayPool()

async function applesauce(uri: string, enc: Enc): Promise<JourneyClient> {
  const c = WalletConnect.fromConnectURI(uri)
  await c.waitForService()
  if (enc === 'nip04') c.encryption$ = of('nip04')
  const subs: Array<{ unsubscribe(): void }> = []
  return {
    methods: async () => (await c.getInfo()).methods,
    balanceMsat: async () => (await c.getBalance()).balance,
    makeInvoice: (amount, description) => c.makeInvoice(amount, { description }),
    lookupInvoice: (hash) => c.lookupInvoice(hash),
    pay: async (invoice) => (await c.payInvoice(invoice)).preimage,
    codeOf: (e) => (e as { code?: string }).code ?? String(e),
    list: async (limit) => (await c.listTransactions({ limit })).transactions,
    async onReceived(heard) {
      subs.push(c.notification('payment_received', (n: { amount: number }) => heard(n.amount)))
    },
    close() {
      for (const s of subs) s.unsubscribe()
    },
  }
}

for (const relay of RELAYS)
  describe(`applesauce over ${relay}`, () => {
    const world = journeyWorld(relay)
    for (const enc of ENCRYPTIONS)
      it(`runs the journey in ${enc}`, () => runJourney(world(), enc, applesauce, { quotaReadAs: 'OTHER' }), 60_000)
  })
