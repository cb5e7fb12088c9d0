// Outbound: paying BOLT 11 requests and lightning addresses, transfers between wallets, and the
// seeded history's payments and fees. Each checks and debits in one synchronous step, so
// concurrent requests can never overdraw a wallet or pay a request twice.
import { readInvoice, sha256Hex } from './bolt11'
import { InvoiceLedger } from './invoices'
import {
  ALREADY_PAID,
  ANY_AMOUNT,
  defaultFeeLimitMsat,
  expiredMessage,
  INCORRECT_DETAILS,
  INVALID_PR,
  type LnTxRec,
  maxBalanceMessage,
  metadataFor,
  NO_ROUTE,
  routingFeeMsat,
  SimError,
  type WalletRec,
  WRONG_NETWORK,
  type WtxRec,
  type WtxTypeName,
} from './types'

export interface PayOptions {
  type?: WtxTypeName
  passThru?: Record<string, unknown>
  /** the most the routing fee may be, in msat; default `defaultFeeLimitMsat` (5 %) */
  feeLimitMsat?: number | null
  /** bounds of an LNURL-withdraw link, in msat */
  maxMsat?: number | null
  minMsat?: number
  fail?: (status: number, msg: string) => Error
}

export class PaymentLedger extends InvoiceLedger {
  /** Why `w` cannot pay `amountMsat` plus `feeMsat`, or null; the message names the balance. */
  protected shortfall(w: WalletRec, amountMsat: number, feeMsat = 0): string | null {
    return w.balanceMsat >= amountMsat + feeMsat ? null : maxBalanceMessage(w.balanceMsat)
  }

  // What an outside node does with a payment; outside.ts knows the payees the simulator made.
  /** Why the outside node refuses a payment to this hash, or null when it takes it. */
  protected outsideRefusal(_paymentHash: string): string | null {
    return null
  }
  /** The preimage the outside node reveals when paid, when the simulator knows it. */
  protected outsidePreimage(_paymentHash: string): string | null {
    return null
  }
  /** The outside node has taken the payment. */
  protected outsideReceived(_paymentHash: string, _amountMsat: number): void {}

  /** Who books a payment to an outside request: a lightning address's invoice names its address. */
  protected outsideParty(_paymentHash: string): string {
    return 'payee'
  }

  /**
   * Debits a payment that has passed every check: the outbound lnTx, the wallet transaction, its
   * routing fee, and either the receiving invoice (internal) or the outbound total and the
   * outside party's book.
   */
  protected send(
    w: WalletRec,
    amountMsat: number,
    feeMsat: number,
    ln: Partial<LnTxRec> & Pick<LnTxRec, 'paymentHash' | 'signer'>,
    type: WtxTypeName,
    passThru: Record<string, unknown>,
    to: LnTxRec | { party: string },
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
      this.addWtx(w, 'network_fee', -feeMsat, now, out.id, { source_transaction: wtx.id })
      this.totals.feesMsat += feeMsat
    }
    if ('party' in to) {
      this.totals.outboundMsat += amountMsat
      this.book('out', to.party, amountMsat, ln.paymentHash)
      this.outsideReceived(ln.paymentHash, amountMsat)
    } else this.credit(to, amountMsat, now)
    this.onChange()
    return { wtx, lnTx: out }
  }

  /**
   * Pays a BOLT 11 request from a wallet, with the published server's checks in its order: the
   * request (decoded, not amountless), the per-request limit, the balance; then the node's own
   * attempt (expired, already paid, the fee within its limit). An invoice of a simulated wallet
   * settles there with no fee; any other `lnbcrt` request is paid to the outside.
   */
  payInvoice(walletId: string, pr: string, opts: PayOptions = {}): { wtx: WtxRec; lnTx: LnTxRec } {
    const fail = opts.fail ?? ((s, m) => new SimError(s, m))
    const w = this.wallets.get(walletId)
    if (!w) throw fail(401, `Wallet not found: ${walletId}`)
    const inv = readInvoice(pr)
    if (!inv) throw fail(400, INVALID_PR)
    if (inv.network !== 'regtest') throw fail(400, WRONG_NETWORK)
    const amt = inv.amountMsat
    if (!amt) throw fail(400, ANY_AMOUNT)
    if (opts.maxMsat != null && amt > opts.maxMsat) throw fail(400, `Amount above the maximum of ${opts.maxMsat} msat`)
    if (opts.minMsat != null && amt < opts.minMsat) throw fail(400, `Amount below the minimum of ${opts.minMsat} msat`)
    if (this.sendCapSat != null && Math.floor(amt / 1000) > this.sendCapSat)
      throw fail(400, `Sends are limited to: ${this.sendCapSat} satoshi per request`)
    if (amt > w.balanceMsat) throw fail(400, maxBalanceMessage(w.balanceMsat))
    // the node's attempt
    if (this.now() > inv.timestamp + inv.expiry) throw fail(400, expiredMessage(inv.timestamp + inv.expiry))
    if (this.paidOut.has(inv.paymentHash)) throw fail(400, ALREADY_PAID)
    const internal = this.byHash.get(inv.paymentHash)
    let fee = 0
    if (internal) {
      // the receiving side (this same node) turns the payment down
      if (this.unpayable(internal) || (internal.amountMsat != null && internal.amountMsat !== amt))
        throw fail(400, INCORRECT_DETAILS)
    } else {
      const refusal = this.outsideRefusal(inv.paymentHash)
      if (refusal) throw fail(400, refusal)
      fee = routingFeeMsat(amt)
      if (fee > (opts.feeLimitMsat ?? defaultFeeLimitMsat(amt))) throw fail(400, NO_ROUTE)
    }
    const short = this.shortfall(w, amt, fee)
    if (short) throw fail(400, short)
    const ln = {
      signer: internal ? 'sim' : 'outside',
      paymentHash: inv.paymentHash,
      preimage: internal ? internal.preimage : this.outsidePreimage(inv.paymentHash),
      memo: inv.description,
      descriptionHash: inv.descriptionHash,
      expiry: inv.expiry,
      pr: pr.trim().toLowerCase(),
    }
    const passThru = { ...(opts.passThru ?? {}), outgoingChannelId: this.channelId() }
    return this.send(
      w,
      amt,
      fee,
      ln,
      opts.type ?? 'ln_withdrawal',
      passThru,
      internal ?? { party: this.outsideParty(inv.paymentHash) },
    )
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
      outgoingChannelId: this.channelId(),
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
    return this.send(w, amt, fee, ln, 'ln_lnurl_pay_outbound', passThru, { party: `address:${r.address}` })
  }

  /** Both wallet transactions carry the caller's passThru and name both wallets, as published. */
  transfer(
    fromId: string,
    toId: string,
    amountSat: number,
    memo: string | null,
    passThru: Record<string, unknown> = {},
  ): { out: WtxRec; in: WtxRec } {
    const from = this.wallet(fromId)
    const to = this.wallet(toId)
    if (from.id === to.id) throw new SimError(400, 'Source and destination wallets cannot be the same!')
    const amt = amountSat * 1000
    if (this.shortfall(from, amt)) throw new SimError(400, 'Insufficient balance in source wallet')
    const now = this.now()
    const both = { ...passThru, source_wallet_id: from.id, dest_wallet_id: to.id }
    const out = this.addWtx(from, 'ln_transfer_out', -amt, now, null, { ...both }, memo)
    const inn = this.addWtx(to, 'ln_transfer_in', amt, now, null, { ...both }, memo)
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
    return this.send(w, amountMsat, fee, ln, type, passThru, { party: 'payee' })
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
}
