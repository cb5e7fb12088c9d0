// The NWC account (our client) against @getalby/sdk's NWCWalletService, an independent wallet
// side, backed by a small in-memory wallet, over the loopback relay.
import { randomBytes } from 'node:crypto'
import { NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc'
import { parseNwcUri } from '@shared/nwc/uri'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ledgerRow } from '../../../../electron/main/services/backends'
import { type NwcAccount, openNwcAccount } from '../../../../electron/main/services/backends/nwc/account'
import { nwcClient, nwcWalletId } from '../../../../electron/main/services/backends/nwc/client'
import { LedgerTxInput } from '../../../../electron/main/services/ledger/rows'
import { type Batch, backfill, DEFAULT_READS, readNewOfWallet } from '../../../../electron/main/services/sync/reads'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { nip47Row, zapRequest } from '../../../support/nwcWallet'

let relay: TestRelay
const logs: Array<[string, Record<string, unknown> | undefined]> = []
let service: NWCWalletService
let account: NwcAccount
let balance: number
let paidInvoices: string[]
let stall: boolean
let badShape: boolean
/** rows list_transactions and lookup_invoice answer with, as a wallet sends them (else `txs`) */
let listed: unknown[] | null
/** the error get_balance answers with, when set */
let refusal: { code: string; message: string } | null
const walletSecret = bytesToHex(generateSecretKey())
const clientSecret = bytesToHex(generateSecretKey())
const txs: { type: 'incoming' | 'outgoing'; invoice: string; payment_hash: string; amount: number }[] = []

const tx = (t: (typeof txs)[number]) => ({
  ...t,
  state: 'settled' as const,
  description: '',
  description_hash: '',
  preimage: '00'.repeat(32),
  fees_paid: 0,
  settled_at: 1,
  created_at: 1,
  expires_at: 2,
})

beforeEach(async () => {
  relay = await startRelay()
  balance = 50_000_000
  paidInvoices = []
  stall = false
  badShape = false
  listed = null
  refusal = null
  txs.length = 0
  service = new NWCWalletService({ relayUrls: [relay.url] })
  await service.publishWalletServiceInfoEvent(
    walletSecret,
    ['get_info', 'get_balance', 'make_invoice', 'lookup_invoice', 'list_transactions', 'pay_invoice'],
    [],
  )
  const keys = new NWCWalletServiceKeyPair(walletSecret, getPublicKey(Buffer.from(clientSecret, 'hex')))
  await service.subscribe(keys, {
    getInfo: async () => ({
      result: {
        alias: 'test wallet',
        color: '',
        pubkey: '',
        network: 'regtest',
        block_height: 1,
        block_hash: '',
        methods: ['get_balance'],
      },
      error: undefined,
    }),
    getBalance: async () => {
      if (refusal) return { result: undefined, error: refusal }
      return stall
        ? new Promise(() => {})
        : { result: badShape ? ({ balance: -1 } as never) : { balance }, error: undefined }
    },
    lookupInvoice: async (r) => {
      const raw = listed?.find((x) => (x as { payment_hash?: string }).payment_hash === r.payment_hash)
      if (raw) return { result: raw as never, error: undefined }
      const t = txs.find((x) => x.payment_hash === r.payment_hash)
      return t
        ? { result: tx(t), error: undefined }
        : { result: undefined, error: { code: 'NOT_FOUND', message: 'no' } }
    },
    makeInvoice: async (r) => {
      const t = {
        type: 'incoming' as const,
        invoice: `lnbcrt${r.amount}`,
        payment_hash: bytesToHex(randomBytes(32)),
        amount: r.amount,
      }
      txs.push(t)
      return { result: tx(t), error: undefined }
    },
    listTransactions: async (r) => {
      const all: unknown[] = listed ?? txs.map(tx)
      const transactions = all.slice(r.offset ?? 0, (r.offset ?? 0) + (r.limit ?? 50)) as never[]
      return { result: { transactions, total_count: all.length }, error: undefined }
    },
    payInvoice: async (r) => {
      if (stall) return new Promise(() => {})
      const amount = 1_000_000
      if (amount > balance) return { result: undefined, error: { code: 'INSUFFICIENT_BALANCE', message: 'no' } }
      balance -= amount
      paidInvoices.push(r.invoice)
      return { result: { preimage: '11'.repeat(32), fees_paid: 0 }, error: undefined }
    },
  })
  const wallet = getPublicKey(Buffer.from(walletSecret, 'hex'))
  const uri = parseNwcUri(
    `nostr+walletconnect://${wallet}?relay=${encodeURIComponent(relay.url)}&secret=${clientSecret}`,
  )
  if (!uri) throw new Error('uri refused')
  logs.length = 0
  account = openNwcAccount({ uri, timeoutMs: 3_000, backoffMinMs: 50, log: (m, f) => logs.push([m, f]) })
})

afterEach(async () => {
  account.close()
  service.close()
  await relay.close()
})

describe('NWC account against NWCWalletService', () => {
  it('reads the balance, makes an invoice and lists it back in pages', async () => {
    expect((await account.getBalance()).balance).toBe(50_000_000)
    const a = await account.makeInvoice({ amount: 21_000 })
    await account.makeInvoice({ amount: 22_000 })
    expect(a.invoice).toBe('lnbcrt21000')
    const first = await account.listTransactions({ limit: 1, offset: 0 })
    const second = await account.listTransactions({ limit: 1, offset: 1 })
    expect(first.transactions.map((t) => t.amount)).toEqual([21_000])
    expect(second.transactions.map((t) => t.amount)).toEqual([22_000])
    // the wallet's info event offers NIP-44, so every request uses it
    const encs = relay.published
      .filter((e) => e.kind === 23194)
      .map((e) => e.tags.find((t) => t[0] === 'encryption')?.[1])
    expect(new Set(encs)).toEqual(new Set(['nip44_v2']))
  })

  it('pays once, and a refusal maps to insufficient_funds', async () => {
    const r = await account.payInvoice({ invoice: 'lnbcrt1' })
    expect(r.preimage).toBe('11'.repeat(32))
    expect(paidInvoices).toEqual(['lnbcrt1'])
    balance = 0
    await expect(account.payInvoice({ invoice: 'lnbcrt2' })).rejects.toMatchObject({
      code: 'insufficient_funds',
      retryable: false,
    })
    expect(relay.published.filter((e) => e.kind === 23194)).toHaveLength(2)
  })

  it('a payment without an answer is unknown_outcome, sent once', async () => {
    stall = true
    await expect(account.payInvoice({ invoice: 'lnbcrt3' })).rejects.toMatchObject({ code: 'unknown_outcome' })
    expect(relay.published.filter((e) => e.kind === 23194)).toHaveLength(1)
  })

  it('ignores an answer signed by another key', async () => {
    stall = true
    const pending = account.payInvoice({ invoice: 'lnbcrt4' })
    // however long a busy machine takes to send it (the first request waits for the info event)
    await expect.poll(() => relay.published.some((e) => e.kind === 23194), { timeout: 5_000 }).toBe(true)
    const req = relay.published.find((e) => e.kind === 23194)
    if (!req) throw new Error('no request')
    const forger = generateSecretKey()
    const forged = finalizeEvent(
      {
        kind: 23195,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', req.pubkey],
          ['e', req.id],
        ],
        content: 'x',
      },
      forger,
    )
    const ws = new WebSocket(relay.url)
    await new Promise((r) => ws.addEventListener('open', r))
    ws.send(JSON.stringify(['EVENT', forged]))
    await expect(pending).rejects.toMatchObject({ code: 'unknown_outcome' })
    ws.close()
  })
})

describe('NWC account: reads', () => {
  it('reads get_info and looks an invoice up by payment hash', async () => {
    expect((await account.getInfo()).alias).toBe('test wallet')
    const a = await account.makeInvoice({ amount: 5_000 })
    expect((await account.lookupInvoice({ payment_hash: a.payment_hash })).amount).toBe(5_000)
    await expect(account.lookupInvoice({ payment_hash: 'cd'.repeat(32) })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('a read without an answer is a retryable timeout; a wrong shape is service_error', async () => {
    badShape = true
    await expect(account.getBalance()).rejects.toMatchObject({ code: 'service_error' })
    stall = true
    await expect(account.getBalance()).rejects.toMatchObject({ code: 'timeout', retryable: true })
  })

  it('an answered read clears its waits; a dead relay beside a live one does not stop it', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    const wallet = getPublicKey(Buffer.from(walletSecret, 'hex'))
    const relays = `relay=${encodeURIComponent(relay.url)}&relay=ws://127.0.0.1:9`
    const uri = parseNwcUri(`nostr+walletconnect://${wallet}?${relays}&secret=${clientSecret}`)
    if (!uri) throw new Error('uri refused')
    // opened now: the first request waits for the wallet's info event (up to 40 s) before it is sent
    const fresh = openNwcAccount({ uri, timeoutMs: 50_000, infoWaitMs: 40_000, backoffMinMs: 50 })
    try {
      const t0 = Math.floor(Date.now() / 1000)
      expect((await fresh.getBalance()).balance).toBe(50_000_000)
      const waits = set.mock.calls.flatMap((c, k) =>
        c[1] === 50_000 || c[1] === 40_000 ? [set.mock.results[k]?.value] : [],
      )
      expect(waits).toHaveLength(2)
      const cleared = new Set(clear.mock.calls.map((c) => c[0]))
      for (const t of waits) expect(cleared.has(t as NodeJS.Timeout)).toBe(true)
      // the request is dated in seconds, now
      const sent = relay.published.filter((e) => e.kind === 23194).at(-1)
      expect(Math.abs((sent?.created_at ?? 0) - t0)).toBeLessThanOrEqual(5)
    } finally {
      set.mockRestore()
      clear.mockRestore()
      fresh.close()
    }
  })

  it('a read no relay takes fails at once as network, and clears its waits', async () => {
    // the waits this request starts: 60 s for the answer, 50 ms for the wallet's info event
    const started: unknown[] = []
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    const wallet = getPublicKey(Buffer.from(walletSecret, 'hex'))
    // a loopback port nothing listens on: every publish fails
    const uri = parseNwcUri(`nostr+walletconnect://${wallet}?relay=ws://127.0.0.1:9&secret=${clientSecret}`)
    if (!uri) throw new Error('uri refused')
    const lonely = openNwcAccount({ uri, timeoutMs: 60_000, infoWaitMs: 50, backoffMinMs: 50 })
    try {
      const t0 = Date.now()
      await expect(lonely.getBalance()).rejects.toMatchObject({ code: 'network' })
      expect(Date.now() - t0).toBeLessThan(10_000)
      set.mock.calls.forEach((c, k) => {
        if (c[1] === 60_000) started.push(set.mock.results[k]?.value)
      })
      expect(started).toHaveLength(1)
      // the answer's 60 s wait does not outlive the request (it would hold the process open)
      const cleared = new Set(clear.mock.calls.map((c) => c[0]))
      for (const t of started) expect(cleared.has(t as NodeJS.Timeout)).toBe(true)
    } finally {
      set.mockRestore()
      clear.mockRestore()
      lonely.close()
    }
  })
})

describe('parseNwcUri', () => {
  const k = 'ab'.repeat(32)
  it('accepts wss and loopback ws, refuses other ws and bad keys', () => {
    expect(parseNwcUri(`nostr+walletconnect://${k}?relay=wss://r.example&secret=${k}`)?.relays).toEqual([
      'wss://r.example',
    ])
    expect(parseNwcUri(`nostr+walletconnect://${k}?relay=ws://r.example&secret=${k}`)).toBeNull()
    expect(parseNwcUri(`nostr+walletconnect://${k}?relay=wss://r.example&secret=zz`)).toBeNull()
    expect(parseNwcUri(`nostr+walletconnect://${k}?secret=${k}`)).toBeNull()
  })
})

describe('NWC account read by the sync loop', () => {
  it('is one wallet with the wallet balance, and its history backfills in pages into ledger rows', async () => {
    const wallet = getPublicKey(Buffer.from(walletSecret, 'hex'))
    const sync = nwcClient({ account: async () => account, walletPubkey: wallet, nowSec: () => 100 })
    const wallets = await sync.listWallets()
    expect(wallets).toHaveLength(1)
    expect(wallets[0]).toMatchObject({ id: nwcWalletId(wallet), balanceMsat: 50_000_000 })
    for (let i = 1; i <= 5; i++) await account.makeInvoice({ amount: i * 1000 })
    const last = txs[4]
    if (last) last.type = 'outgoing'
    const batches: Batch[] = []
    const done = await backfill(
      {
        client: sync,
        cursor: () => null,
        store: (b) => batches.push(b),
        storeHistory: async (bs) => void batches.push(...bs),
        nowSec: () => 100,
        o: { ...DEFAULT_READS, backfillPerPage: 2, backfillPagesPerTick: 10 },
      },
      nwcWalletId(wallet),
    )
    expect(done).toBe(true)
    const items = batches.flatMap((b) => b.items)
    // every row passes the ledger's own schema, so the ledger takes it as it is
    const rows = items.map(ledgerRow)
    for (const r of rows) expect(LedgerTxInput.safeParse(r).success).toBe(true)
    expect(rows.map((r) => r.amountMsat).sort((a, b) => a - b)).toEqual([-5000, 1000, 2000, 3000, 4000])
    expect(new Set(rows.map((r) => r.paymentHash))).toEqual(new Set(txs.map((t) => t.payment_hash)))
    expect(rows.find((r) => r.amountMsat < 0)?.typeName).toBe('ln_withdrawal')
    // three pages of two were asked for (limit/offset), not one big read
    const lists = relay.published.filter((e) => e.kind === 23194).length
    expect(lists).toBeGreaterThanOrEqual(3 + 5)
  })

  it('an invoice read looks the invoice up by payment hash', async () => {
    const wallet = getPublicKey(Buffer.from(walletSecret, 'hex'))
    const made = await account.makeInvoice({ amount: 7000 })
    const ln = await nwcClient({
      account: async () => account,
      walletPubkey: wallet,
      nowSec: () => 100,
    }).getInvoice(made.payment_hash)
    expect(ln).toMatchObject({ paymentHash: made.payment_hash, amountMsat: 7000, settled: true })
  })
})

describe('NWC account: histories as wallets send them', () => {
  const walletId = () => nwcWalletId(getPublicKey(Buffer.from(walletSecret, 'hex')))
  const sync = () =>
    nwcClient({
      account: async () => account,
      walletPubkey: getPublicKey(Buffer.from(walletSecret, 'hex')),
      nowSec: () => 200,
    })

  it('a row that does not read is skipped, logged and counted; its neighbours are kept', async () => {
    const bad = nip47Row({ amount: 'lots', created_at: 99 })
    listed = [nip47Row({ amount: 1000, created_at: 100 }), bad, nip47Row({ amount: 3000, created_at: 98 })]
    const page = await sync().listTransactions(walletId(), 1, 3)
    expect(page.rows.map((t) => t.amountMsat)).toEqual([1000, 3000])
    // three listed of three asked: another page may follow, so a history read goes on past this one
    expect(page.pageCount).toBe(2)
    expect(account.unreadableRows()).toBe(1)
    const skipped = logs.filter(([m]) => m === 'nwc account: unreadable row skipped').map(([, f]) => f)
    expect(skipped).toEqual([
      { offset: 1, why: 'amount: invalid_type', paymentHash: bad.payment_hash, skippedSoFar: 1 },
    ])
  })

  it('reads every NIP-47 state: only settled rows are payments; a zap’s long description is cut, not refused', async () => {
    const zap = zapRequest('Great post ⚡')
    expect(zap).toHaveLength(1065)
    const z = nip47Row({ description: zap, created_at: 105 })
    const expired = nip47Row({ state: 'expired', settled_at: 0, created_at: 104 })
    const failed = nip47Row({ type: 'outgoing', state: 'failed', settled_at: 0, created_at: 103 })
    const pending = nip47Row({ state: 'pending', settled_at: 0, created_at: 102 })
    const held = nip47Row({ state: 'accepted', settled_at: 0, created_at: 101 })
    listed = [z, expired, failed, pending, held]
    const page = await sync().listTransactions(walletId(), 1, 50)
    expect(page.rows.map((t) => t.paymentHash)).toEqual([z.payment_hash])
    const memo = page.rows[0]?.memo ?? ''
    // the ledger's cap (1,024 characters), ending with an ellipsis
    expect(Array.from(memo)).toHaveLength(1024)
    expect(memo.endsWith('…') && zap.startsWith(memo.slice(0, -1))).toBe(true)
    expect(page.rows[0]?.comment).toBe('Great post ⚡')
    // the zap request's sender kept beside the comment, for "Zap from …" (ledger/zap.ts)
    expect(JSON.parse(page.rows[0]?.passThru ?? 'null')).toEqual({
      comment: 'Great post ⚡',
      zap: { from: expect.stringMatching(/^npub1\w{7}…\w{4}$/), via: null },
    })
    expect(account.unreadableRows()).toBe(0)
    // the app's own invoice that expired reads as not paid: the read at expiry then marks it so
    expect(await sync().getInvoice(expired.payment_hash)).toMatchObject({
      settled: false,
      paymentHash: expired.payment_hash,
    })
  })

  it('cleans and caps every text of a row: bidi, control characters, a 10,000-character memo, markup', async () => {
    const upper = bytesToHex(randomBytes(32)).toUpperCase()
    listed = [
      nip47Row({ description: 'Invoice \u202Egnp.exe\u202C for you', created_at: 105 }),
      nip47Row({ description: 'a\u0000b\u001bc\u0007d\te\nf', created_at: 104 }),
      nip47Row({ description: 'x'.repeat(10_000), created_at: 103 }),
      nip47Row({ description: '<img src=x onerror=alert(1)><b>bold</b>', created_at: 102 }),
      nip47Row({
        ...{
          type: 'outgoing',
          payment_hash: upper,
          invoice: 'not an invoice <script>',
          preimage: 'zz',
          created_at: 101,
        },
        metadata: { comment: '\u202Ethanks', recipient_data: { identifier: 'alice@example.com\u200B' } },
      }),
    ]
    const { rows: items } = await sync().listTransactions(walletId(), 1, 50)
    expect(items.map((t) => t.memo)).toEqual([
      'Invoice gnp.exe for you',
      'abcd e f',
      `${'x'.repeat(1023)}…`,
      // markup is text: kept as written, shown as text (React), made inert for notifications (notify/text.ts)
      '<img src=x onerror=alert(1)><b>bold</b>',
      null,
    ])
    const out = items[4]
    expect(out).toMatchObject({ paymentHash: upper.toLowerCase(), lnTxId: upper.toLowerCase() })
    // the request that is not one is not carried anywhere
    expect(JSON.stringify(out)).not.toContain('script')
    expect(out?.preimage).toBeNull()
    expect(out).toMatchObject({ comment: 'thanks', payee: 'alice@example.com' })
    expect(JSON.parse(out?.passThru ?? 'null')).toEqual({ comment: 'thanks', ln_address: 'alice@example.com' })
    expect(out?.amountMsat).toBe(-1000)
  })

  it('a wallet’s error words are cleaned, cut short and never carry the secret', async () => {
    refusal = { code: 'INTERNAL\u202E', message: `${clientSecret} \u202Eetuor on\u0007 ${'y'.repeat(5000)}` }
    const e = (await account.getBalance().catch((x: unknown) => x)) as { code: string; message: string }
    expect(e.code).toBe('service_error')
    expect(e.message).toMatch(/^The wallet said no \(INTERNAL\): \[redacted\] etuor on y+…$/)
    expect(e.message).not.toMatch(/[\p{Cc}\p{Cf}]/u)
    expect(e.message.length).toBeLessThan(300)
  })

  it('a history of zaps loads in pages of 100, though one such answer would not fit in a NIP-44 message', async () => {
    const t = Array.from({ length: 120 }, (_, k) => 1_000 - k)
    listed = t.map((at) => nip47Row({ description: zapRequest(`zap ${at}`), created_at: at, settled_at: at }))
    // a page of 100 zaps is about 190 KB of JSON; NIP-44 seals 65,535 bytes at most
    expect(JSON.stringify(listed.slice(0, 100)).length).toBeGreaterThan(65_535)
    const batches: Batch[] = []
    const done = await backfill(
      {
        client: sync(),
        cursor: () => null,
        store: (b) => void batches.push(b),
        storeHistory: async (bs) => void batches.push(...bs),
        nowSec: () => 2_000,
        o: DEFAULT_READS,
      },
      walletId(),
    )
    expect(done).toBe(true)
    const stored = batches.flatMap((b) => b.items)
    expect(stored.map((x) => x.createdAt)).toEqual(t)
    expect(stored.every((x) => x.comment === `zap ${x.createdAt}`)).toBe(true)
  }, 30_000)

  it('new rows: a page the account keeps none of does not end the read, its listed rows’ time does', async () => {
    // fifty unpaid invoices newer than a payment that came after the last read
    const paid = nip47Row({ amount: 7000, created_at: 150, settled_at: 150 })
    const unpaid = Array.from({ length: 50 }, (_, k) =>
      nip47Row({ state: 'expired', settled_at: 0, created_at: 199 - k }),
    )
    const old = nip47Row({ amount: 5000, created_at: 90, settled_at: 90 })
    listed = [...unpaid, paid, old]
    const stored: Batch[] = []
    const cursor = { accountId: 'a', walletId: walletId(), lastSeenTxId: 'x', lastSeenAt: 120, fullCheckAt: null }
    await readNewOfWallet(
      {
        client: sync(),
        cursor: () => ({ ...cursor, backfillNextPage: 1, backfillTotal: 1, backfillDoneAt: 1 }),
        store: (b) => void stored.push(b),
        storeHistory: async () => {},
        nowSec: () => 200,
        o: { ...DEFAULT_READS, perPage: 50 },
      },
      walletId(),
    )
    const items = stored.flatMap((b) => b.items)
    expect(items.map((t) => t.paymentHash)).toContain(paid.payment_hash)
    // and the cursor moves to that payment, the newest stored
    expect(stored.at(-1)?.cursor).toMatchObject({ lastSeenAt: 150 })
  })
})
