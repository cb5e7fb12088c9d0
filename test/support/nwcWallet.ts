// A wallet that gives a Nostr Wallet Connect string, as Alby Hub or LNbits would: @getalby/sdk's
// NWCWalletService on the loopback relay, each method answered from one simulator wallet over the
// service's HTTP API. The app's NWC account is tested against it (docs/nwc.md, "An NWC account").
import { NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc'
import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { createServiceClient } from '../../electron/main/services/client'
import type { WalletTransaction } from '../../shared/schemas/service'
import { publishTo } from './nostrRelay'

type Nip47Tx = {
  type: 'incoming' | 'outgoing'
  state: 'settled' | 'pending' | 'failed' | 'accepted'
  invoice: string
  description: string
  description_hash: string
  preimage: string
  payment_hash: string
  amount: number
  fees_paid: number
  settled_at: number
  created_at: number
  expires_at: number
}

export interface NwcTestWallet {
  /** the connection string this wallet gives */
  uri: string
  walletPubkey: string
  /** every request's method, in order */
  methods: string[]
  /** pushes a notification (kind 23197, NIP-44) to the connection's app, as Alby Hub does */
  notify(type: 'payment_received' | 'payment_sent'): Promise<void>
  close(): void
}

const txOf = (t: WalletTransaction): Nip47Tx => ({
  type: t.num_satoshis >= 0 ? 'incoming' : 'outgoing',
  state: 'settled',
  invoice: t.lnTx?.payment_request ?? '',
  description: t.lnTx?.memo ?? '',
  description_hash: '',
  preimage: t.lnTx?.payment_preimage ?? '',
  payment_hash: t.lnTx?.r_hash_decoded ?? '',
  amount: Math.abs(t.num_msat ?? t.num_satoshis * 1000),
  fees_paid: 0,
  settled_at: t.created_at,
  created_at: t.created_at,
  expires_at: t.lnTx?.expires_at ?? t.created_at,
})

export async function startNwcWallet(o: {
  relayUrl: string
  simUrl: string
  apiKey: string
  walletId: string
}): Promise<NwcTestWallet> {
  const sim = createServiceClient({ baseUrl: o.simUrl, getApiKey: () => o.apiKey, authMethod: 'header' })
  const walletSk = generateSecretKey()
  const appSk = generateSecretKey()
  const walletSecret = bytesToHex(walletSk)
  const walletPubkey = getPublicKey(walletSk)
  const appPubkey = getPublicKey(appSk)
  const methods: string[] = []
  const made = new Map<string, string>()
  const ok = <T>(result: T) => ({ result, error: undefined })
  const service = new NWCWalletService({ relayUrls: [o.relayUrl] })
  const supported = ['get_info', 'get_balance', 'make_invoice', 'lookup_invoice', 'list_transactions', 'pay_invoice']
  await service.publishWalletServiceInfoEvent(walletSecret, supported as never, ['payment_received', 'payment_sent'])
  const unsubscribe = await service.subscribe(new NWCWalletServiceKeyPair(walletSecret, appPubkey), {
    getInfo: async () => {
      methods.push('get_info')
      return ok({
        alias: 'Hub wallet',
        color: '',
        pubkey: '',
        network: 'regtest',
        block_height: 1,
        block_hash: '',
        methods: supported,
      } as never)
    },
    getBalance: async () => {
      methods.push('get_balance')
      const w = await sim.getWallet(o.walletId)
      return ok({ balance: w.balance_msat ?? w.balance * 1000 })
    },
    makeInvoice: async (r) => {
      methods.push('make_invoice')
      const ln = await sim.createInvoice(o.walletId, { num_satoshis: r.amount / 1000, memo: r.description ?? '' })
      made.set(ln.r_hash_decoded, ln.id)
      return ok({
        type: 'incoming' as const,
        state: 'pending' as const,
        invoice: ln.payment_request,
        description: ln.memo ?? '',
        description_hash: '',
        preimage: '',
        payment_hash: ln.r_hash_decoded,
        amount: r.amount,
        fees_paid: 0,
        settled_at: 0,
        created_at: ln.created_at,
        expires_at: ln.expires_at ?? ln.created_at + 3600,
      })
    },
    lookupInvoice: async (r) => {
      methods.push('lookup_invoice')
      const id = made.get(r.payment_hash ?? '')
      if (!id) return { result: undefined, error: { code: 'NOT_FOUND', message: 'no such invoice' } }
      const ln = await sim.getLnTx(id)
      return ok({
        type: 'incoming' as const,
        state: ln.settled ? ('settled' as const) : ('pending' as const),
        invoice: ln.payment_request,
        description: ln.memo ?? '',
        description_hash: '',
        preimage: ln.payment_preimage ?? '',
        payment_hash: ln.r_hash_decoded,
        amount: ln.num_satoshis * 1000,
        fees_paid: 0,
        settled_at: ln.settled_at ?? 0,
        created_at: ln.created_at,
        expires_at: ln.expires_at ?? ln.created_at + 3600,
      })
    },
    listTransactions: async (r) => {
      methods.push('list_transactions')
      const limit = r.limit ?? 50
      const page = Math.floor((r.offset ?? 0) / limit) + 1
      const { items, pagination } = await sim.listTransactions(o.walletId, page, limit)
      return ok({ transactions: items.map(txOf), total_count: pagination.totalCount })
    },
    payInvoice: async (r) => {
      methods.push('pay_invoice')
      try {
        const t = await sim.payInvoice(o.walletId, { payment_request: r.invoice, fee_limit_msat: 50_000 })
        // as Alby Hub does: the connection's app hears of the payment
        void notify('payment_sent')
        return ok({ preimage: t.lnTx?.payment_preimage ?? '', fees_paid: 0 })
      } catch (e) {
        return { result: undefined, error: { code: 'PAYMENT_FAILED', message: String(e) } }
      }
    },
  })
  async function notify(type: 'payment_received' | 'payment_sent') {
    const key = nip44.v2.utils.getConversationKey(walletSk, appPubkey)
    const content = nip44.v2.encrypt(JSON.stringify({ notification_type: type, notification: {} }), key)
    const e = finalizeEvent(
      { kind: 23197, created_at: Math.floor(Date.now() / 1000), tags: [['p', appPubkey]], content },
      walletSk,
    )
    await publishTo(o.relayUrl, e) // the relay has passed it on when this resolves
  }
  const uri = `nostr+walletconnect://${walletPubkey}?relay=${encodeURIComponent(o.relayUrl)}&secret=${bytesToHex(appSk)}`
  return {
    uri,
    walletPubkey,
    methods,
    notify,
    close() {
      unsubscribe()
      service.close()
    },
  }
}
