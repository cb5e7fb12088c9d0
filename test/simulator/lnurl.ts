// The service's own LNURL links: one-time withdraw links (LUD-03).
import { readInvoice } from './bolt11'
import { PaymentLedger } from './payments'
import { LnurlError, routingFeeMsat, type WithdrawToken, type WtxRec } from './types'

export class Ledger extends PaymentLedger {
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
}
