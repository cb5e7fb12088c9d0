// TEST ONLY: a third backend of the test's own (issue 42, "A third backend is one folder and one
// entry"), registered through the registry alone. Its wallets, invoices and history live in one
// JSON file, read afresh on every call and written whole (rename), so a parent test and the app's
// core in a child process it kills share one backend and the parent can count what was paid.
// It speaks only the app's own terms (backends/types.ts): there is no wire format to translate.
import { randomBytes } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { Capabilities } from '@shared/contract'
import { AppError } from '@shared/errors'
import { z } from 'zod'
import type {
  Backend,
  BackendClient,
  BackendHooks,
  BackendKind,
  BackendTx,
} from '../../electron/main/services/backends'
import { mt } from '../../electron/main/services/i18n'
import { encodeInvoice, nodeKeyFrom, readInvoice, sha256Hex } from '../simulator/bolt11'

interface MemInvoice {
  id: string
  walletId: string
  paymentRequest: string
  paymentHash: string
  preimage: string
  amountMsat: number | null
  memo: string
  createdAt: number
  expiresAt: number
  settledAt: number | null
}

export interface MemoryState {
  wallets: Array<{ id: string; name: string; balanceMsat: number }>
  invoices: MemInvoice[]
  /** every wallet's rows, oldest first */
  rows: BackendTx[]
  /** every call the app made, by method name, in order */
  calls: string[]
  /** how long a payment's answer is held after the money moved (ms): a test kills the app meanwhile */
  holdPayMs: number
}

/** what it lacks: no new wallets, links, vouchers, moves, permanent QR or serving apps */
export const MEMORY_CAPABILITIES: Capabilities = {
  createWallets: false,
  withdrawLinks: false,
  vouchers: false,
  transfers: false,
  permanentQr: false,
  connectedApps: false,
  amountlessInvoices: false,
}

const NODE = nodeKeyFrom('memory-backend')
const nowSec = () => Math.floor(Date.now() / 1000)
const hex32 = () => randomBytes(32).toString('hex')

/** The backend's file and what a test does to it from outside the app. */
export function memoryStore(file: string) {
  const read = (): MemoryState => JSON.parse(readFileSync(file, 'utf8')) as MemoryState
  const write = (s: MemoryState) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(s))
    renameSync(`${file}.tmp`, file)
  }
  const change = <T>(f: (s: MemoryState) => T): T => {
    const s = read()
    const out = f(s)
    write(s)
    return out
  }
  return {
    file,
    read,
    change,
    init(wallets: MemoryState['wallets']) {
      write({ wallets, invoices: [], rows: [], calls: [], holdPayMs: 0 })
    },
    /** the payer outside pays the invoice: the wallet's balance and history gain it */
    settle(invoiceId: string) {
      change((s) => {
        const inv = s.invoices.find((i) => i.id === invoiceId)
        if (!inv || inv.settledAt != null) throw new Error(`no unpaid invoice ${invoiceId}`)
        inv.settledAt = nowSec()
        const w = s.wallets.find((x) => x.id === inv.walletId)
        if (w) w.balanceMsat += inv.amountMsat ?? 0
        s.rows.push(rowOf(inv.walletId, `mem-in-${inv.id}`, inv.amountMsat ?? 0, inv, inv.settledAt, {}))
      })
    },
    /** from now on a payment's answer waits `ms` after the money moved (0: none) */
    holdPayments(ms: number) {
      change((s) => {
        s.holdPayMs = ms
      })
    },
    /** an invoice of someone outside, for the app to pay */
    outsideInvoice(amountSat: number, memo: string): string {
      const preimage = hex32()
      const f = { amountMsat: amountSat * 1000, timestamp: nowSec(), paymentHash: sha256Hex(preimage) }
      return encodeInvoice({ ...f, paymentSecret: hex32(), description: memo, expiry: 3600 }, nodeKeyFrom('outside'))
    },
    /** the rows that paid out with this request id */
    paidWith: (requestId: string) => read().rows.filter((r) => r.amountMsat < 0 && r.requestId === requestId),
  }
}

type Inv = Pick<MemInvoice, 'memo' | 'paymentHash'> & { preimage: string | null; lnTxId?: string }

function rowOf(walletId: string, txId: string, msat: number, inv: Inv, at: number, notes: Record<string, string>) {
  const row: BackendTx = {
    walletId,
    txId,
    typeName: msat < 0 ? 'ln_withdrawal' : 'ln_deposit',
    amountMsat: msat,
    createdAt: at,
    memo: inv.memo || null,
    comment: null,
    payee: null,
    counterpartyWalletId: null,
    lnTxId: msat < 0 ? null : txId.replace(/^mem-in-/, ''),
    paymentHash: inv.paymentHash,
    preimage: inv.preimage,
    requestId: notes.requestId ?? null,
    passThru: JSON.stringify(notes),
  }
  return row
}

function invoiceView(i: MemInvoice) {
  const settled = i.settledAt != null
  return {
    ...{ id: i.id, paymentRequest: i.paymentRequest, paymentHash: i.paymentHash, amountMsat: i.amountMsat },
    ...{ memo: i.memo || null, createdAt: i.createdAt, expiresAt: i.expiresAt, settled, settledAt: i.settledAt },
    preimage: settled ? i.preimage : null,
  }
}

function page(rows: BackendTx[], n: number, perPage: number) {
  const newest = [...rows].reverse()
  const slice = newest.slice((n - 1) * perPage, n * perPage)
  return {
    rows: slice,
    page: n,
    perPage,
    pageCount: Math.max(1, Math.ceil(newest.length / perPage)),
    totalCount: newest.length,
    ...(slice.length ? { oldestListed: slice[slice.length - 1]?.createdAt } : {}),
  }
}

const refuse = (): never => {
  throw new AppError('forbidden', mt('accounts.cannot'), { retryable: false })
}
const missing = (): never => {
  throw new AppError('not_found', mt('accounts.gone'))
}

type Store = ReturnType<typeof memoryStore>

function payIn(store: Store, walletId: string, request: string, notes: Record<string, string>) {
  return store.change((s) => {
    const read = readInvoice(request)
    const w = s.wallets.find((x) => x.id === walletId)
    if (!read?.amountMsat || !w) return missing()
    if (w.balanceMsat < read.amountMsat) throw new AppError('insufficient_funds', mt('accounts.cannot'))
    w.balanceMsat -= read.amountMsat
    const inv = { memo: read.description ?? '', paymentHash: read.paymentHash, preimage: hex32() }
    const row = rowOf(walletId, `mem-out-${s.rows.length + 1}`, -read.amountMsat, inv, nowSec(), notes)
    s.rows.push(row)
    return row
  })
}

/** The client over the file: every call noted in `calls`, in the app's terms only. */
function memoryClient(store: Store, baseUrl: string): BackendClient {
  const note = (name: string) => store.change((s) => void s.calls.push(name))
  const wallet = (id: string) => store.read().wallets.find((w) => w.id === id) ?? missing()
  const client: BackendClient = {
    baseUrl,
    listWallets: async () => store.read().wallets,
    getWallet: async (id) => wallet(id),
    getStaticLink: async () => refuse(),
    probe: async () => refuse(),
    mintWithdrawLink: async () => refuse(),
    async createInvoice(walletId, input) {
      wallet(walletId)
      const preimage = hex32()
      const at = nowSec()
      const expiry = input.expirySec ?? 3600
      const f = { amountMsat: input.amountMsat ?? null, timestamp: at, paymentHash: sha256Hex(preimage) }
      const pr = encodeInvoice({ ...f, paymentSecret: hex32(), description: input.memo, expiry }, NODE)
      const inv: MemInvoice = {
        ...{ id: `mem-inv-${f.paymentHash.slice(0, 16)}`, walletId, paymentRequest: pr, preimage },
        ...{ paymentHash: f.paymentHash, amountMsat: f.amountMsat, memo: input.memo },
        ...{ createdAt: at, expiresAt: at + expiry, settledAt: null },
      }
      store.change((s) => void s.invoices.push(inv))
      return invoiceView(inv)
    },
    getInvoice: async (id) => invoiceView(store.read().invoices.find((i) => i.id === id) ?? missing()),
    async invoiceState(id) {
      const i = store.read().invoices.find((x) => x.id === id) ?? missing()
      return { settled: i.settledAt != null, settledAt: i.settledAt, amountMsat: i.amountMsat }
    },
    listTransactions: async (walletId, n, perPage) =>
      page(
        store.read().rows.filter((r) => r.walletId === walletId),
        n,
        perPage,
      ),
    listAccountTransactions: async (n, perPage) => page(store.read().rows, n, perPage),
    async payInvoice(walletId, input) {
      const row = payIn(store, walletId, input.paymentRequest, input.notes)
      const hold = store.read().holdPayMs
      if (hold > 0) await new Promise((r) => setTimeout(r, hold))
      return { state: 'settled', row, paymentHash: row.paymentHash, preimage: row.preimage, feeMsat: 0 }
    },
    payLightningAddress: async () => refuse(),
    transfer: async () => refuse(),
    createWallet: async () => refuse(),
  }
  // every call is noted before it runs: the test counts what reached the backend
  const noted =
    (k: string, f: (...x: unknown[]) => unknown) =>
    (...a: unknown[]) => {
      note(k)
      return f(...a)
    }
  const entries = Object.entries(client).map(([k, v]) => [k, typeof v === 'function' ? noted(k, v) : v])
  return Object.fromEntries(entries) as BackendClient
}

/** its kind's name in the registry: none of the shipped kinds' */
export const MEMORY_KIND = 'memory'

const ADDRESS = /^memory:\/\/([a-z0-9-]{1,32})$/

/** What connecting a memory book takes: its name (the account's address) and a token (its key). */
const MemoryConnection = z.object({
  book: z.string().regex(/^[a-z0-9-]{1,32}$/),
  token: z.string().regex(/^mem_[0-9a-z]{8,60}$/),
})

/** Connecting, checking and restoring an account of this kind: the entry's own schema and rules. */
const memoryConnect: BackendKind<z.output<typeof MemoryConnection>> = {
  connection: MemoryConnection,
  address: (baseUrl) => ADDRESS.test(baseUrl),
  fits: (_baseUrl, secret) => MemoryConnection.shape.token.safeParse(secret).success,
  checkAddress(baseUrl) {
    if (!ADDRESS.test(baseUrl)) throw new AppError('invalid_input', mt('accounts.cannot'))
    return baseUrl
  },
  read: (input) => ({
    baseUrl: `memory://${input.book}`,
    authMethod: 'header',
    secret: input.token,
    secrets: [input.token],
  }),
  async check(reading, open) {
    const client = open({ baseUrl: reading.baseUrl, authMethod: 'header', key: () => reading.secret, retries: 0 })
    const book = ADDRESS.exec(reading.baseUrl)?.[1] ?? ''
    return { wallets: await client.listWallets(), label: `Memory ${book}` }
  },
  newKey() {},
}

/** The registry's entry: capabilities, its kind's connect, one client per call policy, the client over the file. */
export function memoryBackend(file: string): Backend {
  const store = memoryStore(file)
  return {
    capabilities: { ...MEMORY_CAPABILITIES },
    connect: memoryConnect,
    session: 'perPolicy',
    open(account, hooks: BackendHooks) {
      const client = memoryClient(store, account.baseUrl)
      return account.accountId ? hooks.watched(account.accountId, client) : client
    },
  }
}
