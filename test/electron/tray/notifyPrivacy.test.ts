// Every kind of notification the app has (`notificationKinds`, walked: a new kind without a sample
// here fails) through the app's own privacy notifier (app/privacy.ts, with its settings file and
// lock): while Hide balances is on, and while the app is locked without "notifications say how
// much arrived", none names an amount, a memo or a payee, on the desktop or in the app's notice.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPrivacy, type Privacy } from '../../../electron/main/app/privacy'
import { createLogger } from '../../../electron/main/log'
import {
  connectionPaidNotification,
  type Notification,
  notificationKinds,
  receivedNotification,
  recoveredNotification,
  type ShownNotification,
  settlementNotification,
  withdrawNotification,
} from '../../../electron/main/services/notify'
import { createSettingsStore, type SettingsStore } from '../../../electron/main/services/settings'
import { ledgerRow } from '../../support/ledgerRow'

// 4,242 sats, a memo and a payee whose digits are easy to look for
const MSAT = 4_242_000
const MEMO = 'rent for 9876'
const PAYEE = 'landlord5555@example.com'
const said = (text: string) => ({
  amount: /4\D?242/.test(text),
  memo: text.includes('9876'),
  payee: text.includes('5555'),
})
const nothing = { amount: false, memo: false, payee: false }

const inv: PendingInvoice = {
  ...{ id: 'lntx_1', walletId: 'wal_a', accountId: 'acc_1', amountSat: 4242, memo: MEMO },
  ...{ paymentRequest: 'lnbcrt1…', paymentHash: 'ab'.repeat(32), createdAt: 100, expiresAt: 200 },
  ...{ status: 'paid', settledAt: 150 },
}
const link: WithdrawLinkView = {
  ...{ walletId: 'wal_b', lnurl: 'LNURL1…', uri: 'lightning:LNURL1…', ott: 'ott1', amountSat: 4242 },
  ...{ memo: MEMO, createdAt: 100, status: 'claimed', claimedAt: 120, claimedMsat: MSAT, claimFeeMsat: null },
}

/** one of each kind, each carrying every private thing it can */
const samples = {
  settlement: () => settlementNotification(inv, 'Spending'),
  withdrawClaimed: () => withdrawNotification(link, 'Savings', 'wtx_9'),
  received: () => receivedNotification(ledgerRow({ amountMsat: MSAT, memo: MEMO, payee: PAYEE }), 'Spending'),
  connectionPaid: () => connectionPaidNotification('Primal', MSAT),
  recovered: () => recoveredNotification({ kind: 'address', target: PAYEE, amountMsat: MSAT, walletId: 'wal_a' }),
} satisfies Record<keyof typeof notificationKinds, () => Notification>
const kinds = Object.entries(samples)

let dir: string
let settings: SettingsStore
let privacy: Privacy
let shown: ShownNotification[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-notify-privacy-'))
  settings = createSettingsStore({ dir })
  await settings.load()
  shown = []
  privacy = createPrivacy({
    settings,
    now: Date.now,
    changed: () => {},
    notifier: { show: (n) => void shown.push(n), isSupported: () => true },
    log: createLogger({ sink: () => {} }),
    unlocked: () => {},
  })
  // the app's start has run (until then the lock counts as locked: docs/security.md, "Fails closed")
  privacy.lock.start()
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const setSettings = (o: { hideBalances?: boolean; notifyAmounts?: boolean }) =>
  settings.update((f) => ({
    ...f,
    settings: {
      ...f.settings,
      hideBalances: o.hideBalances ?? f.settings.hideBalances,
      lock: { ...f.settings.lock, notifyAmounts: o.notifyAmounts ?? f.settings.lock.notifyAmounts },
    },
  }))
async function lock() {
  await privacy.lock.set('correct horse battery')
  privacy.lock.lock('now')
  expect(privacy.lock.isLocked()).toBe(true)
}
/** what each kind says on the desktop and in the app, as the privacy rule has it now */
function sayEach() {
  shown.length = 0
  return kinds.map(([kind, make]) => {
    const n = make()
    privacy.notifier.show(n)
    const words = privacy.notifier.wordsNow(n)
    const desktop = shown.at(-1)
    return [kind, said(`${desktop?.title}\n${desktop?.body}\n${words.title}\n${words.body}`)] as const
  })
}
const silent = kinds.map(([kind]) => [kind, nothing] as const)

describe('every notification through the privacy rule', () => {
  it('has a sample for every kind the app has', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(notificationKinds).sort())
  })

  it('in full, each names its amount (so what is masked below is there to mask)', () => {
    for (const [kind, said] of sayEach()) expect({ kind, amount: said.amount }).toEqual({ kind, amount: true })
  })

  it('while Hide balances is on: no amount, memo or payee, from any kind', async () => {
    await setSettings({ hideBalances: true })
    expect(sayEach()).toEqual(silent)
  })

  it('while locked: none either, unless the person allowed amounts then', async () => {
    await lock()
    expect(sayEach()).toEqual(silent)
    await setSettings({ notifyAmounts: true })
    expect(sayEach().every(([, s]) => s.amount)).toBe(true)
    // hidden balances win over that setting
    await setSettings({ hideBalances: true })
    expect(sayEach()).toEqual(silent)
  })
})
