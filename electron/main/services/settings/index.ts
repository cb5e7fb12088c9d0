// settings.json in userData: the app's settings and the accounts' metadata (never a key).
// Loaded through a schema; written atomically (temp file + rename) so a crash mid-write leaves
// the old file; a file that does not parse is set aside and defaults are used, with a notice.
import { randomBytes } from 'node:crypto'
import * as fsp from 'node:fs/promises'
import { join } from 'node:path'
import {
  ACCOUNT_KINDS,
  AccountView,
  DEFAULT_FIAT,
  DEFAULT_LOCK,
  DEFAULT_SETTINGS,
  FiatSettings,
  LEFT_OUT_KINDS_MAX,
  Settings,
} from '@shared/contract'
import { AppError } from '@shared/errors'
import { LockSettings } from '@shared/lock'
import { z } from 'zod'
import { type Kinds, kindIn } from '../backends/kinds'
import { mt } from '../i18n'
import { LockRecord } from '../lock/passphrase'
import { WalletPrefs } from './walletPrefs'

export const AccountMeta = AccountView.extend({ createdAt: z.number().int().nonnegative() })
export type AccountMeta = z.infer<typeof AccountMeta>

/** stored accounts of the kinds that exist only (absent: a service account from before kinds) */
const accountsOf = (kinds: Kinds) => z.array(AccountMeta.extend({ kind: kindIn(kinds).optional() }))

/**
 * Settings as stored. Files from before a setting existed lack it: they load with its default
 * rather than being set aside as unreadable. A fiat part this version cannot fully read (a
 * currency since dropped) keeps what it can: a person who turned prices off keeps them off.
 */
const StoredFiat = z
  .object({
    enabled: FiatSettings.shape.enabled.catch(DEFAULT_FIAT.enabled),
    currency: FiatSettings.shape.currency.catch(DEFAULT_FIAT.currency),
  })
  .catch(() => ({ ...DEFAULT_FIAT }))
const lockShape = LockSettings.shape
const StoredLockSettings = z
  .object({
    idleMinutes: lockShape.idleMinutes.catch(DEFAULT_LOCK.idleMinutes),
    shortcut: lockShape.shortcut.catch(DEFAULT_LOCK.shortcut),
    notifyAmounts: lockShape.notifyAmounts.catch(DEFAULT_LOCK.notifyAmounts),
    connectedApps: lockShape.connectedApps.catch(DEFAULT_LOCK.connectedApps),
    osCheck: lockShape.osCheck.catch(DEFAULT_LOCK.osCheck),
  })
  .catch(() => ({ ...DEFAULT_LOCK }))
const StoredSettings = Settings.extend({
  fiat: StoredFiat,
  pricesThen: Settings.shape.pricesThen.catch(undefined),
  trayTotal: Settings.shape.trayTotal.catch(DEFAULT_SETTINGS.trayTotal),
  shortcut: Settings.shape.shortcut.catch(DEFAULT_SETTINGS.shortcut),
  openAtLogin: Settings.shape.openAtLogin.catch(DEFAULT_SETTINGS.openAtLogin),
  offerClipboard: Settings.shape.offerClipboard.catch(DEFAULT_SETTINGS.offerClipboard),
  hideBalances: Settings.shape.hideBalances.catch(DEFAULT_SETTINGS.hideBalances),
  lock: StoredLockSettings,
  // files from before it have none; an odd value is the default, not an unreadable file
  historyPerPage: Settings.shape.historyPerPage.catch(DEFAULT_SETTINGS.historyPerPage),
  language: Settings.shape.language.catch(undefined),
})

export const SettingsFile = z.object({
  version: z.literal(1),
  settings: StoredSettings,
  accounts: accountsOf(ACCOUNT_KINDS),
  activeId: z.string().nullable(),
  /**
   * The app lock's passphrase hash and its count of wrong tries (services/lock); null when no lock
   * is set. A record that does not read makes the file unreadable, like any other part.
   */
  lock: LockRecord.nullable().default(null),
  /**
   * The person's own wallet names and hidden wallets, by account id and wallet id (walletPrefs.ts).
   * Files from before have none; a part that does not read is dropped, not the whole file.
   */
  walletPrefs: WalletPrefs.catch(() => ({})),
})
export type SettingsFile = z.infer<typeof SettingsFile>

/** the file with accounts of these kinds: a registry's, which may hold kinds beyond the shipped ones */
const settingsFileOf = (kinds: Kinds) => SettingsFile.extend({ accounts: accountsOf(kinds) })

/**
 * The stored accounts of a kind with no backend here (a newer build's), when they are all that kept
 * the file from reading: the file without them and them as they are, else undefined.
 */
function foreignAccounts(json: unknown, issues: readonly z.core.$ZodIssue[], kinds: Kinds) {
  const onKind = issues.every((i) => i.path[0] === 'accounts' && i.path[2] === 'kind')
  const accounts = (json as { accounts?: unknown } | undefined)?.accounts
  if (issues.length === 0 || !onKind || !Array.isArray(accounts)) return undefined
  const known = (a: unknown) => {
    const kind = (a as { kind?: unknown } | null)?.kind
    return kind === undefined || (typeof kind === 'string' && Object.hasOwn(kinds, kind))
  }
  return {
    rest: { ...(json as object), accounts: accounts.filter(known) },
    foreign: accounts.filter((a) => !known(a)),
  }
}

/** a foreign account's kind, for the notice (cut short: it is the file's words) */
const kindOf = (a: unknown) => String((a as { kind?: unknown } | null)?.kind ?? '?').slice(0, 32)

/** how many accounts are kept aside, and their kinds, each once (the first LEFT_OUT_KINDS_MAX) */
export interface KeptAside {
  count: number
  kinds: string[]
}
const keptAsideOf = (foreign: unknown[]): KeptAside => ({
  count: foreign.length,
  kinds: [...new Set(foreign.map(kindOf))].slice(0, LEFT_OUT_KINDS_MAX),
})

export const SETTINGS_FILE = 'settings.json'

/**
 * The lock a file that does not read as a whole held: null when it says it had none (files from
 * before the lock have no `lock`), undefined when that cannot be told (not JSON, or a lock record
 * that does not read).
 */
export function lockOf(json: unknown): LockRecord | null | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const lock = (json as { lock?: unknown }).lock
  if (lock === undefined || lock === null) return null
  const record = LockRecord.safeParse(lock)
  return record.success ? record.data : undefined
}

export interface Notice {
  level: 'info' | 'warning' | 'error'
  message: string
}

export interface SettingsStore {
  readonly path: string
  load(): Promise<SettingsFile>
  /** the last loaded or saved state */
  current(): SettingsFile
  save(next: SettingsFile): Promise<void>
  update(f: (s: SettingsFile) => SettingsFile): Promise<SettingsFile>
  /** the accounts kept aside for a newer build (not served, not in a backup) */
  keptAside(): KeptAside
}

/** The fs calls the store makes; injectable so a failed write can be tested. */
export type SettingsFs = Pick<typeof fsp, 'readFile' | 'writeFile' | 'rename' | 'mkdir' | 'rm'>

export const defaultFile = (): SettingsFile => ({
  version: 1,
  settings: { ...DEFAULT_SETTINGS },
  accounts: [],
  activeId: null,
  lock: null,
  walletPrefs: {},
})

export function createSettingsStore(opts: {
  dir: string
  /** the account kinds that exist (the backend registry); the shipped ones by default */
  kinds?: Kinds
  onNotice?: (n: Notice) => void
  now?: () => number
  fs?: SettingsFs
}): SettingsStore {
  const fs = opts.fs ?? fsp
  const now = opts.now ?? Date.now
  const path = join(opts.dir, SETTINGS_FILE)
  const kinds = opts.kinds ?? ACCOUNT_KINDS
  const File = settingsFileOf(kinds)
  let state = defaultFile()
  // accounts of kinds with no backend here, as the file held them: never shown, never dropped
  let foreign: unknown[] = []
  // Writes go one after another, so the last update always wins on disk.
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<SettingsFile> {
    let text: string
    try {
      text = await fs.readFile(path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        state = defaultFile()
        return state
      }
      throw err
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {}
    const parsed = File.safeParse(json)
    if (parsed.success) {
      state = parsed.data
      return state
    }
    // accounts of a kind with no backend here (a newer build's): the rest is served, and they are
    // kept in the file as they are, written back with every save (docs/architecture.md, "Backends")
    const split = foreignAccounts(json, parsed.error.issues, kinds)
    const rest = split && File.safeParse(split.rest)
    if (split && rest?.success) {
      foreign = split.foreign
      const known = (id: string | null) => rest.data.accounts.some((a) => a.id === id)
      state = known(rest.data.activeId) ? rest.data : { ...rest.data, activeId: rest.data.accounts[0]?.id ?? null }
      const kept = keptAsideOf(foreign)
      opts.onNotice?.({
        level: 'warning',
        message: mt('settings.foreignKept', { kinds: kept.kinds.join(', '), count: kept.count }),
      })
      return state
    }
    await setAside(text, lockOf(json))
    return state
  }

  /**
   * A file that does not read: kept aside, and defaults used, but never without the lock it held
   * (docs/security.md, "Fails closed"). Its lock is written into the new file before the old one
   * goes, so a crash or a full disk in between cannot leave a profile without its lock; a file
   * whose lock cannot be read is left where it is and the start refused.
   */
  async function setAside(text: string, lock: LockRecord | null | undefined) {
    if (lock === undefined) throw new AppError('internal', mt('lock.settingsUnreadable', { path }))
    const aside = `${path}.corrupt-${now()}`
    if (lock === null) await fs.rename(path, aside)
    else {
      await fs.writeFile(aside, text, { encoding: 'utf8', mode: 0o600, flush: true })
      await write({ ...defaultFile(), lock })
    }
    state = { ...defaultFile(), lock }
    opts.onNotice?.({
      level: 'warning',
      message: mt('notices.settingsUnreadable', { aside }),
    })
  }

  async function write(next: SettingsFile) {
    const valid = File.parse(next)
    await fs.mkdir(opts.dir, { recursive: true })
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    try {
      const stored = foreign.length > 0 ? { ...valid, accounts: [...valid.accounts, ...foreign] } : valid
      await fs.writeFile(tmp, `${JSON.stringify(stored, null, 2)}\n`, { encoding: 'utf8', mode: 0o600, flush: true })
      await fs.rename(tmp, path)
    } catch (err) {
      await fs.rm(tmp, { force: true }).catch(() => {})
      throw err
    }
    state = valid
  }

  return {
    path,
    load,
    current: () => state,
    save(next) {
      const p = queue.then(() => write(next))
      queue = p.catch(() => {})
      return p
    },
    update(f) {
      const p = queue.then(async () => {
        await write(f(state))
        return state
      })
      queue = p.catch(() => {})
      return p
    },
    keptAside: () => keptAsideOf(foreign),
  }
}
