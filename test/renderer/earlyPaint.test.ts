// What the page's first script paints before the bundle (renderer/src/early/paint.ts): the total
// as Home writes it, in the chosen language, and nothing Home would not show at that moment. The
// paint itself (the same place on screen, taken out by React) is checked in Chromium:
// test/e2e/journeys/earlyPaint.test.ts.
import { DEFAULT_SETTINGS, type LockStatus, type OpOutput } from '@shared/contract'
import { formatMsat } from '@shared/units'
import { describe, expect, it } from 'vitest'
import { type EarlyAnswers, earlyTotal } from '../../renderer/src/early/paint'
import { showMsat } from '../../renderer/src/lib/money'
import { account } from './fixtures'

const open: LockStatus = { set: false, locked: false, failures: 0, retryAt: null, osCheck: false }
const wallet = (id: string, balanceMsat: number) => ({ id, label: id, balanceMsat, createdAt: 1 })
const ok = <T>(value: T) => ({ ok: true as const, value })
const refused = { ok: false as const, error: { code: 'network' as const, message: 'down', retryable: true } }

function answers(over: Partial<EarlyAnswers> = {}): EarlyAnswers {
  const accounts: OpOutput<'accounts.list'> = { accounts: [account('a1', 'Shop')], activeId: 'a1' }
  return {
    'lock.status': ok(open),
    'settings.get': ok(DEFAULT_SETTINGS),
    'accounts.list': ok(accounts),
    // one hidden wallet: off Home's rows, still in the total
    'wallets.list': ok({ wallets: [wallet('w1', 1_234_567_000), { ...wallet('w2', 500), hidden: true }] }),
    ...over,
  }
}

describe('the early total', () => {
  it('is the sum of every wallet, written as Home writes amounts, in the system language', () => {
    const shown = earlyTotal(answers(), ['de-AT', 'en'])
    expect(shown).toMatchObject({
      text: '1.234.567,5 sats',
      locale: 'de',
      account: 'Shop · sak_…abcd',
      switcher: false,
      lockNow: false,
      hidden: false,
      theme: 'system',
    })
    expect(shown?.text).toBe(formatMsat(1_234_567_500, { locale: 'de' }))
    expect(earlyTotal(answers(), ['fr', 'en-GB'])?.text).toBe('1,234,567.5 sats')
  })

  it('follows the language and theme the settings chose over the system', () => {
    const settings = ok({ ...DEFAULT_SETTINGS, language: 'pt-BR' as const, theme: 'dark' as const })
    expect(earlyTotal(answers({ 'settings.get': settings }), ['de'])).toMatchObject({
      locale: 'pt-BR',
      theme: 'dark',
      text: '1.234.567,5 sats',
    })
  })

  it('is the mask while balances are hidden: the same as every other hidden amount, no digit', () => {
    const shown = earlyTotal(answers({ 'settings.get': ok({ ...DEFAULT_SETTINGS, hideBalances: true }) }), ['en'])
    expect(shown?.hidden).toBe(true)
    expect(shown?.text).toBe('•••• sats')
    expect(shown?.text).toBe(showMsat(1_234_567_500, true))
    expect(shown?.text).not.toMatch(/\d/)
  })

  it('says when Home shows a switcher and "Lock now", which change the height above the total', () => {
    const two = ok({ accounts: [account('a1', 'Shop'), account('a2', 'Home')], activeId: 'a2' })
    expect(
      earlyTotal(answers({ 'accounts.list': two, 'lock.status': ok({ ...open, set: true }) }), ['en']),
    ).toMatchObject({ account: 'Home · sak_…abcd', switcher: true, lockNow: true })
  })

  it('is nothing while locked, with no active account or wallet, or when any answer failed', () => {
    expect(earlyTotal(answers(), ['en'])).not.toBeNull()
    expect(earlyTotal(answers({ 'lock.status': ok({ ...open, set: true, locked: true }) }), ['en'])).toBeNull()
    expect(
      earlyTotal(answers({ 'accounts.list': ok({ accounts: [account('a1')], activeId: null }) }), ['en']),
    ).toBeNull()
    expect(earlyTotal(answers({ 'accounts.list': ok({ accounts: [], activeId: 'a1' }) }), ['en'])).toBeNull()
    expect(earlyTotal(answers({ 'wallets.list': ok({ wallets: [] }) }), ['en'])).toBeNull()
    for (const op of ['lock.status', 'settings.get', 'accounts.list', 'wallets.list'] as const)
      expect(earlyTotal(answers({ [op]: refused }), ['en'])).toBeNull()
  })
})
