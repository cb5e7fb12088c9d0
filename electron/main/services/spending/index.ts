// Spending rules per account, enforced in main (docs/security.md, "Spending rules"): a payment or
// link over the confirm limit needs a token that only the app's passphrase gets (`confirm`), and
// the daily limit caps what goes out in any 24 hours, counted from the journal. `admit` is
// synchronous and runs inside the journal's write transaction, so two windows paying at once are
// checked one after the other against everything already written, whatever survived a restart.
// The last 24 hours are the service's (day.ts): never judged by the computer's clock alone.
import { randomBytes } from 'node:crypto'
import type { SpendingView } from '@shared/contract'
import { AppError } from '@shared/errors'
import { overDaily } from '@shared/payment/dailyLimit'
import { formatSat, satToMsat } from '@shared/units'
import type { z } from 'zod'
import { mainLocale, mt, mw } from '../i18n'
import type { Journal } from '../payments/journal'
import type { DayClock } from './day'
import { type PassphraseCheck, requirePassphrase } from './passphrase'
import { createRulesStore, type Rules, type RulesStore } from './rules'

export { createDayClock, type DayClock } from './day'
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
   * The service's time the day is judged by (day.ts): spends are counted and written on it. Absent
   * (tests of the rules alone): the computer's clock.
   */
  day?: DayClock
  /**
   * The time to write a spend at when the service's has never been heard (services/serviceTime;
   * no daily limit then, which would refuse). Absent: the computer's clock.
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
  /**
   * Throws AppError `limit` in plain words, or lets the spend be written, answering the time to
   * write it at (the service's it was judged by, Unix seconds). Synchronous on purpose.
   */
  admit(spend: Spend): number
  /** the service's time spends of this account are judged by (Unix seconds); null while never heard */
  dayNowSec(accountId: string): number | null
}

// amounts in a refusal are written the way the app's language writes numbers
const sats = (sat: number) => formatSat(sat, { locale: mainLocale() })

const looser = (now: number | null, next: number | null) => now !== null && (next === null || next > now)

export function createSpending(d: SpendingDeps): Spending {
  const rules = createRulesStore({ dir: d.dir, now: d.now, onUnreadable: d.onUnreadable })
  const tokens = new Map<string, { accountId: string; maxMsat: number; expiresAt: number }>()
  const computerSec = () => Math.floor(d.now() / 1000)
  const dayNowSec = (accountId: string) => (d.day ? d.day.nowSec(accountId) : computerSec())
  const spentAt = (accountId: string, daySec: number) => d.journal().spentSince(accountId, daySec - DAY_SEC)

  function rulesOf(accountId: string): Rules {
    const r = rules.of(accountId)
    if (!r) throw new AppError('limit', mt('spending.unreadable'))
    return r
  }

  function status(accountId: string): z.input<typeof SpendingView> {
    const r = rules.of(accountId)
    const day = dayNowSec(accountId)
    // never heard the service's time: nothing is counted yet, and a limit lets nothing out until it is
    const out = day === null ? 0 : spentAt(accountId, day)
    const limit = r?.dailyLimitSat ?? null
    const left = limit === null ? null : day === null ? 0 : Math.max(0, satToMsat(limit) - out)
    return {
      accountId,
      confirmAboveSat: r?.confirmAboveSat ?? null,
      dailyLimitSat: limit,
      spentMsat: out,
      leftMsat: r === null ? 0 : left,
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
    dayNowSec,
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
      const day = dayNowSec(s.accountId)
      if (r.dailyLimitSat !== null) {
        if (day === null) throw new AppError('limit', mt('spending.timeUnknown'))
        const out = spentAt(s.accountId, day)
        const leftMsat = Math.max(0, satToMsat(r.dailyLimitSat) - out)
        const needMsat = s.amountMsat + s.feeLimitMsat
        const over = overDaily(
          { what: s.what, limitSat: r.dailyLimitSat, outMsat: out, leftMsat, needMsat },
          mainLocale(),
        )
        if (over) throw new AppError('limit', mw(over))
      }
      if (r.confirmAboveSat !== null && s.amountMsat > satToMsat(r.confirmAboveSat)) takeToken(s)
      if (day === null) return d.serviceNowSec?.(s.accountId) ?? computerSec()
      d.day?.note(s.accountId, day)
      return day
    },
  }
}
