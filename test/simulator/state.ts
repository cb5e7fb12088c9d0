// The simulator's ledger: accounts, wallets, Lightning and wallet transactions, recipients and
// withdraw tokens, all amounts in msat. Every operation that moves money checks and debits in one
// synchronous step (no await in between), so concurrent requests can never overdraw a wallet.
import { bytesToHex } from '@noble/hashes/utils.js'
import { encodeInvoice, type NodeKey, nodeKeyFrom, readInvoice, sha256Hex } from './bolt11'
import type { Clock } from './clock'

export type Role = 'admin' | 'invoice' | 'read' | 'lnurlw' | 'lnurlp'
export type Permission = 'read' | 'transactions' | 'receive' | 'send' | 'transfer'

/** Key prefixes; the older twins (`wa_`, `wi_`, `wr_`) carry the same role. */
export const ROLE_PREFIX: Record<Role, string> = {
  admin: 'waka_',
  invoice: 'waki_',
  read: 'wakr_',
  lnurlw: 'waklw_',
  lnurlp: 'waklp_',
}
export const LEGACY_PREFIX: Partial<Record<Role, string>> = { admin: 'wa_', invoice: 'wi_', read: 'wr_' }
export const ROLE_NAME: Record<Role, string> = {
  admin: 'Wallet Admin',
  invoice: 'Wallet Invoice',
  read: 'Wallet Read',
  lnurlw: 'Wallet LNURL Withdraw',
  lnurlp: 'Wallet LNURL Pay',
}
/** service-facts.md, "Keys and what each may do". */
export const ROLE_PERMS: Record<Role, readonly Permission[]> = {
  admin: ['read', 'transactions', 'receive', 'send', 'transfer'],
  invoice: ['receive'],
  read: ['read', 'transactions'],
  lnurlw: ['read', 'send'],
  lnurlp: ['receive'],
}

export type WtxTypeName =
  | 'ln_deposit'
  | 'ln_withdrawal'
  | 'ln_transfer_in'
  | 'ln_transfer_out'
  | 'ln_lnurl_pay_inbound'
  | 'ln_lnurl_pay_outbound'
  | 'ln_lnurl_withdraw'
  | 'network_fee'
  | 'service_fee'

export const WTX_DISPLAY: Record<WtxTypeName, string> = {
  ln_deposit: 'Deposit',
  ln_withdrawal: 'Withdrawal',
  ln_transfer_in: 'Transfer In',
  ln_transfer_out: 'Transfer Out',
  ln_lnurl_pay_inbound: 'LNURL Pay Inbound',
  ln_lnurl_pay_outbound: 'LNURL Pay Outbound',
  ln_lnurl_withdraw: 'LNURL Withdraw',
  network_fee: 'Network Fee',
  service_fee: 'Service Fee',
}

export interface WalletKeys {
  admin: string
  invoice: string
  read: string
  lnurlw: string
  lnurlp: string
}

export interface Account {
  id: string
  secretKey: string
  publicKey: string
  createdAt: number
}

export interface WalletRec {
  id: string
  accountId: string
  label: string | null
  createdAt: number
  updatedAt: number
  balanceMsat: number
  keys: WalletKeys
  legacyKeys: { admin: string; invoice: string; read: string }
  lnurlpayId: string
}

export interface LnTxRec {
  id: string
  walletId: string
  createdAt: number
  /** null: a zero-amount invoice (until paid) */
  amountMsat: number | null
  memo: string | null
  descriptionHash: string | null
  paymentHash: string
  /** null when the preimage is not known to the simulator (an unknown outside invoice) */
  preimage: string | null
  paymentSecret: string
  expiry: number
  settledAt: number | null
  feeMsat: number
  direction: 'in' | 'out'
  /** whose node signs the request: ours, or a named outside node */
  signer: string
  /** signed lazily and cached (signing costs about a millisecond) */
  pr: string | null
  passThru: Record<string, unknown>
}

export interface WtxRec {
  id: string
  walletId: string
  createdAt: number
  amountMsat: number
  type: WtxTypeName
  lnTxId: string | null
  passThru: Record<string, unknown>
  label: string | null
}

export interface Recipient {
  address: string
  description: string
  minSendableMsat: number
  maxSendableMsat: number
  commentAllowed: number
}

export interface WithdrawToken {
  ott: string
  walletId: string
  kind: 'withdraw' | 'balance'
  /** the link's bound in msat; null: the wallet's balance */
  maxMsat: number | null
  memo: string
  k1: string
  spent: boolean
  createdAt: number
  /** the balanceCheck token minted alongside a withdraw token */
  balanceOtt: string | null
}

export interface Totals {
  inboundMsat: number
  outboundMsat: number
  feesMsat: number
}

/** Everything that persists (`--data`). */
export interface StateData {
  version: 1
  accounts: Account[]
  wallets: WalletRec[]
  lntx: LnTxRec[]
  wtx: WtxRec[]
  recipients: Recipient[]
  tokens: WithdrawToken[]
  totals: Totals
}

export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** An LNURL callback refusal: HTTP 200 `{"status":"ERROR","reason":…}`. */
export class LnurlError extends Error {}

export const DEFAULT_RECIPIENTS: Recipient[] = [
  {
    address: 'alice@sim.example',
    description: 'Tips for Alice',
    minSendableMsat: 1_000,
    maxSendableMsat: 1_000_000_000,
    commentAllowed: 140,
  },
  {
    address: 'bob@sim.example',
    description: "Bob's coffee fund",
    minSendableMsat: 1_000_000,
    maxSendableMsat: 50_000_000,
    commentAllowed: 0,
  },
  {
    address: 'shop@sim.example',
    description: 'Sim Shop order',
    minSendableMsat: 1_000,
    maxSendableMsat: 10_000_000_000,
    commentAllowed: 255,
  },
]

export const NODE_ID = 'lnod_sim0001'
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Routing fee for a payment leaving the simulator: 0.1 %, at least 1 sat, in whole sats. */
export function routingFeeMsat(amountMsat: number): number {
  return Math.max(1, Math.ceil(amountMsat / 1_000_000)) * 1000
}

export function metadataFor(r: Recipient): string {
  return JSON.stringify([
    ['text/plain', r.description],
    ['text/identifier', r.address],
  ])
}

export interface LedgerOptions {
  clock: Clock
  /** random bytes; seeds pass a deterministic source */
  random?: (n: number) => Uint8Array
  invoiceCapSat?: number | null
}

export class Ledger {
  readonly node: NodeKey = nodeKeyFrom('sim')
  readonly clock: Clock
  random: (n: number) => Uint8Array
  invoiceCapSat: number | null
  accounts = new Map<string, Account>()
  wallets = new Map<string, WalletRec>()
  lntx = new Map<string, LnTxRec>()
  wtx: WtxRec[] = []
  recipients = new Map<string, Recipient>()
  tokens = new Map<string, WithdrawToken>()
  totals: Totals = { inboundMsat: 0, outboundMsat: 0, feesMsat: 0 }
  // indexes
  private keyIndex = new Map<string, { walletId: string; role: Role }>()
  private accountKeys = new Map<string, { accountId: string; kind: 'secret' | 'public' }>()
  private byHash = new Map<string, LnTxRec>()
  private byPr = new Map<string, LnTxRec>()
  /** payment hashes already paid out: a Lightning node never pays the same request twice */
  private paidOut = new Set<string>()
  private wtxByWallet = new Map<string, WtxRec[]>()
  private outsideKeys = new Map<string, NodeKey>()
  /** preimages of requests the simulator made for outside nodes, revealed when paid */
  outsidePreimages = new Map<string, string>()
  /** called after each change, for persistence */
  onChange: () => void = () => {}
  /** called for each invoice created through the API (auto-settle) */
  onInvoice: (tx: LnTxRec) => void = () => {}

  /** seeds write history at past times */
  private pinned: number | null = null

  now(): number {
    return this.pinned ?? this.clock.now()
  }

  /** Runs `fn` with the ledger's time fixed at `at` (used to write seeded history). */
  at<T>(at: number, fn: () => T): T {
    const before = this.pinned
    this.pinned = at
    try {
      return fn()
    } finally {
      this.pinned = before
    }
  }

  constructor(opts: LedgerOptions) {
    this.clock = opts.clock
    this.random = opts.random ?? ((n) => crypto.getRandomValues(new Uint8Array(n)))
    this.invoiceCapSat = opts.invoiceCapSat ?? null
    for (const r of DEFAULT_RECIPIENTS) this.recipients.set(r.address, { ...r })
  }

  // ---------- ids ----------

  token(len = 24): string {
    const bytes = this.random(len)
    let s = ''
    for (const b of bytes) s += ALPHABET[b % ALPHABET.length]
    return s
  }

  hex(bytes: number): string {
    return bytesToHex(this.random(bytes))
  }

  // ---------- load / save ----------

  toData(): StateData {
    return {
      version: 1,
      accounts: [...this.accounts.values()],
      wallets: [...this.wallets.values()],
      lntx: [...this.lntx.values()],
      wtx: this.wtx,
      recipients: [...this.recipients.values()],
      tokens: [...this.tokens.values()],
      totals: this.totals,
    }
  }

  load(d: StateData): void {
    this.accounts = new Map(d.accounts.map((a) => [a.id, a]))
    this.accountKeys.clear()
    for (const a of d.accounts) this.indexAccount(a)
    this.wallets = new Map()
    this.keyIndex.clear()
    for (const w of d.wallets) this.indexWallet(w)
    this.lntx = new Map()
    this.byHash.clear()
    this.byPr.clear()
    this.paidOut.clear()
    for (const t of d.lntx) this.indexLnTx(t)
    this.wtx = []
    this.wtxByWallet.clear()
    for (const t of d.wtx) this.indexWtx(t)
    this.recipients = new Map(d.recipients.map((r) => [r.address, r]))
    this.tokens = new Map(d.tokens.map((t) => [t.ott, t]))
    this.totals = { ...d.totals }
  }

  private indexAccount(a: Account): void {
    this.accounts.set(a.id, a)
    this.accountKeys.set(a.secretKey, { accountId: a.id, kind: 'secret' })
    this.accountKeys.set(a.publicKey, { accountId: a.id, kind: 'public' })
  }

  private indexWallet(w: WalletRec): void {
    this.wallets.set(w.id, w)
    for (const role of Object.keys(w.keys) as Role[]) this.keyIndex.set(w.keys[role], { walletId: w.id, role })
    for (const role of Object.keys(w.legacyKeys) as Array<keyof WalletRec['legacyKeys']>)
      this.keyIndex.set(w.legacyKeys[role], { walletId: w.id, role })
    if (!this.wtxByWallet.has(w.id)) this.wtxByWallet.set(w.id, [])
  }

  private indexLnTx(t: LnTxRec): void {
    this.lntx.set(t.id, t)
    if (t.direction === 'in') this.byHash.set(t.paymentHash, t)
    else this.paidOut.add(t.paymentHash)
    if (t.pr) this.byPr.set(t.pr, t)
  }

  private indexWtx(t: WtxRec): void {
    this.wtx.push(t)
    let list = this.wtxByWallet.get(t.walletId)
    if (!list) {
      list = []
      this.wtxByWallet.set(t.walletId, list)
    }
    // kept in time order (a clock moved back, or seeded history, may add an older entry)
    let i = list.length
    while (i > 0 && (list[i - 1] as WtxRec).createdAt > t.createdAt) i--
    list.splice(i, 0, t)
  }

  // ---------- lookups ----------

  accountByKey(key: string) {
    return this.accountKeys.get(key)
  }

  walletKey(key: string) {
    return this.keyIndex.get(key)
  }

  walletTransactions(walletId: string): readonly WtxRec[] {
    return this.wtxByWallet.get(walletId) ?? []
  }

  findLnTx(idOrPr: string): LnTxRec | undefined {
    const s = idOrPr.trim()
    const direct = this.lntx.get(s) ?? this.byHash.get(s) ?? this.byPr.get(s.toLowerCase())
    if (direct) return direct
    const inv = readInvoice(s)
    return inv ? this.byHash.get(inv.paymentHash) : undefined
  }

  /** The payment request, signed on first use. */
  paymentRequest(t: LnTxRec): string {
    if (t.pr) return t.pr
    t.pr = encodeInvoice(
      {
        amountMsat: t.amountMsat,
        timestamp: t.createdAt,
        paymentHash: t.paymentHash,
        paymentSecret: t.paymentSecret,
        description: t.descriptionHash ? undefined : (t.memo ?? ''),
        descriptionHash: t.descriptionHash ?? undefined,
        expiry: t.expiry,
      },
      this.signerKey(t.signer),
    )
    this.byPr.set(t.pr, t)
    return t.pr
  }

  signerKey(signer: string): NodeKey {
    if (signer === 'sim') return this.node
    let k = this.outsideKeys.get(signer)
    if (!k) {
      k = nodeKeyFrom(`outside:${signer}`)
      this.outsideKeys.set(signer, k)
    }
    return k
  }

  // ---------- accounts and wallets ----------

  createAccount(at = this.now()): Account {
    const a: Account = {
      id: `acc_${this.token(14)}`,
      secretKey: `sak_${this.token(30)}`,
      publicKey: `pak_${this.token(30)}`,
      createdAt: at,
    }
    this.indexAccount(a)
    this.onChange()
    return a
  }

  createWallet(accountId: string, label: string | null, at = this.now()): WalletRec {
    const keys = {} as WalletKeys
    for (const role of Object.keys(ROLE_PREFIX) as Role[]) keys[role] = `${ROLE_PREFIX[role]}${this.token(30)}`
    const w: WalletRec = {
      id: `wal_${this.token(14)}`,
      accountId,
      label,
      createdAt: at,
      updatedAt: at,
      balanceMsat: 0,
      keys,
      legacyKeys: { admin: `wa_${this.token(30)}`, invoice: `wi_${this.token(30)}`, read: `wr_${this.token(30)}` },
      lnurlpayId: `lnurlp_${this.token(14)}`,
    }
    this.indexWallet(w)
    this.onChange()
    return w
  }

  // ---------- money ----------

  private addWtx(
    w: WalletRec,
    type: WtxTypeName,
    amountMsat: number,
    at: number,
    lnTxId: string | null,
    passThru: Record<string, unknown> = {},
    label: string | null = null,
  ): WtxRec {
    const t: WtxRec = {
      id: `wtx_${this.token(20)}`,
      walletId: w.id,
      createdAt: at,
      amountMsat,
      type,
      lnTxId,
      passThru,
      label,
    }
    this.indexWtx(t)
    w.balanceMsat += amountMsat
    w.updatedAt = Math.max(w.updatedAt, at)
    return t
  }

  private newLnTx(p: Partial<LnTxRec> & Pick<LnTxRec, 'walletId' | 'direction' | 'paymentHash' | 'signer'>): LnTxRec {
    const t: LnTxRec = {
      id: `lntx_${this.token(20)}`,
      createdAt: this.now(),
      amountMsat: null,
      memo: null,
      descriptionHash: null,
      preimage: null,
      paymentSecret: this.hex(32),
      expiry: 86400,
      settledAt: null,
      feeMsat: 0,
      pr: null,
      passThru: {},
      ...p,
    }
    this.indexLnTx(t)
    return t
  }

  createInvoice(
    walletId: string,
    input: {
      amountSat: number
      memo: string
      expiry?: number
      descriptionHash?: string | null
      passThru?: Record<string, unknown>
      at?: number
    },
    fromApi = false,
  ): LnTxRec {
    const preimage = this.hex(32)
    const tx = this.newLnTx({
      walletId,
      direction: 'in',
      signer: 'sim',
      preimage,
      paymentHash: sha256Hex(preimage),
      amountMsat: input.amountSat > 0 ? input.amountSat * 1000 : null,
      memo: input.memo,
      descriptionHash: input.descriptionHash ?? null,
      expiry: input.expiry ?? 86400,
      createdAt: input.at ?? this.now(),
      passThru: input.passThru ?? {},
    })
    this.onChange()
    if (fromApi) this.onInvoice(tx)
    return tx
  }

  isExpired(t: LnTxRec, now = this.now()): boolean {
    return now > t.createdAt + t.expiry
  }

  /** Why an inbound invoice cannot be paid now, or null. */
  private unpayable(t: LnTxRec | undefined): string | null {
    if (t?.direction !== 'in') return 'Invoice not found'
    if (t.settledAt != null) return 'Invoice already paid'
    if (this.isExpired(t)) return 'Invoice expired'
    return null
  }

  /** Settles an inbound invoice with money from outside the simulator. */
  settleFromOutside(idOrPr: string, amountMsat?: number, at = this.now()): LnTxRec {
    const t = this.findLnTx(idOrPr)
    const why = this.unpayable(t)
    if (why || !t) throw new SimError(400, why ?? 'Invoice not found')
    const amt = t.amountMsat ?? amountMsat
    if (!amt || amt <= 0) throw new SimError(400, 'A zero-amount invoice needs an amount to settle')
    this.credit(t, amt, at)
    this.totals.inboundMsat += amt
    this.onChange()
    return t
  }

  private credit(t: LnTxRec, amountMsat: number, at: number): void {
    const w = this.wallets.get(t.walletId)
    if (!w) throw new SimError(500, 'wallet vanished')
    t.amountMsat = amountMsat
    t.settledAt = at
    const type = t.passThru.lnurlp ? 'ln_lnurl_pay_inbound' : 'ln_deposit'
    this.addWtx(w, type, amountMsat, at, t.id, t.passThru)
  }

  /** An inbound payment from outside: an invoice created and settled at once. */
  payInbound(
    walletId: string,
    amountSat: number,
    memo = 'Inbound payment',
    at = this.now(),
    passThru: Record<string, unknown> = {},
  ): LnTxRec {
    if (!Number.isSafeInteger(amountSat) || amountSat <= 0)
      throw new SimError(400, 'amountSat must be a positive integer')
    if (!this.wallets.has(walletId)) throw new SimError(400, `Wallet not found: ${walletId}`)
    const t = this.createInvoice(walletId, { amountSat, memo, at, passThru })
    return this.settleFromOutside(t.id, undefined, at)
  }

  /** Why `w` cannot pay `amountMsat` plus `feeMsat`, or null. */
  private shortfall(w: WalletRec, amountMsat: number, feeMsat = 0): string | null {
    if (w.balanceMsat >= amountMsat + feeMsat) return null
    return `Invoice too large :) Max balance: ${Math.floor(Math.max(0, w.balanceMsat - feeMsat) / 1000)}`
  }

  private wallet(walletId: string): WalletRec {
    const w = this.wallets.get(walletId)
    if (!w) throw new SimError(401, `Wallet not found: ${walletId}`)
    return w
  }

  /**
   * Debits a payment that has passed every check: the outbound lnTx, the wallet transaction, its
   * routing fee, and either the receiving invoice (internal) or the outbound total.
   */
  private send(
    w: WalletRec,
    amountMsat: number,
    feeMsat: number,
    ln: Partial<LnTxRec> & Pick<LnTxRec, 'paymentHash' | 'signer'>,
    type: WtxTypeName,
    passThru: Record<string, unknown>,
    internal?: LnTxRec,
  ): { wtx: WtxRec; lnTx: LnTxRec } {
    const now = this.now()
    const out = this.newLnTx({
      ...ln,
      walletId: w.id,
      direction: 'out',
      amountMsat,
      createdAt: now,
      settledAt: now,
      feeMsat,
    })
    const wtx = this.addWtx(w, type, -amountMsat, now, out.id, passThru)
    if (feeMsat > 0) {
      this.addWtx(w, 'network_fee', -feeMsat, now, out.id)
      this.totals.feesMsat += feeMsat
    }
    if (internal) this.credit(internal, amountMsat, now)
    else this.totals.outboundMsat += amountMsat
    this.onChange()
    return { wtx, lnTx: out }
  }

  /**
   * Pays a BOLT 11 request from a wallet. An invoice of another simulated wallet settles there
   * (no fee); any other `lnbcrt` request is paid to the outside (routing fee).
   * Synchronous from check to debit.
   */
  payInvoice(
    walletId: string,
    pr: string,
    opts: {
      type?: WtxTypeName
      passThru?: Record<string, unknown>
      maxMsat?: number | null
      minMsat?: number
      fail?: (status: number, msg: string) => Error
    } = {},
  ): { wtx: WtxRec; lnTx: LnTxRec } {
    const fail = opts.fail ?? ((s, m) => new SimError(s, m))
    const w = this.wallets.get(walletId)
    if (!w) throw fail(401, `Wallet not found: ${walletId}`)
    const inv = readInvoice(pr)
    if (!inv) throw fail(400, 'Invalid payment request')
    const amt = inv.amountMsat
    if (!amt) throw fail(400, 'Zero-amount payment requests are not supported')
    if (opts.maxMsat != null && amt > opts.maxMsat) throw fail(400, `Amount above the maximum of ${opts.maxMsat} msat`)
    if (opts.minMsat != null && amt < opts.minMsat) throw fail(400, `Amount below the minimum of ${opts.minMsat} msat`)
    if (this.now() > inv.timestamp + inv.expiry) throw fail(400, 'Invoice expired')
    const internal = this.byHash.get(inv.paymentHash)
    if (internal) {
      const why = this.unpayable(internal)
      if (why) throw fail(400, why)
      if (internal.walletId === w.id) throw fail(400, 'A wallet cannot pay its own invoice')
      if (internal.amountMsat != null && internal.amountMsat !== amt) throw fail(400, 'Invalid payment request')
    } else if (this.paidOut.has(inv.paymentHash)) throw fail(400, 'Invoice already paid')
    const fee = internal ? 0 : routingFeeMsat(amt)
    const short = this.shortfall(w, amt, fee)
    if (short) throw fail(400, short)
    const ln = {
      signer: internal ? 'sim' : 'outside',
      paymentHash: inv.paymentHash,
      preimage: internal ? internal.preimage : (this.outsidePreimages.get(inv.paymentHash) ?? null),
      memo: inv.description,
      expiry: inv.expiry,
      pr: pr.trim().toLowerCase(),
    }
    return this.send(w, amt, fee, ln, opts.type ?? 'ln_withdrawal', opts.passThru ?? {}, internal)
  }

  /** Pays a lightning address the simulator resolves itself (an outside recipient). */
  payAddress(
    walletId: string,
    input: { address: string; amtMsat: number; comment?: string; passThru?: Record<string, unknown> },
  ): { wtx: WtxRec; lnTx: LnTxRec } {
    const w = this.wallet(walletId)
    const r = this.recipients.get(input.address.trim().toLowerCase())
    if (!r) throw new SimError(400, `Unknown lightning address: ${input.address}`)
    const amt = input.amtMsat
    if (amt < r.minSendableMsat || amt > r.maxSendableMsat)
      throw new SimError(400, `Amount must be between ${r.minSendableMsat} and ${r.maxSendableMsat} msat`)
    const comment = input.comment ?? ''
    if (comment.length > r.commentAllowed)
      throw new SimError(400, `Comment is longer than the ${r.commentAllowed} characters allowed`)
    const fee = routingFeeMsat(amt)
    const short = this.shortfall(w, amt, fee)
    if (short) throw new SimError(400, short)
    const preimage = this.hex(32)
    const passThru = {
      method: 'lnurlp',
      outgoingChannelId: String(700_000_000_000 + (this.now() % 1_000_000)),
      ln_address: r.address,
      ...(comment ? { comment } : {}),
      ...(input.passThru ?? {}),
    }
    const ln = {
      signer: r.address,
      preimage,
      paymentHash: sha256Hex(preimage),
      descriptionHash: sha256Hex(Buffer.from(metadataFor(r)).toString('hex')),
      expiry: 600,
    }
    return this.send(w, amt, fee, ln, 'ln_lnurl_pay_outbound', passThru)
  }

  transfer(fromId: string, toId: string, amountSat: number, memo: string | null): { out: WtxRec; in: WtxRec } {
    const from = this.wallet(fromId)
    const to = this.wallet(toId)
    if (from.id === to.id) throw new SimError(400, 'Source and destination wallets cannot be the same!')
    const amt = amountSat * 1000
    if (this.shortfall(from, amt)) throw new SimError(400, 'Insufficient balance in source wallet')
    const now = this.now()
    const out = this.addWtx(from, 'ln_transfer_out', -amt, now, null, { dest_wallet_id: to.id }, memo)
    const inn = this.addWtx(to, 'ln_transfer_in', amt, now, null, { source_wallet_id: from.id }, memo)
    this.onChange()
    return { out, in: inn }
  }

  /**
   * A payment to an outside node whose request the simulator made itself (seeded history):
   * nothing is signed until someone reads it.
   */
  payOutside(
    walletId: string,
    amountMsat: number,
    memo: string,
    type: WtxTypeName = 'ln_withdrawal',
    passThru: Record<string, unknown> = {},
  ): { wtx: WtxRec; lnTx: LnTxRec } {
    const w = this.wallet(walletId)
    const fee = routingFeeMsat(amountMsat)
    const short = this.shortfall(w, amountMsat, fee)
    if (short) throw new SimError(400, short)
    const preimage = this.hex(32)
    const ln = { signer: 'outside', preimage, paymentHash: sha256Hex(preimage), memo, expiry: 3600 }
    return this.send(w, amountMsat, fee, ln, type, passThru)
  }

  /** The service's own fee (seeded history): leaves the system like a routing fee. */
  chargeServiceFee(walletId: string, amountMsat: number): WtxRec {
    const w = this.wallet(walletId)
    const short = this.shortfall(w, amountMsat)
    if (short) throw new SimError(400, short)
    const t = this.addWtx(w, 'service_fee', -amountMsat, this.now(), null, {}, 'Service fee')
    this.totals.feesMsat += amountMsat
    this.onChange()
    return t
  }

  // ---------- LNURL-withdraw ----------

  mintWithdraw(walletId: string, numSatoshis: number | null, memo: string): WithdrawToken {
    const now = this.now()
    const balance: WithdrawToken = {
      ott: this.token(24),
      walletId,
      kind: 'balance',
      maxMsat: null,
      memo,
      k1: this.hex(32),
      spent: false,
      createdAt: now,
      balanceOtt: null,
    }
    const t: WithdrawToken = {
      ott: this.token(24),
      walletId,
      kind: 'withdraw',
      maxMsat: numSatoshis != null ? numSatoshis * 1000 : null,
      memo,
      k1: this.hex(32),
      spent: false,
      createdAt: now,
      balanceOtt: balance.ott,
    }
    this.tokens.set(balance.ott, balance)
    this.tokens.set(t.ott, t)
    this.onChange()
    return t
  }

  /** What a withdraw token lets a wallet take now, in msat: the link's bound or the balance. */
  withdrawable(t: WithdrawToken): { minMsat: number; maxMsat: number } {
    const w = this.wallets.get(t.walletId)
    const balance = w ? Math.max(0, w.balanceMsat) : 0
    // keep room for a routing fee, so that the maximum can actually be paid out
    const spendable = Math.max(0, balance - routingFeeMsat(balance))
    const cap = t.maxMsat != null && t.maxMsat <= spendable ? t.maxMsat : spendable
    const max = cap - (cap % 1000) // whole sats: wallets invoice in sats
    return max >= 1000 ? { minMsat: 1000, maxMsat: max } : { minMsat: 0, maxMsat: 0 }
  }

  /** The callback with `pr`: pays once; the token is spent before anything else can run. */
  redeemWithdraw(ott: string, k1: string | null, pr: string): WtxRec {
    const t = this.tokens.get(ott)
    if (t?.kind !== 'withdraw') throw new LnurlError('Unknown withdraw link')
    if (t.spent) throw new LnurlError('This withdraw link has been used and is no longer valid')
    if (k1 !== t.k1) throw new LnurlError('Wrong k1 for this withdraw link')
    const { minMsat, maxMsat } = this.withdrawable(t)
    const inv = readInvoice(pr)
    if (!inv) throw new LnurlError('Invalid payment request')
    if (inv.amountMsat != null && inv.amountMsat > maxMsat)
      throw new LnurlError(`Amount above the maximum of ${maxMsat} msat`)
    const { wtx } = this.payInvoice(t.walletId, pr, {
      type: 'ln_lnurl_withdraw',
      passThru: { ott: t.ott, method: 'lnurl-withdraw' },
      maxMsat,
      minMsat,
      fail: (_s, m) => new LnurlError(m),
    })
    t.spent = true
    this.onChange()
    return wtx
  }

  // ---------- conservation ----------

  walletsMsat(): number {
    let sum = 0
    for (const w of this.wallets.values()) sum += w.balanceMsat
    return sum
  }
}
