// The service's own LNURL links: one-time withdraw links (LUD-03) and each wallet's static
// LNURL-pay link (LUD-06), whose payments arrive as `ln_lnurl_pay_inbound`.
import { readInvoice, sha256Hex } from './bolt11'
import { PaymentLedger } from './payments'
import {
  type LnTxRec,
  LnurlError,
  type PayLink,
  routingFeeMsat,
  SimError,
  type StateData,
  type WalletRec,
  type WithdrawToken,
  type WtxRec,
} from './types'

/** The published server's default upper bound of a new link: 100,000 sats. */
export const PAY_LINK_MAX_MSAT = 100_000_000
/** The published server gives an LNURL-pay invoice its model's default expiry: five days. */
export const PAY_LINK_EXPIRY = 5 * 86_400
export const COMMENT_MAX = 639

export class LnurlLedger extends PaymentLedger {
  payLinks = new Map<string, PayLink>()

  override createWallet(accountId: string, label: string | null, at = this.now()): WalletRec {
    const w = super.createWallet(accountId, label, at)
    this.addPayLink(w)
    return w
  }

  override toData(): StateData {
    return { ...super.toData(), payLinks: [...this.payLinks.values()] }
  }

  override load(d: StateData): void {
    super.load(d)
    this.payLinks = new Map((d.payLinks ?? []).map((l) => [l.id, l]))
    for (const w of this.wallets.values()) if (!this.payLinks.has(w.lnurlpayId)) this.addPayLink(w)
  }

  // ---------- LNURL-withdraw ----------

  mintWithdraw(
    walletId: string,
    numSatoshis: number | null,
    memo: string,
    passThru: Record<string, unknown> = {},
  ): WithdrawToken {
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
      passThru,
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
      passThru: { ...(t.passThru ?? {}), method: 'lnurl', ott: t.ott },
      maxMsat,
      minMsat,
      fail: (_s, m) => new LnurlError(m),
    })
    t.spent = true
    this.onChange()
    return wtx
  }

  // ---------- static LNURL-pay links ----------

  protected addPayLink(w: WalletRec): PayLink {
    const link: PayLink = {
      id: w.lnurlpayId,
      walletId: w.id,
      createdAt: w.createdAt,
      minMsat: 1000,
      maxMsat: this.invoiceCapSat != null ? this.invoiceCapSat * 1000 : PAY_LINK_MAX_MSAT,
      shortDesc: w.label ?? 'LNURL PAY',
      commentAllowed: 0,
    }
    this.payLinks.set(link.id, link)
    return link
  }

  /** LUD-06 metadata, as the published server writes it: the short description only. */
  linkMetadata(link: PayLink): string {
    return JSON.stringify([['text/plain', link.shortDesc]])
  }

  /**
   * The callback of a static link: a fresh invoice for `amountMsat` (rounded up to whole sats, as
   * published), committing to the metadata, with the comment as its memo.
   */
  linkInvoice(link: PayLink, amountMsat: number, comment: string | null, fromApi = false): LnTxRec {
    if (!Number.isSafeInteger(amountMsat) || amountMsat < link.minMsat || amountMsat > link.maxMsat)
      throw new LnurlError(`${amountMsat / 1000} sat is not within ${link.minMsat / 1000} - ${link.maxMsat / 1000} sat`)
    const amountSat = Math.ceil(amountMsat / 1000)
    if (this.invoiceCapSat != null && amountSat > this.invoiceCapSat)
      throw new LnurlError(`Receiving is limited to: ${this.invoiceCapSat} satoshi per invoice`)
    if (comment != null && comment.length > COMMENT_MAX)
      throw new LnurlError(`The comment is longer than ${COMMENT_MAX} characters`)
    const meta = Buffer.from(this.linkMetadata(link)).toString('hex')
    const passThru = {
      wallet_lnurlpay_id: link.id,
      amount: String(amountMsat),
      ...(comment != null ? { comment } : {}),
    }
    return this.createInvoice(
      link.walletId,
      { amountSat, memo: comment ?? 'LNURL PAY', descriptionHash: sha256Hex(meta), expiry: PAY_LINK_EXPIRY, passThru },
      fromApi,
    )
  }

  /** An outside payer pays a wallet's static link (descriptor, callback, invoice) with a comment. */
  payStaticLink(linkId: string, amountMsat: number, comment: string | null = null): LnTxRec {
    const link = this.payLinks.get(linkId)
    if (!link) throw new LnurlError('Unknown lnurlpay id')
    const t = this.linkInvoice(link, amountMsat, comment)
    return this.settleFromOutside(t.id, undefined, this.now(), 'link-payer')
  }

  /**
   * A wallet pays the static link of a wallet of the simulator (pay-to-LNURL): the link's own
   * invoice for the amount, paid internally as `ln_lnurl_pay_outbound`. As the published server,
   * the invoice must be for exactly the amount asked.
   */
  payLinkFrom(
    walletId: string,
    link: PayLink,
    input: { lnurl: string; amtMsat: number; comment?: string; passThru?: Record<string, unknown> },
  ): { wtx: WtxRec; lnTx: LnTxRec } {
    if (input.amtMsat > link.maxMsat) throw new SimError(400, `LNURL cannot accept more than ${link.maxMsat} msat`)
    if (input.amtMsat < link.minMsat) throw new SimError(400, `LNURL cannot accept less than ${link.minMsat} msat`)
    let invoice: LnTxRec
    try {
      invoice = this.linkInvoice(link, input.amtMsat, input.comment ?? null)
    } catch (e) {
      throw e instanceof LnurlError ? new SimError(400, `Lnurlpay service:${e.message}`) : e
    }
    if (invoice.amountMsat !== input.amtMsat)
      throw new SimError(
        400,
        `Requested invoice (${input.amtMsat}) and invoice generated (${invoice.amountMsat}) do not match.`,
      )
    const passThru = {
      ...(input.passThru ?? {}),
      target_lnurlp_encoded: input.lnurl,
      method: 'lnurlpay',
      ...(input.comment ? { lnurlp_comment: input.comment } : {}),
    }
    return this.payInvoice(walletId, this.paymentRequest(invoice), { type: 'ln_lnurl_pay_outbound', passThru })
  }
}
