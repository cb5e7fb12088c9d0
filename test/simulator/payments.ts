// Outbound: paying BOLT 11 requests and lightning addresses, transfers between wallets, and the
// seeded history's payments and fees. Each checks and debits in one synchronous step.
import { readInvoice, sha256Hex } from './bolt11'
import { InvoiceLedger } from './invoices'
import {
  type LnTxRec,
  metadataFor,
  routingFeeMsat,
  SimError,
  type WalletRec,
  type WtxRec,
  type WtxTypeName,
} from './types'

export class PaymentLedger extends InvoiceLedger {
  /** Why `w` cannot pay `amountMsat` plus `feeMsat`, or null. */
  protected shortfall(w: WalletRec, amountMsat: number, feeMsat = 0): string | null {
    if (w.balanceMsat >= amountMsat + feeMsat) return null
    return `Invoice too large :) Max balance: ${Math.floor(Math.max(0, w.balanceMsat - feeMsat) / 1000)}`
  }

  /**
   * Debits a payment that has passed every check: the outbound lnTx, the wallet transaction, its
   * routing fee, and either the receiving invoice (internal) or the outbound total.
   */
  protected send(
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
}
