// What needs the passphrase (services/lock/loosening.ts), without an app: every operation and
// setting of the contract classified, each setting's changes judged as the cases say, a settings
// patch judged by what it names, and a connection judged against the confirm limit.
import { DEFAULT_SETTINGS, LockSettings, OP_NAMES, operations, opKind, Settings } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  connectionGrants,
  JUDGES,
  LOCK_SETTING_LOOSENS,
  PASSPHRASE_RULES,
  SETTING_LOOSENS,
  settingsLoosen,
} from '../../../../electron/main/services/lock/loosening'
import { LOCK_CASES, SETTING_CASES, settingCases } from './looseningCases'

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape).sort()

describe('the classification', () => {
  it('names every operation of the contract, and a money operation only as spending', () => {
    expect(Object.keys(PASSPHRASE_RULES).sort()).toEqual([...OP_NAMES].sort())
    for (const name of OP_NAMES) {
      expect(['free', 'judged', 'own', 'spends'], name).toContain(PASSPHRASE_RULES[name])
      expect(PASSPHRASE_RULES[name] === 'spends', name).toBe(opKind(name) === 'money')
    }
  })

  it('judges every operation it marks judged, and each of those takes the passphrase with it', () => {
    const judged = OP_NAMES.filter((n) => PASSPHRASE_RULES[n] === 'judged')
    expect(Object.keys(JUDGES).sort()).toEqual(judged.sort())
    expect(judged.sort()).toEqual(['nwc.create', 'settings.update'])
    for (const name of judged) expect(keysOf(operations[name].input as z.ZodObject), name).toContain('passphrase')
  })

  it('an operation that asks for the passphrase itself has a field for it (or is the system check)', () => {
    const own = OP_NAMES.filter((n) => PASSPHRASE_RULES[n] === 'own')
    for (const name of own) {
      if (name === 'lock.osUnlock') continue
      expect(keysOf(operations[name].input as z.ZodObject).join(' '), name).toMatch(/passphrase|current/i)
    }
  })

  it('classifies every setting and every lock setting, and this test has changes for each', () => {
    expect(Object.keys(SETTING_LOOSENS).sort()).toEqual(keysOf(Settings))
    expect(Object.keys(LOCK_SETTING_LOOSENS).sort()).toEqual(keysOf(LockSettings))
    expect(Object.keys(SETTING_CASES).sort()).toEqual(keysOf(Settings))
    expect(Object.keys(LOCK_CASES).sort()).toEqual(keysOf(LockSettings))
    for (const k of keysOf(Settings)) expect(SETTING_CASES[k as keyof Settings].length, k).toBeGreaterThan(0)
  })
})

describe('the judges', () => {
  it.each(settingCases())('$title', ({ key, from, to, loosens }) => {
    const judge = SETTING_LOOSENS[key] as (was: unknown, next: unknown) => boolean
    expect(judge(from, to)).toBe(loosens)
    const was = { ...DEFAULT_SETTINGS, [key]: from } as Settings
    expect(settingsLoosen(was, { [key]: to })).toBe(loosens)
    expect(JUDGES['settings.update']({ [key]: to }, { settings: was, confirmAboveSat: () => null })).toBe(loosens)
  })

  it('a patch loosens when any one setting it names does, and a setting it leaves undefined counts for nothing', () => {
    const was = { ...DEFAULT_SETTINGS, hideBalances: true, theme: 'light' } as Settings
    expect(settingsLoosen(was, { theme: 'dark', hideBalances: false })).toBe(true)
    expect(settingsLoosen(was, { hideBalances: false, theme: 'dark' })).toBe(true)
    expect(settingsLoosen(was, { theme: 'dark' })).toBe(false)
    expect(settingsLoosen(was, { hideBalances: undefined })).toBe(false)
    expect(settingsLoosen(was, {})).toBe(false)
  })

  it('a connection grants when it can pay more than the confirm limit, or any amount without one', () => {
    const pays = { budgetSat: 501, methods: ['get_balance', 'pay_invoice'] }
    expect(connectionGrants(pays, 500)).toBe(true)
    expect(connectionGrants({ ...pays, budgetSat: 500 }, 500)).toBe(false)
    expect(connectionGrants(pays, null)).toBe(true)
    expect(connectionGrants(pays, undefined)).toBe(true)
    expect(connectionGrants({ ...pays, budgetSat: 1 }, null)).toBe(true)
    expect(connectionGrants({ ...pays, budgetSat: 0 }, null)).toBe(false)
    expect(connectionGrants({ ...pays, methods: ['get_balance', 'make_invoice'] }, null)).toBe(false)
    const asked: Array<string | undefined> = []
    const state = {
      settings: DEFAULT_SETTINGS as Settings,
      confirmAboveSat: (id: string | undefined) => {
        asked.push(id)
        return 500
      },
    }
    const input = { accountId: 'acc-1', walletId: 'w', name: 'x', period: 'daily', ...pays } as Parameters<
      (typeof JUDGES)['nwc.create']
    >[0]
    expect(JUDGES['nwc.create'](input, state)).toBe(true)
    expect(JUDGES['nwc.create']({ ...input, budgetSat: 400 }, state)).toBe(false)
    expect(asked).toEqual(['acc-1', 'acc-1'])
  })
})
