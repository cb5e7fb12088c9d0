// The journey (journey.ts) with @getalby/sdk's NWCClient, the client the other tests use, over
// both relays and in both encryptions. The SDK takes NIP-44 whenever the wallet offers it and has
// no option for NIP-04: its choice is set where it keeps it (`_encryptionType`) for that run.
import { NWCClient } from '@getalby/sdk/nwc'
import { describe, it } from 'vitest'
import { ENCRYPTIONS, type Enc, type JourneyClient, journeyWorld, RELAYS, runJourney } from './journey'

async function alby(uri: string, enc: Enc): Promise<JourneyClient> {
  const c = new NWCClient({ nostrWalletConnectUrl: uri })
  if (enc === 'nip04') (c as unknown as { _encryptionType: Enc })._encryptionType = 'nip04'
  let unsubscribe = () => {}
  return {
    methods: async () => (await c.getInfo()).methods,
    balanceMsat: async () => (await c.getBalance()).balance,
    makeInvoice: (amount, description) => c.makeInvoice({ amount, description }),
    lookupInvoice: (payment_hash) => c.lookupInvoice({ payment_hash }),
    pay: async (invoice) => (await c.payInvoice({ invoice })).preimage,
    codeOf: (e) => (e as { code?: string }).code ?? String(e),
    list: async (limit) => (await c.listTransactions({ limit })).transactions,
    async onReceived(heard) {
      unsubscribe = await c.subscribeNotifications((n) => heard(n.notification.amount), ['payment_received'])
    },
    close() {
      unsubscribe()
      c.close()
    },
  }
}

for (const relay of RELAYS)
  describe(`@getalby/sdk over ${relay}`, () => {
    const world = journeyWorld(relay)
    for (const enc of ENCRYPTIONS) it(`runs the journey in ${enc}`, () => runJourney(world(), enc, alby), 60_000)
  })
