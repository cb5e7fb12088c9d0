// What a backup holds, version 1 (docs/security.md, "Backups"), checked whole with zod before
// anything is written: every account id is one the app itself makes (services/ids.ts: it names the
// account's key in the keychain), every record belongs to an account of the backup, and no list is
// longer than the app itself could have made it.
import { ACCOUNT_KINDS, AuthMethod, Capabilities, PendingInvoice, SpendingRules } from '@shared/contract'
import { z } from 'zod'
import { kindIn } from '../backends/kinds'
import { AccountId } from '../ids'
import { Recipient, StoredWithdrawLink } from '../ledger'
import { SettingsFile } from '../settings'
import { WalletPrefs } from '../settings/walletPrefs'

export const BACKUP_KIND = 'lightning-tray-backup'
const id = z.string().min(1).max(200)
const sec = z.number().int().nonnegative()
const MANY = 200_000

/** what a backup checks of an account's kind: its address and its secret (a backend's `connect`) */
export type BackupKinds = {
  readonly [kind: string]: {
    connect: { address(baseUrl: string): boolean; fits(baseUrl: string, secret: string): boolean }
  }
}

/** the shipped kinds, as the contract's table says them (a registry's entries carry the same) */
const SHIPPED: BackupKinds = Object.fromEntries(Object.entries(ACCOUNT_KINDS).map(([k, connect]) => [k, { connect }]))

const backupAccountOf = (kinds: BackupKinds) =>
  z
    .object({
      id: AccountId,
      label: z.string().min(1).max(80),
      baseUrl: z.string().max(2000),
      authMethod: AuthMethod,
      keyHint: z.string().max(40),
      createdAt: sec,
      /** absent in backups from before NWC accounts: a service account; else a kind that exists here */
      kind: kindIn(kinds).optional(),
      /** what the account's server offered when it was connected (an LNbits account's); main checks again before acting */
      capabilities: Capabilities.optional(),
      /** the account's secret of its kind (ACCOUNT_KINDS), only when the person ticked "include API keys" */
      apiKey: z.string().max(2048).nullable(),
    })
    .strict()
    .refine((a) => sound(kinds, a), 'an account this app would never write')

/**
 * An address and a secret of the account's kind, judged by the table connecting uses (a service
 * account: an http(s) address and an API key; an NWC account: its wallet's key as its address, and
 * a connection string to that very wallet, docs/nwc.md).
 */
function sound(kinds: BackupKinds, a: { baseUrl: string; kind?: string; apiKey: string | null }): boolean {
  const kind = kinds[a.kind ?? 'service']?.connect
  return !!kind && kind.address(a.baseUrl) && (a.apiKey === null || kind.fits(a.baseUrl, a.apiKey))
}
export type BackupAccount = z.infer<ReturnType<typeof backupAccountOf>>

const Label = z.object({ accountId: id, txId: id, label: z.string().trim().min(1).max(200), updatedAt: sec }).strict()

/** a backup's payload with accounts of these kinds (a registry's; the shipped ones by default) */
export const backupPayloadOf = (kinds: BackupKinds = SHIPPED) =>
  z
    .object({
      kind: z.literal(BACKUP_KIND),
      version: z.literal(1),
      /** the profile (userData) it was made from */
      profileId: z.string().regex(/^prof_[0-9a-f]{24}$/),
      createdAt: sec,
      appVersion: z.string().max(40),
      /** read like settings.json: a setting newer than the backup takes its default */
      settings: SettingsFile.shape.settings,
      accounts: z.array(backupAccountOf(kinds)).max(100),
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
      if (b.activeId !== null && !ids.has(b.activeId))
        ctx.addIssue({ code: 'custom', message: 'no such active account' })
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
export const BackupPayload = backupPayloadOf()
export type BackupPayload = z.infer<typeof BackupPayload>

/** Whether a refused payload's trouble is an account id the app never makes (said in its own words). */
export const namesAnOddAccount = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  issues.some((i) => i.path[0] === 'accounts' && i.path[2] === 'id')

/** Whether a refused payload names an account of a kind with no backend here. */
export const namesAnUnknownKind = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  issues.some((i) => i.path[0] === 'accounts' && i.path[2] === 'kind')
