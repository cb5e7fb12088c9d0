// The in-process controls (`sim.control`): what a test does as the world around the service
// (payers, payees, another service's vouchers, the clock, faults) and what it may look at.
// control.ts and control-outside.ts serve the same over HTTP under /_sim.

// relative, not '@shared/…': `tsx` runs this file outside vite's alias (npm run sim, npm run demo)
import { parseLightningAddress } from '../../shared/lnurl'
import type { Clock } from './clock'
import type { FaultSpec, Faults, RequestLogEntry } from './faults'
import { voucherLnurl, voucherUrl } from './outside-routes'
import {
  type Ledger,
  LnurlError,
  type OutsideEntry,
  type OutsidePayee,
  type PayeeSpec,
  type Recipient,
  SimError,
  type Voucher,
  type VoucherSpec,
  type WalletKeys,
  type WalletRec,
} from './state'

export interface SimWallet {
  id: string
  label: string
  keys: WalletKeys
  /** the older prefixes (`wa_`, `wi_`, `wr_`) of the same roles */
  legacyKeys: { admin: string; invoice: string; read: string }
}

/** Another service's voucher, with where the app finds it (loopback HTTP, no API key). */
export type SimVoucher = Voucher & { url: string; lnurl: string }
export type SimPayee = OutsidePayee & { payment_request: string }

export interface OutsideControl {
  /** another service's LNURL-withdraw voucher (see VoucherSpec: uses, limits, expiry, misbehaviour) */
  voucher(spec?: VoucherSpec): SimVoucher
  vouchers(): SimVoucher[]
  /** an outside payee's BOLT 11 request: with an amount or amountless, live, expired or paid elsewhere */
  payee(spec?: PayeeSpec): SimPayee
  payees(): SimPayee[]
  /**
   * an outside payer pays a wallet's static LNURL-pay link (by `wal_` id, any wallet key or the
   * `lnurlp_` id) with `amountMsat` and a comment, through the link's own LUD-06 rules
   */
  payLink(target: string, amountMsat: number, comment?: string): { lnTxId: string; paymentHash: string }
  /** every payment across the simulator's edge, as the outside parties booked it */
  book(): OutsideEntry[]
}

export interface SimControl {
  /** settles an inbound invoice as an outside payer would; `amountSat` for a zero-amount invoice */
  settleInvoice(lntxIdOrPaymentRequest: string, amountSat?: number): Promise<void>
  payInbound(walletId: string, amountSat: number, memo?: string): Promise<void>
  /** settle every invoice created through the API after a delay; null turns it off */
  setAutoSettle(afterMs: number | null): void
  /** false: answers carry no `Date` header (a proxy that drops it); true (the default): they do */
  setDateHeader(on: boolean): void
  injectFault(f: FaultSpec): void
  clearFaults(): void
  /** lets every request a `hold` fault keeps back go on now; how many there were */
  releaseHeld(): number
  clock: Clock
  requests(filter?: { method?: string; path?: RegExp | string }): RequestLogEntry[]
  resetRequests(): void
  addRecipient(r: Recipient): void
  recipients(): Recipient[]
  /** conservation: walletsMsat === inboundMsat - outboundMsat - feesMsat */
  totals(): { walletsMsat: number; inboundMsat: number; outboundMsat: number; feesMsat: number }
  createWallet(label: string, balanceSat?: number): SimWallet
  /** revokes the account's secret key (its calls get 401 from now on) and returns the new one */
  replaceSecretKey(): string
  /** a wallet's balance in msat (by `wal_` id or any of its keys) */
  balanceMsat(walletIdOrKey: string): number
  /** a payment request of an outside node, which the simulator pays to the outside */
  outsideInvoice(amountSat: number, memo?: string): string
  /** the parties outside the service: vouchers, payees, payers */
  outside: OutsideControl
  /** the ledger itself, for tests that need to look deeper */
  ledger: Ledger
}

export interface ControlDeps {
  ledger: Ledger
  clock: Clock
  faults: Faults
  accountId: string
  /** the simulator's base URL (known once it listens) */
  baseUrl: () => string
  setAutoSettle(afterMs: number | null): void
  setDateHeader(on: boolean): void
}

export function simWallet(w: WalletRec): SimWallet {
  return { id: w.id, label: w.label ?? '', keys: { ...w.keys }, legacyKeys: { ...w.legacyKeys } }
}

export function createControl(d: ControlDeps): SimControl {
  const { ledger, faults } = d
  const resolveWallet = (idOrKey: string): WalletRec => {
    const w = ledger.wallets.get(idOrKey) ?? ledger.wallets.get(ledger.walletKey(idOrKey)?.walletId ?? '')
    if (!w) throw new SimError(400, `Wallet not found: ${idOrKey}`)
    return w
  }
  const voucherView = (v: Voucher): SimVoucher => ({
    ...structuredClone(v),
    url: voucherUrl(d.baseUrl(), v.id),
    lnurl: voucherLnurl(d.baseUrl(), v.id),
  })
  const payeeView = (p: OutsidePayee): SimPayee => ({ ...p, payment_request: p.pr })

  const outside: OutsideControl = {
    voucher: (spec) => voucherView(ledger.createVoucher(spec)),
    vouchers: () => [...ledger.vouchers.values()].map(voucherView),
    payee: (spec) => payeeView(ledger.createPayee(spec)),
    payees: () => [...ledger.payees.values()].map(payeeView),
    payLink(target, amountMsat, comment) {
      const linkId = ledger.payLinks.has(target) ? target : resolveWallet(target).lnurlpayId
      try {
        const t = ledger.payStaticLink(linkId, amountMsat, comment ?? null)
        return { lnTxId: t.id, paymentHash: t.paymentHash }
      } catch (e) {
        throw e instanceof LnurlError ? new SimError(400, e.message) : e
      }
    },
    book: () => ledger.outsideBook.map((e) => ({ ...e })),
  }

  return {
    async settleInvoice(idOrPr, amountSat) {
      ledger.settleFromOutside(idOrPr, amountSat != null ? amountSat * 1000 : undefined)
    },
    async payInbound(walletId, amountSat, memo) {
      ledger.payInbound(resolveWallet(walletId).id, amountSat, memo)
    },
    setAutoSettle: d.setAutoSettle,
    setDateHeader: d.setDateHeader,
    injectFault: (f) => faults.add(f),
    clearFaults: () => faults.clear(),
    releaseHeld: () => faults.releaseHeld(),
    clock: d.clock,
    requests: (filter) => faults.requests(filter),
    resetRequests() {
      faults.log = []
    },
    addRecipient(r) {
      const address = parseLightningAddress(r.address)?.address
      if (!address) throw new SimError(400, 'Not a lightning address')
      if (!(r.minSendableMsat >= 1 && r.maxSendableMsat >= r.minSendableMsat))
        throw new SimError(400, 'minSendableMsat must be ≥ 1 and ≤ maxSendableMsat')
      ledger.recipients.set(address, { ...r, address })
      ledger.onChange()
    },
    recipients: () => [...ledger.recipients.values()].map((r) => ({ ...r })),
    totals: () => ({ walletsMsat: ledger.walletsMsat(), ...ledger.totals }),
    createWallet(label, balanceSat) {
      const w = ledger.createWallet(d.accountId, label)
      if (balanceSat) ledger.payInbound(w.id, balanceSat, 'Opening balance')
      return simWallet(w)
    },
    replaceSecretKey: () => ledger.replaceSecretKey(d.accountId),
    balanceMsat: (idOrKey) => resolveWallet(idOrKey).balanceMsat,
    outsideInvoice: (amountSat, memo = 'Outside invoice') => ledger.createPayee({ amountSat, memo }).pr,
    outside,
    ledger,
  }
}
