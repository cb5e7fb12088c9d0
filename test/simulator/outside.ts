// Outside parties the app meets: payees whose BOLT 11 requests a wallet pays, and another
// service's LNURL-withdraw vouchers that a wallet claims (LUD-03). Payers who pay in from
// outside are `settleFromOutside` and `payStaticLink`. Each keeps its own side of the books
// (`outsideBook`), so a test can check that every flow across the edge adds up.
import { encodeInvoice, readInvoice, sha256Hex } from './bolt11'
import { LnurlLedger } from './lnurl'
import {
  INCORRECT_DETAILS,
  type LnTxRec,
  LnurlError,
  type OutsidePayee,
  SimError,
  type StateData,
  type Voucher,
  type VoucherMode,
} from './types'

export interface PayeeSpec {
  /** null or 0: an amountless request */
  amountSat?: number | null
  memo?: string
  /** seconds; default 3600 */
  expiry?: number
  /** made long enough ago that it has expired */
  expired?: boolean
  /** someone else paid it already: the payee turns a payment down */
  paidElsewhere?: boolean
  /** an exact amount in msat (a lightning address's invoice), instead of `amountSat` */
  amountMsat?: number
  /** committed to instead of the memo (LUD-06: the SHA-256 of the metadata) */
  descriptionHash?: string
  /** who books the payment; default `payee` */
  party?: string
}

export interface VoucherSpec {
  /** the most one claim may take; default 1,000 sats */
  maxSat?: number
  /** the least; default 1 sat */
  minSat?: number
  description?: string
  /** how many claims it allows; default 1 (0: already spent) */
  uses?: number
  /** seconds from now; negative: already expired; default: never */
  expiresIn?: number | null
  descriptor?: VoucherMode
  callback?: Voucher['callback']
  /** the `reason` of an `error` answer */
  errorReason?: string
  stallMs?: number | null
  payAfterMs?: number
}

const MODES: readonly string[] = ['ok', 'stall', 'garbage', 'error', 'okNoPay']

export class Ledger extends LnurlLedger {
  payees = new Map<string, OutsidePayee>()
  vouchers = new Map<string, Voucher>()
  /**
   * Other simulators' ledgers on the same network (README, "Two simulators"): an invoice one of
   * them made is paid there, as across a real channel (the outside fee paid here, the invoice
   * settled there at its amount), instead of vanishing at an unknown outside node.
   */
  peers: Ledger[] = []

  override toData(): StateData {
    return { ...super.toData(), payees: [...this.payees.values()], vouchers: [...this.vouchers.values()] }
  }

  override load(d: StateData): void {
    super.load(d)
    this.payees = new Map((d.payees ?? []).map((p) => [p.paymentHash, p]))
    this.vouchers = new Map((d.vouchers ?? []).map((v) => [v.id, v]))
  }

  // ---------- payees ----------

  /** A BOLT 11 request of an outside node, its preimage known to the simulator. */
  createPayee(spec: PayeeSpec = {}): OutsidePayee {
    const amountSat = spec.amountSat ?? null
    if (amountSat != null && (!Number.isSafeInteger(amountSat) || amountSat < 0))
      throw new SimError(400, 'amountSat must be a whole number of sats, 0 or more')
    const expiry = spec.expiry ?? 3600
    if (!Number.isSafeInteger(expiry) || expiry < 1) throw new SimError(400, 'expiry must be a whole number of seconds')
    const preimage = this.hex(32)
    const paymentHash = sha256Hex(preimage)
    const timestamp = spec.expired ? this.now() - expiry - 60 : this.now()
    const memo = spec.memo ?? 'Outside invoice'
    const amountMsat = spec.amountMsat ?? (amountSat ? amountSat * 1000 : null)
    const { descriptionHash } = spec
    const pr = encodeInvoice(
      { amountMsat, timestamp, paymentHash, paymentSecret: this.hex(32), description: memo, descriptionHash, expiry },
      this.signerKey('outside'),
    )
    const payee: OutsidePayee = {
      paymentHash,
      preimage,
      amountMsat,
      memo,
      timestamp,
      expiry,
      paidElsewhere: spec.paidElsewhere ?? false,
      receivedMsat: null,
      pr,
      ...(spec.party ? { party: spec.party } : {}),
    }
    this.payees.set(paymentHash, payee)
    this.onChange()
    return payee
  }

  /** a peer's own unsettled-or-settled inbound invoice for this hash, and that peer */
  private atPeer(paymentHash: string): { peer: Ledger; t: LnTxRec } | null {
    for (const peer of this.peers) {
      const t = peer.byHash.get(paymentHash)
      if (t && t.direction === 'in') return { peer, t }
    }
    return null
  }

  protected override outsideRefusal(paymentHash: string): string | null {
    const there = this.atPeer(paymentHash)
    // the receiving node turns it down as this one would its own (paid, expired, wrong amount)
    if (there) return there.peer.unpayable(there.t) ? INCORRECT_DETAILS : null
    const p = this.payees.get(paymentHash)
    return p && (p.paidElsewhere || p.receivedMsat != null) ? INCORRECT_DETAILS : null
  }

  protected override outsideParty(paymentHash: string): string {
    return this.payees.get(paymentHash)?.party ?? 'payee'
  }

  protected override outsidePreimage(paymentHash: string): string | null {
    return this.atPeer(paymentHash)?.t.preimage ?? this.payees.get(paymentHash)?.preimage ?? null
  }

  protected override outsideReceived(paymentHash: string, amountMsat: number): void {
    const there = this.atPeer(paymentHash)
    if (there) {
      there.peer.settleFromOutside(there.t.id, amountMsat)
      return
    }
    const p = this.payees.get(paymentHash)
    if (p) p.receivedMsat = amountMsat
  }

  // ---------- vouchers ----------

  createVoucher(spec: VoucherSpec = {}): Voucher {
    const maxSat = spec.maxSat ?? 1000
    const minSat = spec.minSat ?? 1
    if (!Number.isSafeInteger(minSat) || !Number.isSafeInteger(maxSat) || minSat < 1 || maxSat < minSat)
      throw new SimError(400, 'minSat and maxSat must be whole sats, 1 ≤ minSat ≤ maxSat')
    const uses = spec.uses ?? 1
    if (!Number.isSafeInteger(uses) || uses < 0) throw new SimError(400, 'uses must be a whole number, 0 or more')
    if (spec.descriptor != null && !MODES.slice(0, 4).includes(spec.descriptor))
      throw new SimError(400, `descriptor must be one of ${MODES.slice(0, 4).join(', ')}`)
    if (spec.callback != null && !MODES.includes(spec.callback))
      throw new SimError(400, `callback must be one of ${MODES.join(', ')}`)
    const now = this.now()
    const v: Voucher = {
      id: `vch_${this.token(16)}`,
      k1: this.hex(32),
      description: spec.description ?? 'Voucher',
      minMsat: minSat * 1000,
      maxMsat: maxSat * 1000,
      usesLeft: uses,
      createdAt: now,
      expiresAt: spec.expiresIn != null ? now + spec.expiresIn : null,
      descriptor: spec.descriptor ?? 'ok',
      callback: spec.callback ?? 'ok',
      errorReason: spec.errorReason ?? 'This voucher cannot be claimed',
      stallMs: spec.stallMs ?? null,
      payAfterMs: spec.payAfterMs ?? 0,
      claims: [],
      calls: [],
    }
    this.vouchers.set(v.id, v)
    this.onChange()
    return v
  }

  /** Why a voucher cannot be claimed now, or null. */
  voucherUnusable(v: Voucher): string | null {
    if (v.expiresAt != null && this.now() >= v.expiresAt) return 'This voucher has expired'
    if (v.usesLeft <= 0) return 'This voucher has already been claimed'
    return null
  }

  /**
   * The voucher's callback with `k1` and `pr`: every check, then the use is spent at once (so
   * concurrent claims pay once). Returns the invoice to pay and how much; `payClaim` pays it.
   */
  claimVoucher(id: string, k1: string | null, pr: string | null): { invoice: LnTxRec; amountMsat: number } {
    const v = this.vouchers.get(id)
    if (!v) throw new LnurlError('Unknown voucher')
    const why = this.voucherUnusable(v)
    if (why) throw new LnurlError(why)
    if (k1 !== v.k1) throw new LnurlError('Wrong k1')
    if (!pr) throw new LnurlError('A payment request (pr) is required')
    const inv = readInvoice(pr)
    if (inv?.network !== 'regtest') throw new LnurlError('Invalid payment request')
    if (inv.amountMsat == null) throw new LnurlError('Amountless invoices are not accepted')
    if (inv.amountMsat < v.minMsat || inv.amountMsat > v.maxMsat)
      throw new LnurlError(`The amount must be between ${v.minMsat / 1000} and ${v.maxMsat / 1000} sats`)
    const invoice = this.byHash.get(inv.paymentHash)
    if (!invoice) throw new LnurlError('No route to the node of this invoice')
    if (this.unpayable(invoice)) throw new LnurlError('The invoice cannot be paid: it is paid or expired')
    v.usesLeft -= 1
    v.claims.push({ at: this.now(), amountMsat: inv.amountMsat, paymentHash: inv.paymentHash, paid: false })
    this.onChange()
    return { invoice, amountMsat: inv.amountMsat }
  }

  /** Pays a claim spent by `claimVoucher`; false when the invoice could not be paid any more. */
  payClaim(id: string, invoice: LnTxRec, amountMsat: number): boolean {
    const claim = this.vouchers.get(id)?.claims.find((c) => c.paymentHash === invoice.paymentHash)
    if (!claim || claim.paid) return false
    try {
      this.settleFromOutside(invoice.id, amountMsat, this.now(), `voucher:${id}`)
    } catch {
      return false // expired or paid meanwhile: the voucher's service keeps the money
    }
    claim.paid = true
    this.onChange()
    return true
  }
}
