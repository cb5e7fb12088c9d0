// A wallet that gives a Nostr Wallet Connect string, as Alby Hub or LNbits would: @getalby/sdk's
// NWCWalletService on the loopback relay, each method answered from one simulator wallet over the
// service's HTTP API. The app's NWC account is tested against it (docs/nwc.md, "An NWC account").
import { randomBytes } from 'node:crypto'
import { NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc'
import { finalizeEvent, generateSecretKey, getPublicKey, nip44 } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { createServiceClient } from '../../electron/main/services/backends/service'
import type { WalletTransaction } from '../../electron/main/services/backends/service/schemas'
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
  /**
   * Rows the wallet lists besides the simulator wallet's, sent as they are: zaps, expired and
   * failed rows, hostile texts, a broken row. Listed with the others, newest first.
   */
  rows: unknown[]
  /** pushes a notification (kind 23197, NIP-44) to the connection's app, as Alby Hub does */
  notify(type: 'payment_received' | 'payment_sent'): Promise<void>
  /** its two keys: the same wallet started again (`keys`) gives the same string */
  keys: { walletSk: Uint8Array; appSk: Uint8Array }
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

const createdAt = (t: unknown) => {
  const at = (t as { created_at?: unknown } | null)?.created_at
  return typeof at === 'number' ? at : 0
}

/** a row as wallets send it (empty strings and zeros for what is not known), settled unless told */
export const nip47Row = (o: Record<string, unknown> = {}) => ({
  type: 'incoming',
  state: 'settled',
  invoice: 'lnbcrt10n1pexample',
  description: '',
  description_hash: '',
  preimage: '',
  payment_hash: randomBytes(32).toString('hex'),
  amount: 1000,
  fees_paid: 0,
  created_at: 100,
  settled_at: 100,
  expires_at: 0,
  ...o,
})

/** a NIP-57 zap request (kind 9734) of exactly `length` characters, as a zap's description */
export function zapRequest(content: string, length = 1065): string {
  const e = {
    ...{ id: 'ab'.repeat(32), pubkey: 'cd'.repeat(32), created_at: 1_700_000_000, kind: 9734 },
    tags: [
      ['p', 'ef'.repeat(32)],
      ['e', '01'.repeat(32)],
      ['amount', '21000'],
      ['relays', 'wss://relay.damus.io', 'wss://nos.lol', 'wss://relay.nostr.band', 'wss://relay.primal.net'],
      ['lnurl', ''],
    ],
    content,
    sig: '23'.repeat(64),
  }
  const short = JSON.stringify(e).length
  ;(e.tags[4] as string[])[1] = `lnurl1${'q'.repeat(length - short - 6)}`
  return JSON.stringify(e)
}

export async function startNwcWallet(o: {
  relayUrl: string
  simUrl: string
  apiKey: string
  walletId: string
  keys?: { walletSk: Uint8Array; appSk: Uint8Array }
  /** false: a wallet that sends no notifications and names none in its info event */
  notifications?: boolean
}): Promise<NwcTestWallet> {
  const pushes = o.notifications !== false
  const sim = createServiceClient({ baseUrl: o.simUrl, getApiKey: () => o.apiKey, authMethod: 'header' })
  const walletSk = o.keys?.walletSk ?? generateSecretKey()
  const appSk = o.keys?.appSk ?? generateSecretKey()
  const walletSecret = bytesToHex(walletSk)
  const walletPubkey = getPublicKey(walletSk)
  const appPubkey = getPublicKey(appSk)
  const methods: string[] = []
  const rows: unknown[] = []
  /** the simulator wallet's whole history, as NIP-47 rows (a test wallet's history is short) */
  const simRows = async () => {
    const out: Nip47Tx[] = []
    for (let page = 1; ; page++) {
      const { items, pagination } = await sim.listTransactions(o.walletId, page, 100)
      out.push(...items.map(txOf))
      if (page >= pagination.pageCount || items.length === 0) return out
    }
  }
  const made = new Map<string, string>()
  const ok = <T>(result: T) => ({ result, error: undefined })
  const service = new NWCWalletService({ relayUrls: [o.relayUrl] })
  const supported = ['get_info', 'get_balance', 'make_invoice', 'lookup_invoice', 'list_transactions', 'pay_invoice']
  const told = pushes ? ['payment_received', 'payment_sent'] : []
  await service.publishWalletServiceInfoEvent(walletSecret, supported as never, told as never)
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
      const all = [...(await simRows()), ...rows].sort((a, b) => createdAt(b) - createdAt(a))
      const offset = r.offset ?? 0
      const page = all.slice(offset, offset + (r.limit ?? 50))
      return ok({ transactions: page as never[], total_count: all.length })
    },
    payInvoice: async (r) => {
      methods.push('pay_invoice')
      try {
        const t = await sim.payInvoice(o.walletId, { payment_request: r.invoice, fee_limit_msat: 50_000 })
        // as Alby Hub does: the connection's app hears of the payment
        if (pushes) void notify('payment_sent')
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
    rows,
    notify,
    keys: { walletSk, appSk },
    close() {
      unsubscribe()
      service.close()
    },
  }
}
