// The whole app, as the audit of issue 41 found it: "A payment thought failed went through" was
// shown with "4,242 sats to …" while Hide balances was on and while the app was locked, because
// the payments module was handed the desktop's notifier instead of the app's privacy notifier.
// Now on the desktop and in the app's notice alike: no amount and no payee then.
import type { AccountView } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedApp, startConnectedApp } from '../ipc/appHarness'

const PAYEE = 'landlord5555@example.com'
let t: ConnectedApp
let accountId: string
let n = 0

beforeAll(async () => {
  t = await startConnectedApp({ label: 'Spending', balanceSat: 10_000 })
  accountId = (await t.call<{ accounts: AccountView[]; activeId: string }>('accounts.list')).activeId
}, 30_000)
afterAll(() => t?.close())

/** a payment of 4,242 sats the journal had as failed, then found made; told at the next check */
async function recovered() {
  const requestId = `req-recovered-${++n}`
  const journal = t.app.journal()
  journal.add({
    requestId,
    accountId,
    walletId: t.w.id,
    kind: 'address',
    amountMsat: 4_242_000,
    feeLimitMsat: 0,
    target: PAYEE,
  })
  journal.mark(requestId, 'sent')
  journal.mark(requestId, 'failed', { error: 'Refused.' })
  journal.mark(requestId, 'paid', { txId: `wtx_${requestId}` })
  const before = { shown: t.notifications.length, events: t.events.length }
  await t.app.payments.check()
  const shown = t.notifications.slice(before.shown).map((x) => `${x.title}\n${x.body}`)
  const notices = t.events.slice(before.events).filter((e) => e.name === 'notice')
  expect(shown).toHaveLength(1)
  expect(notices).toHaveLength(1)
  return `${shown.join('\n')}\n${JSON.stringify(notices)}`
}
const tells = (text: string) => ({ amount: /4\D?242/.test(text), payee: text.includes('5555') })

describe('a payment once failed that went through', () => {
  it('names amount and payee while nothing is hidden', async () => {
    expect(tells(await recovered())).toEqual({ amount: true, payee: true })
  })

  it('names neither while Hide balances is on', async () => {
    await t.call('settings.update', { hideBalances: true })
    const said = await recovered()
    expect(tells(said)).toEqual({ amount: false, payee: false })
    expect(said).toContain('A payment thought failed went through')
    await t.call('settings.update', { hideBalances: false })
  })

  it('names neither while the app is locked', async () => {
    await t.call('lock.set', { passphrase: 'correct horse battery' })
    await t.call('lock.lock')
    expect(tells(await recovered())).toEqual({ amount: false, payee: false })
  })
})
