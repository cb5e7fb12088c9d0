// Wallets of the active account: balances, their service pages, transfers between them, new ones.
import { z } from 'zod'
import { CreatedWalletView, TRANSFER_MEMO_MAX, TransferView, WALLET_NAME_MAX } from '../history'
import { AmountSat, id, int, none, op, RequestId } from './base'

export const WalletView = z.object({
  id,
  /** the name shown: the person's own if they gave one (docs/architecture.md), else the service's */
  label: z.string(),
  /** the service's own name (the rename field's placeholder); absent: the same as `label` */
  serviceLabel: z.string().optional(),
  /** the person hid it: off Home's rows and the tray, still in the total, history and Settings */
  hidden: z.boolean().optional(),
  balanceMsat: int,
  createdAt: int,
})
export type WalletView = z.infer<typeof WalletView>

export const TxView = z.object({
  id,
  createdAt: int,
  /** signed: negative for money leaving the wallet */
  amountMsat: int,
  typeName: z.string(),
  typeDisplay: z.string(),
  memo: z.string().nullable(),
  label: z.string().nullable(),
  lnTxId: z.string().nullable(),
  feeMsat: int.nullable(),
})
export type TxView = z.infer<typeof TxView>

export const TxPage = z.object({
  walletId: id,
  items: z.array(TxView),
  page: int.positive(),
  perPage: int.positive(),
  pageCount: int.nonnegative(),
  totalCount: int.nonnegative(),
})
export type TxPage = z.infer<typeof TxPage>

export const LnTxView = z.object({
  id,
  createdAt: int,
  paymentRequest: z.string(),
  paymentHash: z.string(),
  /** proof of payment; null until settled */
  preimage: z.string().nullable(),
  amountSat: int.nonnegative(),
  feeMsat: int.nullable(),
  memo: z.string().nullable(),
  settled: z.boolean(),
  settledAt: int.nullable(),
  expiresAt: int.nullable(),
})
export type LnTxView = z.infer<typeof LnTxView>

/** A wallet's permanent receive link (LNURL-pay): anyone may pay it, any number of times. */
export const StaticLinkView = z.object({
  walletId: id,
  /** upper case, as the service encodes it */
  lnurl: z.string(),
  /** `lightning:LNURL1…`, upper case, for the QR code */
  uri: z.string(),
  /** what a payer may send, whole sats inside the link's msat limits */
  minSat: int.positive(),
  maxSat: int.positive(),
  description: z.string(),
})
export type StaticLinkView = z.infer<typeof StaticLinkView>

export const walletsOps = {
  'wallets.list': op('read', none, z.object({ wallets: z.array(WalletView) })),
  'wallets.get': op('read', z.object({ walletId: id }).strict(), WalletView),
  'wallets.staticLink': op('read', z.object({ walletId: id }).strict(), StaticLinkView),

  'transactions.page': op(
    'read',
    z.object({ walletId: id, page: int.min(1).max(1_000_000), perPage: int.min(1).max(500) }).strict(),
    TxPage,
  ),
  'lntx.get': op('read', z.object({ id }).strict(), LnTxView),
  /** Moves sats between two wallets of the active account (journalled before it is sent). */
  'wallets.transfer': op(
    'money',
    z
      .object({
        fromWalletId: id,
        toWalletId: id,
        amountSat: AmountSat,
        memo: z.string().max(TRANSFER_MEMO_MAX, `The memo is too long (${TRANSFER_MEMO_MAX} characters at most).`),
        requestId: RequestId,
      })
      .strict()
      .refine((t) => t.fromWalletId !== t.toWalletId, 'Choose two different wallets.'),
    TransferView,
  ),
  /**
   * The app's own name for a wallet and whether it is hidden (the service has neither): kept by
   * main per account and wallet, laid over every read of the wallets. An empty name, or the
   * service's, shows the service's again. Hiding the last wallet on show is refused.
   */
  'wallets.setLocal': op(
    'local',
    z
      .object({
        walletId: id,
        name: z.string().trim().max(WALLET_NAME_MAX, `The name is too long (${WALLET_NAME_MAX} characters at most).`),
        hidden: z.boolean(),
      })
      .strict(),
    z.object({ wallets: z.array(WalletView) }),
  ),
  /**
   * Makes a wallet (a spendable thing, so once per `requestId`); its access keys come back only
   * with `showKeys`, once, and are never kept: the same request again answers without them.
   */
  'wallets.create': op(
    'money',
    z
      .object({
        name: z.string().trim().min(1, 'Give the wallet a name.').max(WALLET_NAME_MAX),
        showKeys: z.boolean().default(false),
        requestId: RequestId,
      })
      .strict(),
    CreatedWalletView,
  ),
} as const

/** What these operations may do while the app is locked (the rule is in index.ts). */
export const walletsWhileLocked = {
  'wallets.list': 'refused',
  'wallets.get': 'refused',
  'wallets.staticLink': 'refused',
  'transactions.page': 'refused',
  'lntx.get': 'refused',
  'wallets.transfer': 'refused',
  'wallets.create': 'refused',
  'wallets.setLocal': 'refused',
} as const
