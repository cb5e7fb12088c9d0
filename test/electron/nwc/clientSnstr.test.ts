// The journey (journey.ts) with snstr's NostrWalletConnectClient, an independent client, over both
// relays (snstr's own ephemeral relay among them) and in both encryptions. It listens to both
// notification kinds, so it is also the client that heard each payment twice (issue 44).
import { initializeNIP04Crypto, NIP47EncryptionScheme, NostrWalletConnectClient } from 'snstr'
import { describe, it } from 'vitest'
import { ENCRYPTIONS, type Enc, type JourneyClient, journeyWorld, RELAYS, runJourney } from './journey'
import { parseUri } from './rawClient'

// snstr's NIP-04 needs Node's crypto handed to it under ESM (its own error message says so)
await initializeNIP04Crypto()

async function snstr(uri: string, enc: Enc): Promise<JourneyClient> {
  const { walletPubkey, relay, secret } = parseUri(uri)
  const c = new NostrWalletConnectClient({
    ...{ pubkey: walletPubkey, secret, relays: [relay] },
    preferredEncryption: enc === 'nip04' ? NIP47EncryptionScheme.NIP04 : NIP47EncryptionScheme.NIP44_V2,
  })
  await c.init()
  return {
    methods: async () => (await c.getInfo())?.methods ?? [],
    // typed as a number, given as the answer's result
    balanceMsat: async () => ((await c.getBalance()) as unknown as { balance: number }).balance,
    makeInvoice: async (amount, description) => (await c.makeInvoice(amount, description)) ?? {},
    lookupInvoice: (payment_hash) => c.lookupInvoice({ payment_hash }),
    pay: async (invoice) => (await c.payInvoice(invoice))?.preimage ?? '',
    codeOf: (e) => (e as { code?: string }).code ?? String(e),
    list: async (limit) => (await c.listTransactions({ limit }))?.transactions ?? [],
    async onReceived(heard) {
      c.onNotification('payment_received', (n) => heard((n.notification as { amount: number }).amount))
    },
    close: () => c.disconnect(),
  }
}

for (const relay of RELAYS)
  describe(`snstr over ${relay}`, () => {
    const world = journeyWorld(relay)
    for (const enc of ENCRYPTIONS) it(`runs the journey in ${enc}`, () => runJourney(world(), enc, snstr), 60_000)
  })
