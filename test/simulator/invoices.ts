// Inbound: invoices, and their settlement by payers outside the simulator.
import { sha256Hex } from './bolt11'
import { LedgerBase } from './ledger'
import { type LnTxRec, SimError } from './types'

export class InvoiceLedger extends LedgerBase {
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
  protected unpayable(t: LnTxRec | undefined): string | null {
    if (t?.direction !== 'in') return 'Invoice not found'
    if (t.settledAt != null) return 'Invoice already paid'
    if (this.isExpired(t)) return 'Invoice expired'
    return null
  }

  /**
   * Settles an inbound invoice with money from outside the simulator: its own amount, or for an
   * amountless invoice whatever amount the payer chose. `party` names the payer in the outside book.
   */
  settleFromOutside(idOrPr: string, amountMsat?: number, at = this.now(), party = 'payer'): LnTxRec {
    const t = this.findLnTx(idOrPr)
    const why = this.unpayable(t)
    if (why || !t) throw new SimError(400, why ?? 'Invoice not found')
    const amt = t.amountMsat ?? amountMsat
    if (amt == null) throw new SimError(400, 'An amountless invoice needs an amount to settle')
    if (!Number.isSafeInteger(amt) || amt <= 0) throw new SimError(400, 'The amount must be a positive whole msat')
    this.credit(t, amt, at)
    this.totals.inboundMsat += amt
    this.book('in', party, amt, t.paymentHash)
    this.onChange()
    return t
  }

  protected credit(t: LnTxRec, amountMsat: number, at: number): void {
    const w = this.wallets.get(t.walletId)
    if (!w) throw new SimError(500, 'wallet vanished')
    t.amountMsat = amountMsat
    t.settledAt = at
    // an invoice of a static LNURL-pay link (`lnurlp`: the key older state files used)
    const type = t.passThru.wallet_lnurlpay_id || t.passThru.lnurlp ? 'ln_lnurl_pay_inbound' : 'ln_deposit'
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
}
