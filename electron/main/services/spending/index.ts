// Spending rules per account, enforced in main (docs/security.md, "Spending rules"): a payment or
// link over the confirm limit needs a token that only the app's passphrase gets (`confirm`), and
// the daily limit caps what goes out in any 24 hours, counted from the journal. `admit` is
// synchronous and runs inside the journal's write transaction, so two windows paying at once are
// checked one after the other against everything already written, whatever survived a restart.
import { randomBytes } from 'node:crypto'
import type { SpendingView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { formatMsat, formatSat, satToMsat } from '@shared/units'
import type { z } from 'zod'
import { mainLocale, mt } from '../i18n'
import type { Journal } from '../payments/journal'
import { type PassphraseCheck, requirePassphrase } from './passphrase'
import { createRulesStore, type Rules, type RulesStore } from './rules'

export { NO_PASSPHRASE, type PassphraseCheck, requirePassphrase } from './passphrase'
export { type Rules, type RulesStore, SPENDING_FILE, SpendingFile } from './rules'

export const DAY_SEC = 86_400
export type SpendKind = 'payment' | 'link' | 'vouchers'

/** a confirmation is good for one spend within this time */
const TOKEN_TTL_MS = 2 * 60_000
const TOKENS_MAX = 64

/** One spend about to be written to the journal: a payment, a withdraw link or a sheet of vouchers. */
export interface Spend {
  accountId: string
  /** what is spent, named in a refusal ("This payment", "These vouchers") in the app's language */
  what: SpendKind
  amountMsat: number
  /** the most its fees can be */
  feeLimitMsat: number
  confirmToken?: string
}

export interface SpendingDeps {
  dir: string
  journal: () => Pick<Journal, 'spentSince'>
  passphrase: PassphraseCheck
  now: () => number
  /**
   * The service's time for an account, Unix seconds (services/serviceTime): the journal's entries
   * carry it, so the last 24 hours are counted on it too. Absent: the computer's clock.
   */
  serviceNowSec?: (accountId: string) => number
  onUnreadable?: (aside: string) => void
}

export type SetRules = Rules & { accountId: string; passphrase?: string }

export interface Spending {
  readonly rules: RulesStore
  load(): Promise<void>
  status(accountId: string): z.input<typeof SpendingView>
  /** Loosening a rule needs the passphrase when one is set; tightening never does. */
  set(input: SetRules): Promise<z.input<typeof SpendingView>>
  /** The passphrase, checked, buys one spend of at most `amountMsat` from the account, for two minutes. */
  confirm(input: { accountId: string; amountMsat: number; passphrase: string }): Promise<{
    confirmToken: string
    expiresAt: number
  }>
  /** whether a spend of this amount needs a confirmation first */
  needsConfirm(accountId: string, amountMsat: number): boolean
  /** Throws AppError `limit` in plain words, or lets the spend be written. Synchronous on purpose. */
  admit(spend: Spend): void
  /** the time spends of this account are written at and counted on (the service's, Unix seconds) */
  nowSec(accountId: string): number
}

// amounts in a refusal are written the way the app's language writes numbers
const msats = (msat: number) => formatMsat(msat, { locale: mainLocale() })
const sats = (sat: number) => formatSat(sat, { locale: mainLocale() })

const looser = (now: number | null, next: number | null) => now !== null && (next === null || next > now)

export function createSpending(d: SpendingDeps): Spending {
  const rules = createRulesStore({ dir: d.dir, now: d.now, onUnreadable: d.onUnreadable })
  const tokens = new Map<string, { accountId: string; maxMsat: number; expiresAt: number }>()
  const nowSec = (accountId: string) => d.serviceNowSec?.(accountId) ?? Math.floor(d.now() / 1000)
  const spent = (accountId: string) => d.journal().spentSince(accountId, nowSec(accountId) - DAY_SEC)

  function rulesOf(accountId: string): Rules {
    const r = rules.of(accountId)
    if (!r) throw new AppError('limit', mt('spending.unreadable'))
    return r
  }

  function status(accountId: string): z.input<typeof SpendingView> {
    const r = rules.of(accountId)
    const out = spent(accountId)
    const limit = r?.dailyLimitSat ?? null
    return {
      accountId,
      confirmAboveSat: r?.confirmAboveSat ?? null,
      dailyLimitSat: limit,
      spentMsat: out,
      leftMsat: r === null ? 0 : limit === null ? null : Math.max(0, satToMsat(limit) - out),
      passphraseSet: d.passphrase.isSet(),
      readable: r !== null,
    }
  }

  const checkPassphrase = (passphrase: string | undefined, why: 'raise' | 'confirm') =>
    requirePassphrase(d.passphrase, passphrase, mt('spending.needsPassphrase', { why }))

  function takeToken(s: Spend) {
    const t = s.confirmToken ? tokens.get(s.confirmToken) : undefined
    if (!t || t.accountId !== s.accountId || t.expiresAt < d.now() || t.maxMsat < s.amountMsat)
      throw new AppError(
        'limit',
        mt('spending.overConfirm', { what: s.what, above: sats(rulesOf(s.accountId).confirmAboveSat ?? 0) }),
      )
    tokens.delete(s.confirmToken as string)
  }

  return {
    rules,
    load: () => rules.load(),
    status,
    nowSec,
    async set(input) {
      const now = rules.of(input.accountId)
      const next: Rules = { confirmAboveSat: input.confirmAboveSat, dailyLimitSat: input.dailyLimitSat }
      const loosens =
        now === null ||
        looser(now.confirmAboveSat, next.confirmAboveSat) ||
        looser(now.dailyLimitSat, next.dailyLimitSat)
      if (loosens && d.passphrase.isSet()) await checkPassphrase(input.passphrase, 'raise')
      if (next.confirmAboveSat !== null && !d.passphrase.isSet())
        throw new AppError('invalid_input', mt('spending.setPassphraseFirst'))
      await rules.set(input.accountId, next)
      return status(input.accountId)
    },
    async confirm({ accountId, amountMsat, passphrase }) {
      if (!d.passphrase.isSet()) throw new AppError('invalid_input', mt('spending.noPassphrase'))
      await checkPassphrase(passphrase, 'confirm')
      for (const [k, t] of tokens) if (t.expiresAt < d.now() || tokens.size >= TOKENS_MAX) tokens.delete(k)
      const confirmToken = randomBytes(24).toString('base64url')
      const expiresAt = d.now() + TOKEN_TTL_MS
      tokens.set(confirmToken, { accountId, maxMsat: amountMsat, expiresAt })
      return { confirmToken, expiresAt }
    },
    needsConfirm(accountId, amountMsat) {
      const above = rules.of(accountId)?.confirmAboveSat ?? null
      return above !== null && amountMsat > satToMsat(above)
    },
    admit(s) {
      const r = rulesOf(s.accountId)
      if (r.dailyLimitSat !== null) {
        const limit = satToMsat(r.dailyLimitSat)
        const out = spent(s.accountId)
        const need = s.amountMsat + s.feeLimitMsat
        if (out + need > limit) {
          const left = Math.max(0, limit - out)
          throw new AppError(
            'limit',
            mt('spending.overDaily', {
              what: s.what,
              limit: sats(r.dailyLimitSat),
              out: msats(out),
              left: msats(left),
              need: msats(need),
            }),
          )
        }
      }
      if (r.confirmAboveSat !== null && s.amountMsat > satToMsat(r.confirmAboveSat)) takeToken(s)
    },
  }
}
