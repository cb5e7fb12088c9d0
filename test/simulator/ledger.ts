// The ledger's core: accounts, wallets, the indexes, ids, persistence and the two ways money
// is written (a wallet transaction, a Lightning transaction). The operations that move money
// live in the classes that extend it, one file per concern: invoices.ts, payments.ts, lnurl.ts.
import { bytesToHex } from '@noble/hashes/utils.js'
import { encodeInvoice, type NodeKey, nodeKeyFrom, readInvoice } from './bolt11'
import type { Clock } from './clock'
import {
  type Account,
  DEFAULT_RECIPIENTS,
  type LedgerOptions,
  type LnTxRec,
  type OutsideEntry,
  type Recipient,
  ROLE_PREFIX,
  type Role,
  SimError,
  type StateData,
  type Totals,
  type WalletKeys,
  type WalletRec,
  type WithdrawToken,
  type WtxRec,
  type WtxTypeName,
} from './types'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

export class LedgerBase {
  readonly node: NodeKey = nodeKeyFrom('sim')
  readonly clock: Clock
  random: (n: number) => Uint8Array
  invoiceCapSat: number | null
  sendCapSat: number | null
  accounts = new Map<string, Account>()
  wallets = new Map<string, WalletRec>()
  lntx = new Map<string, LnTxRec>()
  wtx: WtxRec[] = []
  recipients = new Map<string, Recipient>()
  tokens = new Map<string, WithdrawToken>()
  totals: Totals = { inboundMsat: 0, outboundMsat: 0, feesMsat: 0 }
  /** every payment across the simulator's edge, as the outside parties booked it */
  outsideBook: OutsideEntry[] = []
  // indexes
  protected keyIndex = new Map<string, { walletId: string; role: Role }>()
  protected accountKeys = new Map<string, { accountId: string; kind: 'secret' | 'public' }>()
  protected byHash = new Map<string, LnTxRec>()
  protected byPr = new Map<string, LnTxRec>()
  /** payment hashes already paid out: a Lightning node never pays the same request twice */
  protected paidOut = new Set<string>()
  protected wtxByWallet = new Map<string, WtxRec[]>()
  protected outsideKeys = new Map<string, NodeKey>()
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
    this.sendCapSat = opts.sendCapSat ?? null
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
      outsideBook: this.outsideBook,
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
    this.outsideBook = [...(d.outsideBook ?? [])]
  }

  protected indexAccount(a: Account): void {
    this.accounts.set(a.id, a)
    this.accountKeys.set(a.secretKey, { accountId: a.id, kind: 'secret' })
    this.accountKeys.set(a.publicKey, { accountId: a.id, kind: 'public' })
  }

  protected indexWallet(w: WalletRec): void {
    this.wallets.set(w.id, w)
    for (const role of Object.keys(w.keys) as Role[]) this.keyIndex.set(w.keys[role], { walletId: w.id, role })
    for (const role of Object.keys(w.legacyKeys) as Array<keyof WalletRec['legacyKeys']>)
      this.keyIndex.set(w.legacyKeys[role], { walletId: w.id, role })
    if (!this.wtxByWallet.has(w.id)) this.wtxByWallet.set(w.id, [])
  }

  protected indexLnTx(t: LnTxRec): void {
    this.lntx.set(t.id, t)
    if (t.direction === 'in') this.byHash.set(t.paymentHash, t)
    else this.paidOut.add(t.paymentHash)
    if (t.pr) this.byPr.set(t.pr, t)
  }

  protected indexWtx(t: WtxRec): void {
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

  /** Every wallet transaction of an account, newest first (the later-written first on a tie). */
  accountTransactions(accountId: string): WtxRec[] {
    const mine = this.wtx.filter((t) => this.wallets.get(t.walletId)?.accountId === accountId)
    return mine
      .map((t, i) => ({ t, i }))
      .sort((a, b) => b.t.createdAt - a.t.createdAt || b.i - a.i)
      .map((x) => x.t)
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

  /** Revokes the account's secret key and issues a new one, as a person does on the service's account page. */
  replaceSecretKey(accountId: string): string {
    const a = this.accounts.get(accountId)
    if (!a) throw new SimError(400, `Unknown account: ${accountId}`)
    this.accountKeys.delete(a.secretKey)
    a.secretKey = `sak_${this.token(30)}`
    this.accountKeys.set(a.secretKey, { accountId: a.id, kind: 'secret' })
    this.onChange()
    return a.secretKey
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

  protected addWtx(
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

  protected newLnTx(p: Partial<LnTxRec> & Pick<LnTxRec, 'walletId' | 'direction' | 'paymentHash' | 'signer'>): LnTxRec {
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

  /** Books a payment across the edge on the outside party's side. */
  protected book(direction: 'in' | 'out', party: string, amountMsat: number, paymentHash: string): void {
    this.outsideBook.push({ at: this.now(), direction, party, amountMsat, paymentHash })
  }

  /** The first hop of an outbound payment, as the published server records it. */
  protected channelId(): string {
    return String(700_000_000_000 + (this.now() % 1_000_000))
  }

  protected wallet(walletId: string): WalletRec {
    const w = this.wallets.get(walletId)
    if (!w) throw new SimError(401, `Wallet not found: ${walletId}`)
    return w
  }

  // ---------- conservation ----------

  walletsMsat(): number {
    let sum = 0
    for (const w of this.wallets.values()) sum += w.balanceMsat
    return sum
  }
}
