// What a backup holds, version 1 (docs/security.md, "Backups"), checked whole with zod before
// anything is written: every account id is one the app itself makes (services/ids.ts: it names the
// account's key in the keychain), every record belongs to an account of the backup, and no list is
// longer than the app itself could have made it.
import { ACCOUNT_KINDS, AccountKind, AuthMethod, Capabilities, PendingInvoice, SpendingRules } from '@shared/contract'
import { z } from 'zod'
import { AccountId } from '../ids'
import { Recipient, StoredWithdrawLink } from '../ledger'
import { SettingsFile } from '../settings'
import { WalletPrefs } from '../settings/walletPrefs'

export const BACKUP_KIND = 'lightning-tray-backup'
const id = z.string().min(1).max(200)
const sec = z.number().int().nonnegative()
const MANY = 200_000

const BackupAccount = z
  .object({
    id: AccountId,
    label: z.string().min(1).max(80),
    baseUrl: z.string().max(2000),
    authMethod: AuthMethod,
    keyHint: z.string().max(40),
    createdAt: sec,
    /** absent in backups from before NWC accounts: a service account */
    kind: AccountKind.optional(),
    /** what the account's server offered when it was connected (an LNbits account's); main checks again before acting */
    capabilities: Capabilities.optional(),
    /** the account's secret of its kind (ACCOUNT_KINDS), only when the person ticked "include API keys" */
    apiKey: z.string().max(2048).nullable(),
  })
  .strict()
  .refine(sound, 'an account this app would never write')

/**
 * An address and a secret of the account's kind, judged by the table connecting uses (a service
 * account: an http(s) address and an API key; an NWC account: its wallet's key as its address, and
 * a connection string to that very wallet, docs/nwc.md).
 */
function sound(a: { baseUrl: string; kind?: AccountKind; apiKey: string | null }): boolean {
  const kind = ACCOUNT_KINDS[a.kind ?? 'service']
  return kind.address(a.baseUrl) && (a.apiKey === null || kind.fits(a.baseUrl, a.apiKey))
}
export type BackupAccount = z.infer<typeof BackupAccount>

const Label = z.object({ accountId: id, txId: id, label: z.string().trim().min(1).max(200), updatedAt: sec }).strict()

export const BackupPayload = z
  .object({
    kind: z.literal(BACKUP_KIND),
    version: z.literal(1),
    /** the profile (userData) it was made from */
    profileId: z.string().regex(/^prof_[0-9a-f]{24}$/),
    createdAt: sec,
    appVersion: z.string().max(40),
    /** read like settings.json: a setting newer than the backup takes its default */
    settings: SettingsFile.shape.settings,
    accounts: z.array(BackupAccount).max(100),
    activeId: AccountId.nullable(),
    spending: z.record(AccountId, SpendingRules.strict()),
    /** the person's own wallet names and hidden wallets, by account; absent in backups made before them */
    walletPrefs: WalletPrefs.optional(),
    labels: z.array(Label).max(MANY),
    recipients: z.array(Recipient.extend({ accountId: id }).strict()).max(MANY),
    invoices: z.array(PendingInvoice.strict()).max(MANY),
    withdrawLinks: z.array(StoredWithdrawLink.strict()).max(MANY),
    /** apps connected to a wallet (Nostr Wallet Connect): none yet, so always empty in version 1 */
    connectedApps: z.array(z.never()).max(0),
    /**
     * access keys of wallets made in the app: the app keeps none (the service shows them once and
     * the app hands them to the person only), so always empty in version 1
     */
    walletKeys: z.array(z.never()).max(0),
  })
  .strict()
  .superRefine((b, ctx) => {
    const ids = new Set(b.accounts.map((a) => a.id))
    if (ids.size !== b.accounts.length) ctx.addIssue({ code: 'custom', message: 'two accounts share an id' })
    if (b.activeId !== null && !ids.has(b.activeId)) ctx.addIssue({ code: 'custom', message: 'no such active account' })
    const owners = [
      ...Object.keys(b.spending),
      ...Object.keys(b.walletPrefs ?? {}),
      ...b.labels.map((l) => l.accountId),
      ...b.recipients.map((r) => r.accountId),
      ...b.invoices.map((i) => i.accountId),
      ...b.withdrawLinks.map((l) => l.accountId),
    ]
    if (owners.some((o) => !ids.has(o))) ctx.addIssue({ code: 'custom', message: 'a record of no account' })
  })
export type BackupPayload = z.infer<typeof BackupPayload>

/** Whether a refused payload's trouble is an account id the app never makes (said in its own words). */
export const namesAnOddAccount = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  issues.some((i) => i.path[0] === 'accounts' && i.path[2] === 'id')
