// The one IPC contract. The preload, the main-process router, the renderer's typed API, the test
// bridge and the browser preview are all derived from this object: adding an operation is one
// entry here plus one handler in electron/main/ipc/handlers (docs/architecture.md, "Adding an
// operation"). Each operation names its kind, from which the money rules follow.
import { z } from 'zod'
import { BACKUP_PASSPHRASE_MIN } from './backupRules'
import type { EventName, OpName } from './channels'
import { FIAT_CURRENCIES } from './fiat'
import {
  CreatedWalletView,
  CsvFormat,
  HistoryFilterInput,
  HistoryPage,
  HistoryQuery,
  LABEL_MAX,
  TRANSFER_MEMO_MAX,
  TransferView,
  WALLET_NAME_MAX,
} from './history'
import { Language } from './i18n/language'
import { DEFAULT_LOCK, LockSettings, LockStatus, NewPassphrase, Passphrase, Shortcut, UnlockResult } from './lock'
import { VOUCHER_COUNT_MAX, VOUCHER_NOTE_MAX } from './vouchers'

export type { EventName, OpName } from './channels'
export { EVENT_NAMES, eventChannel, OP_NAMES, opChannel } from './channels'
export { DEFAULT_LOCK, LockSettings, LockStatus, Shortcut, UnlockResult } from './lock'

const int = z.number().int()
const msat = int.nonnegative()
const id = z.string().min(1).max(200)

export const AuthMethod = z.enum(['header', 'basic', 'query'])
export type AuthMethod = z.infer<typeof AuthMethod>

export const KeyStorage = z.enum(['keychain', 'memory'])

/** The product's name: window title, tray, menus, notifications and `app.info`. */
export const APP_NAME = 'Lightning Tray'

export const BaseUrl = z
  .string()
  .trim()
  .min(1, 'Enter the service address.')
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === 'https:' || u.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Enter a full address such as https://api.example.com')

/** What a person pastes: trimmed, no whitespace inside, printable ASCII. */
export const ApiKeyInput = z
  .string()
  .trim()
  .min(8, 'That key is too short.')
  .max(512, 'That key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'A key has no spaces or special characters.')

// ── Views: what the renderer sees (never a key) ───────────────────────────────────────────
export const AccountView = z.object({
  id,
  label: z.string(),
  baseUrl: z.string(),
  authMethod: AuthMethod,
  /** e.g. `sak_…9f2c` */
  keyHint: z.string(),
  storage: KeyStorage,
  /**
   * The service's clock minus the computer's, in seconds, as main estimates it (null: not known
   * yet). Expiry is judged on the service's clock: the renderer adds this to its own.
   */
  clockOffsetSec: z.number().int().nullable().optional(),
})
export type AccountView = z.infer<typeof AccountView>

export const WalletView = z.object({
  id,
  label: z.string(),
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

export const InvoiceStatus = z.enum(['pending', 'paid', 'expired'])
export const PendingInvoice = z.object({
  id,
  walletId: id,
  accountId: id,
  amountSat: int.nonnegative(),
  memo: z.string(),
  paymentRequest: z.string(),
  paymentHash: z.string(),
  createdAt: int,
  expiresAt: int,
  status: InvoiceStatus,
  settledAt: int.nullable(),
})
export type PendingInvoice = z.infer<typeof PendingInvoice>

export const RecipientView = z.object({
  address: z.string(),
  description: z.string(),
  /** LUD-06 text/long-desc when present */
  longDescription: z.string().nullable(),
  minSendableMsat: msat,
  maxSendableMsat: msat,
  /** max comment length; 0 = no comment allowed */
  commentAllowed: int.nonnegative(),
  /** the link makes invoices in whole sats only (a wallet's permanent QR): no fractions */
  wholeSats: z.boolean(),
})
export type RecipientView = z.infer<typeof RecipientView>

/**
 * What the payee's LNURL server asks the wallet to show after paying (LUD-09, docs/service.md,
 * "Success actions"), already checked by main: text to show as text, never as HTML; a link opened
 * only when the person asks (`link.open`); an `aes` secret decrypted, or `text` null when it could not be.
 */
export const SuccessActionView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('message'), message: z.string().max(144) }),
  z.object({ kind: z.literal('url'), description: z.string().max(144), url: z.string().max(2048) }),
  z.object({ kind: z.literal('aes'), description: z.string().max(144), text: z.string().max(4096).nullable() }),
])
export type SuccessActionView = z.infer<typeof SuccessActionView>

export const PaymentView = z.object({
  txId: id,
  amountMsat: msat,
  feeMsat: int.nonnegative(),
  preimage: z.string().nullable(),
  paymentHash: z.string().nullable(),
  createdAt: int,
  /** a lightning address's success action, when its server gave a valid one */
  successAction: SuccessActionView.optional(),
})
export type PaymentView = z.infer<typeof PaymentView>

export const WithdrawLinkView = z.object({
  walletId: id,
  lnurl: z.string(),
  /** `lightning:LNURL1…`, upper case, for the QR code */
  uri: z.string(),
  ott: z.string(),
  amountSat: int.positive(),
  memo: z.string(),
  createdAt: int,
  status: z.enum(['waiting', 'claimed']),
  claimedAt: int.nullable(),
  /**
   * what was actually taken, from the withdrawal's transaction: a link may be claimed for less
   * than its amount (docs/service.md, "LNURL details"); null until claimed (and in older files)
   */
  claimedMsat: msat.nullable().default(null),
})
export type WithdrawLinkView = z.infer<typeof WithdrawLinkView>

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

/** A withdraw link someone hands the app, as its server describes it (text is shown as text). */
export const ClaimOffer = z.object({
  /** upper case, as read */
  lnurl: z.string(),
  /** who offers: the server's host, e.g. `sats.example` */
  host: z.string(),
  description: z.string(),
  /** whole sats the link allows (its msat limits rounded inwards) */
  minSat: int.positive(),
  maxSat: int.positive(),
  /** where the money request (the invoice) goes: may be another host than the link's */
  callbackHost: z.string(),
  /** that host is on this computer or a private network (null: neither): warned about before a claim */
  callbackRange: z.enum(['loopback', 'private', 'link-local']).nullable(),
})
export type ClaimOffer = z.infer<typeof ClaimOffer>
/**
 * `accepted`: the server said OK; the invoice shows whether it paid yet. `unanswered`: its answer
 * was lost or unreadable, so it may still pay; the invoice is watched until it expires.
 */
export const ClaimResult = z.object({
  outcome: z.enum(['accepted', 'unanswered']),
  message: z.string().nullable(),
  offer: ClaimOffer,
  invoice: PendingInvoice,
})
export type ClaimResult = z.infer<typeof ClaimResult>
/** An LNURL-withdraw as handed over: bech32, `lightning:…` or `lnurlw://…` (shared/payment/parse.ts). */
const LnurlInput = z.string().trim().min(8).max(2100)
/** Hosts the person allowed to be contacted although on a private address (the link's, the callback's). */
const ConfirmedHosts = z.array(z.string().max(300)).max(2).optional()

// ── Payments: BOLT 11 invoices and the journal of payments in flight (docs/payment-input.md) ─
export const InvoiceView = z.object({
  /** lower case, as the service wants it */
  invoice: z.string(),
  network: z.enum(['mainnet', 'testnet', 'signet', 'regtest', 'simnet']),
  /** null: amountless (the service cannot pay those) */
  amountMsat: msat.nullable(),
  description: z.string().nullable(),
  descriptionHash: z.string().nullable(),
  /** the payee's node id, when known */
  payee: z.string().nullable(),
  paymentHash: z.string(),
  /** Unix seconds */
  expiresAt: int,
  /** the most the routing fee may be (sent as the payment's fee limit) */
  feeLimitMsat: msat.nullable(),
  /** who read it: the service's node, or the app's own decoder where the service could not */
  decodedBy: z.enum(['service', 'app']),
  /** the journal has paid this invoice before, or tried to with an outcome not known: warn first */
  earlier: z
    .object({ state: z.enum(['paid', 'unknown']), at: int })
    .nullable()
    .optional(),
})
export type InvoiceView = z.infer<typeof InvoiceView>
export const JournalView = z.object({
  requestId: z.string(),
  accountId: id,
  walletId: id,
  kind: z.enum(['invoice', 'address', 'transfer']),
  amountMsat: msat,
  feeLimitMsat: msat.nullable(),
  /** the invoice, address or wallet paid */
  target: z.string(),
  state: z.enum(['pending', 'sent', 'paid', 'failed', 'unknown']),
  txId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: int,
  updatedAt: int,
})
export type JournalView = z.infer<typeof JournalView>
const JournalList = z.object({ payments: z.array(JournalView) })

// ── Spending rules per account (docs/security.md, "Spending rules") ──────────────────────────
const SatLimit = int.nonnegative().max(2_100_000_000_000_000 / 1000)
export const SpendingRules = z.object({
  /** any payment or link over this many sats needs the app's passphrase; null: never asked */
  confirmAboveSat: SatLimit.nullable(),
  /** the most that may go out in any 24 hours, fees included; null: no limit */
  dailyLimitSat: SatLimit.nullable(),
})
export const SpendingView = SpendingRules.extend({
  accountId: id,
  /** what went out (or was reserved) in the last 24 hours, fees included */
  spentMsat: msat,
  /** what may still go out now; null without a daily limit */
  leftMsat: msat.nullable(),
  /** the app has a passphrase: only then can a confirm limit be set */
  passphraseSet: z.boolean(),
  /** false when the rules file could not be read: nothing is sent until they are set again */
  readable: z.boolean(),
})
export type SpendingView = z.infer<typeof SpendingView>
/** from `spending.confirm`: one spend over the confirm limit, within two minutes */
const ConfirmToken = z.string().min(16).max(100)

// ── Encrypted backups (docs/security.md, "Backups") ──────────────────────────────────────────
export { BACKUP_PASSPHRASE_MIN }

const BackupPassphrase = z
  .string()
  .min(BACKUP_PASSPHRASE_MIN, `Choose a passphrase of at least ${BACKUP_PASSPHRASE_MIN} characters.`)
  .max(1024)
export const BackupStatus = z.object({
  /** the nudge shows: accounts exist and no backup was made (or the nudge put off) for 30 days */
  due: z.boolean(),
  /** when the last backup was saved (Unix seconds) */
  lastBackupAt: int.nullable(),
  /** the app has a passphrase: exporting keys asks for it */
  passphraseSet: z.boolean(),
})
export type BackupStatus = z.infer<typeof BackupStatus>

// ── Fiat rates (docs/rates.md) ───────────────────────────────────────────────────────────
export { FIAT_CURRENCIES } from './fiat'
export const FiatCurrency = z.enum(FIAT_CURRENCIES)
export type FiatCurrency = z.infer<typeof FiatCurrency>
export const FiatSettings = z.object({ enabled: z.boolean(), currency: FiatCurrency })
export type FiatSettings = z.infer<typeof FiatSettings>
/** On by default: a wallet shows what an amount is worth; the first run says which host is asked. */
export const DEFAULT_FIAT: FiatSettings = { enabled: true, currency: 'USD' }
export const RatesView = z.object({
  currency: FiatCurrency,
  /** fiat per sat; null when there is no price to show (off, none yet, refused or too old) */
  satPrice: z.number().positive().finite().nullable(),
  /** when the shown price was fetched (ms since epoch), null without one */
  fetchedAt: int.nullable(),
  status: z.enum(['fresh', 'stale', 'off', 'unavailable']),
  /** why the last attempt gave no new price, in words for the person */
  reason: z.string().nullable(),
  /** the host asked for prices, e.g. api.coingecko.com */
  host: z.string(),
  /** the host asked for older rows' prices when settings.pricesThen is on; absent without one */
  historyHost: z.string().optional(),
  /** no price was ever fetched on this machine: the first-run statement is shown */
  firstRun: z.boolean(),
})
export type RatesView = z.infer<typeof RatesView>
// ──────────────────────────────────────────────────────────────────────────────────────────

export const Theme = z.enum(['system', 'light', 'dark'])
export const Settings = z.object({
  pollIntervalSec: int.min(5).max(3600),
  notifications: z.boolean(),
  theme: Theme,
  fiat: FiatSettings,
  /**
   * older rows' prices from the price history source (off by default: asking for a day's price
   * tells the source on which days money moved; docs/rates.md). Absent is off.
   */
  pricesThen: z.boolean().optional(),
  /** the tray shows the total balance (off: no amount on the tray at all) */
  trayTotal: z.boolean(),
  /** a global shortcut that opens the app, in Electron's accelerator words; '' for none */
  shortcut: Shortcut,
  /** start the app when the person logs in */
  openAtLogin: z.boolean(),
  /** when the window opens, offer to pay what is on the clipboard (read only at that moment) */
  offerClipboard: z.boolean(),
  /** every amount is masked: screens, the tray and notifications (docs/security.md) */
  hideBalances: z.boolean(),
  /** when and how the app lock locks; whether a passphrase is set is `lock.status` */
  lock: LockSettings,
  /** rows per page on the Transactions screen, kept across restarts */
  historyPerPage: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100), z.literal(250)]),
  /** the app's language; 'system' follows the OS (shared/i18n/locales.ts). Absent is 'system'. */
  language: Language.optional(),
})
export type Settings = z.infer<typeof Settings>
export const DEFAULT_SETTINGS: Settings = {
  pollIntervalSec: 15,
  notifications: true,
  theme: 'system',
  fiat: DEFAULT_FIAT,
  trayTotal: true,
  // none by default: a global shortcut takes the keys from every other app
  shortcut: '',
  openAtLogin: false,
  offerClipboard: true,
  hideBalances: false,
  lock: DEFAULT_LOCK,
  historyPerPage: 25,
}

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** true in the browser preview (`npm run demo:web`), false in Electron */
  preview: z.boolean(),
  keychain: z.enum(['available', 'unavailable', 'unknown']),
})

const ConnectInput = z.object({
  baseUrl: BaseUrl,
  apiKey: ApiKeyInput,
  authMethod: AuthMethod.default('header'),
  label: z.string().trim().max(80).optional(),
  storage: KeyStorage.default('keychain'),
})

const AmountSat = int.positive('Enter an amount above zero.').max(2_100_000_000_000_000 / 1000)
const Memo = z.string().max(639, 'The memo is too long (639 characters at most).')
/** A token the renderer makes once per intent (per confirmation screen), so a double click is one payment. */
const RequestId = z.string().min(8).max(100)
const VoucherNote = z
  .string()
  .trim()
  .max(VOUCHER_NOTE_MAX, `The note is too long (${VOUCHER_NOTE_MAX} characters at most).`)
/** What became of a voucher sheet: saved (the file's name, never its folder), cancelled, or not written. */
export const SheetOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), fileName: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('failed'), message: z.string() }),
])
export type SheetOutcome = z.infer<typeof SheetOutcome>
/** A lightning address (≤ 320 chars) or an LNURL-pay link, which is often far longer. */
const PayTarget = z.string().trim().min(3).max(2000)

/**
 * What an operation does, which decides how it is guarded (docs/architecture.md, "Money rules"):
 * - `read`: asks the service or the app, changes nothing; service GETs may be retried.
 * - `local`: changes the app's own state (settings, accounts, what is watched).
 * - `create`: makes something at the service that moves no money (an invoice): never retried.
 * - `money`: moves money or makes something spendable (a payment, a transfer, a claim, a withdraw
 *   link, a voucher sheet, a wallet): never retried, run once per `requestId` for good (kept on
 *   disk), and a bug in main after its handler ran reads as `unknown_outcome`, never as "try again".
 */
export type OpKind = 'read' | 'local' | 'create' | 'money'

/** The input every `money` operation carries: one token per intent, so a double click runs once. */
type MoneyInput = z.ZodType<{ requestId: string }, { requestId: string }>

function op<K extends OpKind, I extends z.ZodType, O extends z.ZodType>(
  kind: K,
  // a money operation that cannot be told apart from its repeat does not compile
  input: K extends 'money' ? I & MoneyInput : I,
  output: O,
) {
  return { kind, input, output }
}
const none = z.object({}).strict()

export const operations = {
  'app.info': op('read', none, AppInfo),

  'accounts.list': op('read', none, z.object({ accounts: z.array(AccountView), activeId: id.nullable() })),
  /** Checks base URL and key by listing wallets; stores nothing. */
  'accounts.test': op(
    'read',
    ConnectInput.omit({ label: true, storage: true }),
    z.object({ wallets: z.array(WalletView) }),
  ),
  /**
   * Checks the key, then stores it (keychain or memory) and makes the account active. A key
   * already connected at the same address is refused, naming that account (main compares keys).
   */
  'accounts.connect': op('local', ConnectInput, AccountView),
  'accounts.switch': op('local', z.object({ id }).strict(), AccountView),
  'accounts.update': op(
    'local',
    z.object({ id, label: z.string().trim().min(1).max(80).optional(), authMethod: AuthMethod.optional() }).strict(),
    AccountView,
  ),
  /**
   * Gives an account a new key (the old one was revoked or lost), kept where the old one was. Main
   * checks that the key works and opens the same wallets, so the account's history stays its own.
   */
  'accounts.replaceKey': op('local', z.object({ id, apiKey: ApiKeyInput }).strict(), AccountView),
  /**
   * Disconnects: deletes the key from where it is kept (keychain or memory) and forgets the
   * account. Answers the accounts left and the active one, which main chooses (another account
   * when the active one was removed; null only when none is left).
   */
  'accounts.remove': op(
    'local',
    z.object({ id }).strict(),
    z.object({ removed: z.literal(true), accounts: z.array(AccountView), activeId: id.nullable() }),
  ),

  'wallets.list': op('read', none, z.object({ wallets: z.array(WalletView), totalMsat: int })),
  'wallets.get': op('read', z.object({ walletId: id }).strict(), WalletView),
  'wallets.staticLink': op('read', z.object({ walletId: id }).strict(), StaticLinkView),

  'transactions.page': op(
    'read',
    z.object({ walletId: id, page: int.min(1).max(1_000_000), perPage: int.min(1).max(500) }).strict(),
    TxPage,
  ),
  'lntx.get': op('read', z.object({ id }).strict(), LnTxView),

  /** Without `amountSat` the payer chooses the amount (the invoice's `amountSat` is 0 until paid). */
  'invoices.create': op(
    'create',
    z
      .object({
        walletId: id,
        amountSat: AmountSat.optional(),
        memo: Memo,
        expirySec: int.min(60, 'An invoice lasts at least a minute.').max(31_536_000).optional(),
      })
      .strict(),
    PendingInvoice,
  ),
  'invoices.list': op('read', none, z.object({ invoices: z.array(PendingInvoice) })),
  /** The Receive screen shows this invoice: poll it faster until `focused: false`. */
  'invoices.focus': op('local', z.object({ id: id.nullable() }).strict(), z.object({ focused: z.boolean() })),
  /** Check this invoice now (a "check again" button). */
  'invoices.check': op('read', z.object({ id }).strict(), PendingInvoice),

  'lnurl.probe': op('read', z.object({ address: PayTarget }).strict(), RecipientView),
  'pay.lightningAddress': op(
    'money',
    z
      .object({
        /** the account shown on the confirmation; the active one when absent */
        accountId: id.optional(),
        walletId: id,
        address: PayTarget,
        amountMsat: int.positive().max(2 ** 52),
        comment: z.string().max(2000).optional(),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    PaymentView,
  ),

  'withdraw.create': op(
    'money',
    z
      .object({
        walletId: id,
        amountSat: AmountSat,
        memo: Memo.optional(),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    WithdrawLinkView,
  ),
  'withdraw.list': op('read', none, z.object({ links: z.array(WithdrawLinkView) })),
  /** The Withdraw screen shows this link: its claim is noticed within seconds until `ott: null`. */
  'withdraw.focus': op('local', z.object({ ott: z.string().max(200).nullable() }).strict(), z.object({})),

  /**
   * Mints `count` withdraw links of one amount, one after another, each watched like any withdraw
   * link, then offers the sheet of QR codes as a PDF to save. A failure part-way stops: what was
   * made is kept, said in `problem`, and its sheet still offered.
   */
  'vouchers.create': op(
    'money',
    z
      .object({
        walletId: id,
        count: int
          .min(1, 'Make at least one voucher.')
          .max(VOUCHER_COUNT_MAX, `A sheet holds at most ${VOUCHER_COUNT_MAX} vouchers.`),
        amountSat: AmountSat,
        note: VoucherNote,
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    z.object({
      links: z.array(WithdrawLinkView),
      requested: int.positive(),
      /** "7 of 12 vouchers were made. …" when minting stopped part-way, else null */
      problem: z.string().nullable(),
      sheet: SheetOutcome,
    }),
  ),
  /** The sheet of vouchers made before (by their one-time tokens), offered to save again. */
  'vouchers.save': op(
    'local',
    z.object({ otts: z.array(id).min(1).max(VOUCHER_COUNT_MAX), note: VoucherNote }).strict(),
    z.object({ count: int.positive(), sheet: SheetOutcome }),
  ),

  // ── Claiming someone else's LNURL-withdraw link (docs/service.md, "Claiming a withdraw link") ──
  /** Reads the link's offer from its own server (not the service): who offers how much. */
  'claim.read': op('read', z.object({ lnurl: LnurlInput, confirmed: ConfirmedHosts }).strict(), ClaimOffer),
  /**
   * Reads the offer again, makes an invoice for `amountSat` in `walletId` and hands it to the
   * link's server, which pays it (or says why not). Once per `requestId`: a double click claims once.
   */
  'claim.run': op(
    'money',
    z
      .object({
        lnurl: LnurlInput,
        walletId: id,
        amountSat: AmountSat,
        requestId: RequestId,
        confirmed: ConfirmedHosts,
      })
      .strict(),
    ClaimResult,
  ),
  // ─────────────────────────────────────────────────────────────────────────────────────────
  // ── History from the ledger, labels, CSV, and wallet management (issue 11; docs/ledger.md) ──
  /** A page of the active account's history from the local ledger: by page number or keyset cursor. */
  'history.page': op('read', HistoryQuery, HistoryPage),
  /** The person's label of a transaction (by its service id); empty removes it. */
  'history.label': op(
    'local',
    z
      .object({ txId: id, label: z.string().trim().max(LABEL_MAX, `A label is at most ${LABEL_MAX} characters.`) })
      .strict(),
    z.object({ txId: id, label: z.string().nullable() }),
  ),
  /** The WHOLE filtered history as CSV through the save dialog; `history.progress` events on the way. */
  'history.exportCsv': op(
    'local',
    HistoryFilterInput.extend({ requestId: RequestId, format: CsvFormat.default('plain') }).strict(),
    z.object({ rows: int.nonnegative(), file: SheetOutcome }),
  ),
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
  // ── end of history and wallet management ──

  // ── Payments (invoices, the journal of payments in flight) ──
  /** Reads a BOLT 11 request: refused when expired, for another network or without an amount. */
  'pay.decode': op('read', z.object({ invoice: z.string().trim().min(1).max(8192) }).strict(), InvoiceView),
  /** Pays a BOLT 11 request from the account and wallet shown on the confirmation, with a fee limit. */
  'pay.invoice': op(
    'money',
    z
      .object({
        /** the account shown on the confirmation; the active one when absent */
        accountId: id.optional(),
        walletId: id,
        invoice: z.string().trim().min(1).max(8192),
        requestId: RequestId,
        confirmToken: ConfirmToken.optional(),
      })
      .strict(),
    PaymentView,
  ),
  /** Payments whose outcome is not known yet (a crash, a lost answer), as the journal has them. */
  'payments.unfinished': op('read', none, JournalList),
  /**
   * "Check again": asks the service what became of every unfinished payment; sends nothing.
   * `settled`: what this check found (paid, or failed with nothing taken); the rest is still unknown.
   */
  'payments.check': op('local', none, JournalList.extend({ settled: z.array(JournalView) })),
  /** The active account's recently paid lightning addresses and LNURLs, most recent first. */
  'payments.recipients': op('read', none, z.object({ recipients: z.array(z.string()) })),
  // ── Shell: the tray popover (docs/architecture.md, "Shell") ──
  /**
   * Keeps the popover open when it loses focus (macOS, Windows); without `pinned` it only tells
   * the pin in force. `available` is false where there is no popover.
   */
  'window.pin': op(
    'local',
    z.object({ pinned: z.boolean().optional() }).strict(),
    z.object({ pinned: z.boolean(), available: z.boolean() }),
  ),
  /** Opens a link (a success action's) in the person's browser when asked; https only, checked in main. */
  'link.open': op('local', z.object({ url: z.string().max(2048) }).strict(), z.object({ opened: z.literal(true) })),

  /** an account's spending rules (the active one by default) and what it may still spend today */
  'spending.get': op('read', z.object({ accountId: id.optional() }).strict(), SpendingView),
  /** Sets an account's rules; raising or removing a limit needs the passphrase when one is set. */
  'spending.set': op(
    'local',
    SpendingRules.extend({ accountId: id, passphrase: z.string().max(1024).optional() }).strict(),
    SpendingView,
  ),
  /** The passphrase, checked in main, gives a token for one spend of at most `amountMsat` (two minutes). */
  'spending.confirm': op(
    'local',
    z
      .object({ accountId: id.optional(), amountMsat: int.positive().max(2 ** 53), passphrase: z.string().max(1024) })
      .strict(),
    z.object({ confirmToken: z.string(), expiresAt: int }),
  ),

  /** Whether a backup is due (the nudge), and when the last one was made. */
  'backup.status': op('read', none, BackupStatus),
  /**
   * Writes every account, label, recipient, setting, link and pending invoice to one file, encrypted
   * with `passphrase`, through the save dialog; API keys only with `includeKeys` (which needs the
   * app's passphrase too when one is set).
   */
  'backup.export': op(
    'local',
    z
      .object({
        passphrase: BackupPassphrase,
        includeKeys: z.boolean(),
        appPassphrase: z.string().max(1024).optional(),
      })
      .strict(),
    z.object({ file: SheetOutcome, accounts: int.nonnegative(), keys: int.nonnegative() }),
  ),
  /**
   * Asks for a backup file, decrypts and checks all of it, then (only then) brings it all back into
   * this profile, which must have no accounts yet. A bad file changes nothing and says why.
   */
  'backup.restore': op(
    'local',
    z.object({ passphrase: z.string().min(1).max(1024) }).strict(),
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('cancelled') }),
      z.object({
        status: z.literal('restored'),
        fileName: z.string(),
        accounts: int.nonnegative(),
        keys: int.nonnegative(),
      }),
    ]),
  ),
  /** "Not now" on the backup nudge: asked again in 30 days. */
  'backup.dismissNudge': op('local', none, BackupStatus),

  'settings.get': op('read', none, Settings),
  'settings.update': op('local', Settings.partial().strict(), Settings),

  /** The price to show beside amounts; asking also refreshes it in the background when due. */
  'rates.get': op('read', none, RatesView),

  // ── The app lock (docs/security.md) ──
  'lock.status': op('read', none, LockStatus),
  /** Checks the passphrase (after any back-off from wrong ones) and unlocks. */
  'lock.unlock': op('local', z.object({ passphrase: Passphrase }).strict(), UnlockResult),
  /** Asks the system's own check (Touch ID) and unlocks when it passes. */
  'lock.osUnlock': op('local', none, UnlockResult),
  /** "Lock now": locks at once when a passphrase is set. */
  'lock.lock': op('local', none, LockStatus),
  /** Sets the passphrase, or changes it: then the current one is needed. */
  'lock.set': op('local', z.object({ passphrase: NewPassphrase, current: Passphrase.optional() }).strict(), LockStatus),
  /** Removes the lock; the current passphrase is needed. */
  'lock.remove': op('local', z.object({ current: Passphrase }).strict(), LockStatus),
} as const satisfies Record<OpName, { kind: OpKind; input: z.ZodType; output: z.ZodType }>

export type Operations = typeof operations
export type OpInput<K extends OpName> = z.input<Operations[K]['input']>
export type OpOutput<K extends OpName> = z.output<Operations[K]['output']>

export const opKind = (name: OpName): OpKind => operations[name].kind

/**
 * What each operation may do while the app is locked (docs/security.md): `refused` is answered
 * `locked` by the router without running it. `open` only for what shows no amount, history, link
 * or key, changes no account and moves no money. A `money` operation cannot be `open` (its type
 * says so) and a name missing here does not compile; test/electron/ipc/lockedRouter.test.ts also
 * reads each output schema and fails for an `open` operation whose answer carries money data.
 */
export type WhileLocked = 'open' | 'refused'
type LockRules = { [K in OpName]: Operations[K]['kind'] extends 'money' ? 'refused' : WhileLocked }
export const whileLocked = {
  'app.info': 'open',
  'accounts.list': 'refused',
  'accounts.test': 'refused',
  'accounts.connect': 'refused',
  'accounts.switch': 'refused',
  'accounts.update': 'refused',
  'accounts.replaceKey': 'refused',
  'accounts.remove': 'refused',
  'wallets.list': 'refused',
  'wallets.get': 'refused',
  'wallets.staticLink': 'refused',
  'transactions.page': 'refused',
  'lntx.get': 'refused',
  'invoices.create': 'refused',
  'invoices.list': 'refused',
  'invoices.focus': 'refused',
  'invoices.check': 'refused',
  'lnurl.probe': 'refused',
  'pay.lightningAddress': 'refused',
  'withdraw.create': 'refused',
  'withdraw.list': 'refused',
  'withdraw.focus': 'refused',
  'vouchers.create': 'refused',
  'vouchers.save': 'refused',
  'claim.read': 'refused',
  'claim.run': 'refused',
  'pay.decode': 'refused',
  'pay.invoice': 'refused',
  'payments.unfinished': 'refused',
  'payments.check': 'refused',
  'payments.recipients': 'refused',
  'window.pin': 'open',
  'link.open': 'refused',
  'history.page': 'refused',
  'history.label': 'refused',
  'history.exportCsv': 'refused',
  'wallets.transfer': 'refused',
  'wallets.create': 'refused',
  'settings.get': 'open',
  'settings.update': 'refused',
  'rates.get': 'refused',
  // the spending rules show amounts; backups carry keys
  'spending.get': 'refused',
  'spending.set': 'refused',
  'spending.confirm': 'refused',
  'backup.status': 'refused',
  'backup.export': 'refused',
  'backup.restore': 'refused',
  'backup.dismissNudge': 'refused',
  'lock.status': 'open',
  'lock.unlock': 'open',
  'lock.osUnlock': 'open',
  'lock.lock': 'open',
  // changing or removing the lock needs the app unlocked as well as the current passphrase
  'lock.set': 'refused',
  'lock.remove': 'refused',
} as const satisfies LockRules

export const openWhileLocked = (name: OpName): boolean => whileLocked[name] === 'open'

export const NavigateTarget = z.discriminatedUnion('to', [
  z.object({ to: z.literal('home') }),
  z.object({ to: z.literal('receive'), walletId: id.optional() }),
  z.object({ to: z.literal('send'), address: z.string().optional() }),
  z.object({ to: z.literal('withdraw'), walletId: id.optional() }),
  z.object({ to: z.literal('transactions'), walletId: id.optional() }),
  z.object({ to: z.literal('transaction'), walletId: id, lnTxId: id.nullable(), txId: id.nullable() }),
  z.object({ to: z.literal('scan') }),
  /** someone's LNURL-withdraw to claim (a scan, a lightning: link) */
  z.object({ to: z.literal('claim'), lnurl: z.string().max(2100) }),
  z.object({ to: z.literal('settings') }),
])
export type NavigateTarget = z.infer<typeof NavigateTarget>

/** something payable found on the clipboard as the window opened: its kind and normalized value */
export const ClipboardOffer = z.object({
  kind: z.enum(['invoice', 'address', 'withdraw']),
  value: z.string().min(1).max(8192),
  /** the server a look-up would reach, named before the person presses anything; none for an invoice */
  host: z.string().max(300).optional(),
})
export type ClipboardOffer = z.infer<typeof ClipboardOffer>

/** Whether the active account's service works: `error` = it answers, but in a way that means nothing works. */
export const ConnectionState = z.enum(['online', 'offline', 'error'])
export type ConnectionState = z.infer<typeof ConnectionState>
/** Why it is in error: the key was refused (401), may not read the wallets (403), or the service fails (5xx). */
export const ConnectionProblem = z.enum(['key_refused', 'key_not_allowed', 'service_error'])
export type ConnectionProblem = z.infer<typeof ConnectionProblem>

export const events = {
  'invoice.updated': PendingInvoice,
  'withdraw.updated': WithdrawLinkView,
  /** one more voucher of a sheet was made (`requestId` of the vouchers.create it belongs to) */
  'vouchers.progress': z.object({ requestId: z.string(), made: int.nonnegative(), count: int.positive() }),
  'wallets.updated': z.object({ wallets: z.array(WalletView), totalMsat: int }),
  'settings.updated': Settings,
  'accounts.updated': z.object({ accounts: z.array(AccountView), activeId: id.nullable() }),
  /** main asks the renderer to show a screen (tray menu, notification click, lightning: link) */
  navigate: NavigateTarget,
  /** plain notices: a corrupt settings file set aside, no keychain, service back online */
  notice: z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  /**
   * the active account's service: reached, unreachable, or answering in a way that means nothing
   * works (`reason`); `online` is true only when `state` is online (docs/architecture.md, "Connection state")
   */
  connection: z.object({
    online: z.boolean(),
    state: ConnectionState,
    reason: ConnectionProblem.nullable(),
    message: z.string().nullable(),
  }),
  'rates.updated': RatesView,
  // sync loop: new rows of these wallets are in the ledger (the history screen reloads)
  'ledger.updated': z.object({ accountId: id, walletIds: z.array(id) }),
  /** payments in flight or of unknown outcome changed (the journal) */
  'payments.updated': JournalList,
  /** rows written so far by the history.exportCsv of `requestId` */
  'history.progress': z.object({ requestId: z.string(), done: int.nonnegative(), total: int.nonnegative() }),
  /** rows of the account's history its first sync has stored, of the service's count (`loaded === total`: all) */
  'sync.progress': z.object({ accountId: id, loaded: int.nonnegative(), total: int.nonnegative() }),
  /** the clipboard holds something payable as the window opened (see ClipboardOffer) */
  'clipboard.offer': ClipboardOffer,
  'lock.changed': LockStatus,
} as const satisfies Record<EventName, z.ZodType>

export type Events = typeof events

/**
 * Which events still reach the renderer while the app is locked: `withheld` ones are dropped, not
 * queued (the page loads what it needs again once unlocked). Every event has an entry.
 */
export const eventsWhileLocked = {
  'invoice.updated': 'withheld',
  'withdraw.updated': 'withheld',
  'vouchers.progress': 'withheld',
  'wallets.updated': 'withheld',
  'settings.updated': 'sent',
  'accounts.updated': 'withheld',
  navigate: 'withheld',
  notice: 'sent',
  connection: 'sent',
  'rates.updated': 'withheld',
  'ledger.updated': 'withheld',
  'payments.updated': 'withheld',
  'history.progress': 'withheld',
  'sync.progress': 'withheld',
  'clipboard.offer': 'withheld',
  'lock.changed': 'sent',
} as const satisfies Record<EventName, 'sent' | 'withheld'>
export type EventPayload<K extends EventName> = z.output<Events[K]>

/** How main sends an event to the renderer (and the tray): the one sending signature. */
export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void
