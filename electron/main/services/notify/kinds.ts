// Every desktop notification the app shows: one builder per kind, all here, and the one rule their
// words pass through (docs/security.md, "Hide balances"). A builder says its news twice: in full
// (amount, memo, payee) and plain (what happened and where, nothing else). While amounts are
// hidden, or the app is locked and the person did not allow amounts then, only the plain words are
// shown, on the desktop and in the app (`wordsShown`, applied by the notifier of app/privacy.ts).
// A `Notification` can only be made here (its type is branded), so the test that walks
// `notificationKinds` under Hide balances and under the lock covers every kind, a new one too.
import type { NavigateTarget, PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { formatMsat, formatSat } from '@shared/units'
import { mainLocale, mt } from '../i18n'
import type { LedgerTx } from '../ledger'
import { notificationLine } from './text'

declare const made: unique symbol

export interface Words {
  title: string
  body: string
}

export interface Notification extends Words {
  /** the same news without any amount, memo or payee */
  plain: Words
  /** the screen a click opens; null: a click only brings the app forward */
  target: NavigateTarget | null
  readonly [made]: true
}

/** The one privacy rule: while `masked`, a notification says its plain words, and nothing else. */
export const wordsShown = (n: Notification, masked: boolean): Words =>
  masked ? { title: n.plain.title, body: n.plain.body } : { title: n.title, body: n.body }

const notification = (n: Omit<Notification, typeof made>) => n as Notification

// Memos, wallet names and payees are untrusted text (./text.ts makes them inert), each kept to one
// short line so a long memo cannot push the wallet name out of view.
const LINE_MAX = 120
const line = (text: string | null | undefined) => notificationLine(text ?? '', LINE_MAX)
const sats = (msat: number) => formatMsat(msat, { locale: mainLocale() })
const lines = (...parts: string[]) => parts.filter(Boolean).join('\n')

/** The app's invoice was paid: the amount the wallet received (an amountless invoice asked none). */
export function settlementNotification(inv: PendingInvoice, walletLabel: string): Notification {
  const wallet = mt('main.notify.toWallet', { wallet: line(walletLabel) })
  return notification({
    title:
      inv.amountSat > 0
        ? mt('main.notify.received', { amount: formatSat(inv.amountSat, { locale: mainLocale() }) })
        : mt('main.notify.paymentReceived'),
    body: lines(line(inv.memo), wallet),
    plain: { title: mt('main.notify.paymentReceived'), body: wallet },
    target: { to: 'transaction', walletId: inv.walletId, lnTxId: inv.id, txId: null },
  })
}

/** A withdraw link the app made was claimed: what the claim took. */
export function withdrawNotification(
  link: Omit<WithdrawLinkView, 'claimFeeMsat'>,
  walletLabel: string,
  claimTxId: string | null,
): Notification {
  const wallet = mt('main.notify.fromWallet', { wallet: line(walletLabel) })
  const amount =
    link.claimedMsat === null ? formatSat(link.amountSat, { locale: mainLocale() }) : sats(link.claimedMsat)
  return notification({
    title: mt('main.notify.withdrawClaimedAmount', { amount }),
    body: lines(line(link.memo), wallet),
    plain: { title: mt('main.notify.withdrawClaimed'), body: wallet },
    target: claimTxId
      ? { to: 'transaction', walletId: link.walletId, lnTxId: null, txId: claimTxId }
      : { to: 'transactions', walletId: link.walletId },
  })
}

/** Money came in that no invoice or link of the app asked for: its memo and who sent it. */
export function receivedNotification(row: LedgerTx, walletLabel: string): Notification {
  const wallet = mt('main.notify.toWallet', { wallet: line(walletLabel) })
  const from = row.payee || row.counterpartyLabel
  return notification({
    title: mt('main.notify.received', { amount: sats(row.amountMsat) }),
    body: lines(
      line(row.memo) || line(row.comment),
      wallet,
      from ? mt('main.notify.fromWallet', { wallet: line(from) }) : '',
    ),
    plain: { title: mt('main.notify.paymentReceived'), body: wallet },
    target: { to: 'transaction', walletId: row.walletId, lnTxId: row.lnTxId, txId: row.txId },
  })
}

/** A connected app (NWC) paid through this app. */
export function connectionPaidNotification(name: string, amountMsat: number): Notification {
  const app = notificationLine(name, 60)
  return notification({
    title: mt('main.nwc.paid', { name: app, amount: sats(amountMsat) }),
    body: mt('main.nwc.throughApp'),
    plain: { title: mt('main.nwc.madePayment', { name: app }), body: mt('main.nwc.throughApp') },
    target: null,
  })
}

export const recoveredTitle = () => mt('payments.recoveredTitle')

/** A payment the journal had as failed went through after all: how much, and to whom. */
export function recoveredNotification(e: {
  kind: string
  target: string
  amountMsat: number
  walletId: string
}): Notification {
  const to = e.kind === 'invoice' ? `${e.target.slice(0, 24)}…` : e.target
  return notification({
    title: recoveredTitle(),
    body: mt('payments.recoveredBody', { amount: sats(e.amountMsat), to: notificationLine(to, 80) }),
    plain: { title: recoveredTitle(), body: mt('payments.recoveredPlain') },
    target: { to: 'transactions', walletId: e.walletId },
  })
}

/** Every kind, by name: what the privacy test walks (test/electron/tray/notifyPrivacy.test.ts). */
export const notificationKinds = {
  settlement: settlementNotification,
  withdrawClaimed: withdrawNotification,
  received: receivedNotification,
  connectionPaid: connectionPaidNotification,
  recovered: recoveredNotification,
} as const
