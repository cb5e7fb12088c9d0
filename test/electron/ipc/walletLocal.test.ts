// wallets.setLocal through the router against the simulator: the app's own name for a wallet and
// its hidden flag, kept by main (settings.json) and laid over every read of the wallets.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { WalletView } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ConnectedApp, startConnectedApp, value } from './appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Groceries', balanceSat: 12_000 })
}, 60_000)
afterAll(() => t.close())

const list = async () => (await t.call<{ wallets: WalletView[] }>('wallets.list')).wallets
const mine = async () => (await list()).find((w) => w.id === t.w.id)
const setLocal = (input: Record<string, unknown>) => t.app.router.handle('wallets.setLocal', input)
const stored = async () => JSON.parse(await readFile(join(t.dir, 'settings.json'), 'utf8')).walletPrefs

describe('wallets.setLocal', () => {
  it('renames: the new name in wallets.list and the event, the service’s name beside it, kept on disk', async () => {
    const before = t.events.length
    const answer = value<{ wallets: WalletView[] }>(
      await setLocal({ walletId: t.w.id, name: '  Food  ', hidden: false }),
    )
    expect(answer.wallets.find((w) => w.id === t.w.id)).toMatchObject({
      label: 'Food',
      serviceLabel: 'Groceries',
      hidden: false,
    })
    expect(await mine()).toMatchObject({ label: 'Food', serviceLabel: 'Groceries', balanceMsat: 12_000_000 })
    const told = t.events.slice(before).filter((e) => e.name === 'wallets.updated')
    expect(told.length).toBeGreaterThan(0)
    expect(JSON.stringify(told.at(-1)?.payload)).toContain('"label":"Food"')
    expect(t.events.slice(before).some((e) => e.name === 'ledger.updated')).toBe(true)
    const accountId = t.app.accounts.list().activeId ?? ''
    expect((await stored())[accountId]).toEqual({ [t.w.id]: { name: 'Food' } })
    // the service was not renamed: its own name is what it says
    const res = await fetch(`${t.sim.url}/v1/wallet/${t.w.id}`, { headers: { 'X-Api-Key': t.sim.keys.secret } })
    expect(((await res.json()) as { user_label: string }).user_label).toBe('Groceries')
  })

  it('survives a restart', async () => {
    await t.restart()
    expect(await mine()).toMatchObject({ label: 'Food', serviceLabel: 'Groceries' })
  })

  it('cleans the name as other text is cleaned (no bidi override, no zero-width)', async () => {
    value(await setLocal({ walletId: t.w.id, name: 'Fo\u202Eod\u200B\n box', hidden: false }))
    expect((await mine())?.label).toBe('Food box')
  })

  it('an empty name, or the service’s own, shows the service’s name again', async () => {
    value(await setLocal({ walletId: t.w.id, name: '   ', hidden: false }))
    expect(await mine()).toMatchObject({ label: 'Groceries', serviceLabel: 'Groceries' })
    expect(await stored()).toEqual({})
    value(await setLocal({ walletId: t.w.id, name: 'Food', hidden: false }))
    value(await setLocal({ walletId: t.w.id, name: 'Groceries', hidden: false }))
    expect((await mine())?.label).toBe('Groceries')
    expect(await stored()).toEqual({})
  })

  it('hides and shows a wallet; a hidden one stays in the list, its balance with it', async () => {
    value(await setLocal({ walletId: t.w.id, name: 'Food', hidden: true }))
    expect(await mine()).toMatchObject({ label: 'Food', hidden: true, balanceMsat: 12_000_000 })
    value(await setLocal({ walletId: t.w.id, name: 'Food', hidden: false }))
    expect(await mine()).toMatchObject({ label: 'Food', hidden: false })
  })

  it('refuses to hide the last wallet on show, and changes nothing', async () => {
    const all = await list()
    expect(all.length).toBeGreaterThan(1)
    const others = all.filter((w) => w.id !== t.w.id)
    for (const w of others) value(await setLocal({ walletId: w.id, name: '', hidden: true }))
    const prefsBefore = await stored()
    const r = await setLocal({ walletId: t.w.id, name: 'Food', hidden: true })
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/at least one/) },
    })
    expect((await mine())?.hidden).toBe(false)
    expect(await stored()).toEqual(prefsBefore)
    // renaming the last one on show is still fine
    value(await setLocal({ walletId: t.w.id, name: 'Food only', hidden: false }))
    for (const w of others) value(await setLocal({ walletId: w.id, name: '', hidden: false }))
    expect((await list()).every((w) => !w.hidden)).toBe(true)
  })

  it('refuses what the contract does not allow, before anything is kept', async () => {
    const prefsBefore = await stored()
    for (const input of [
      { walletId: t.w.id, name: 'x'.repeat(256), hidden: false },
      { walletId: t.w.id, name: 'Food' },
      { walletId: t.w.id, name: 'Food', hidden: 'yes' },
      { walletId: t.w.id, name: 'Food', hidden: false, balanceMsat: 1 },
      { walletId: '', name: 'Food', hidden: false },
    ])
      expect(await setLocal(input), JSON.stringify(input).slice(0, 60)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      })
    expect(await setLocal({ walletId: 'wal_nobody', name: 'Food', hidden: false })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    expect(await stored()).toEqual(prefsBefore)
  })

  it('the sync loop’s balance news and its banner use the person’s name too', async () => {
    const before = t.events.length
    const shown = t.notifications.length
    await t.sim.control.payInbound(t.w.id, 1_000, 'lunch')
    t.app.sync.onResume() // a tick at once, as on waking
    await vi.waitFor(() => expect(t.notifications.length).toBeGreaterThan(shown), { timeout: 10_000 })
    await t.app.sync.idle()
    const told = t.events.slice(before).filter((e) => e.name === 'wallets.updated')
    expect(told.length).toBeGreaterThan(0)
    for (const e of told)
      expect((e.payload as { wallets: WalletView[] }).wallets.find((w) => w.id === t.w.id)).toMatchObject({
        label: 'Food only',
        serviceLabel: 'Groceries',
      })
    expect(t.notifications.at(-1)?.body).toBe('lunch\nTo Food only')
  })

  it('is refused while the app is locked', async () => {
    value(await t.app.router.handle('lock.set', { passphrase: 'a quiet desk at night' }))
    value(await t.app.router.handle('lock.lock', {}))
    expect(await setLocal({ walletId: t.w.id, name: 'Locked name', hidden: false })).toMatchObject({
      ok: false,
      error: { code: 'locked' },
    })
    value(await t.app.router.handle('lock.unlock', { passphrase: 'a quiet desk at night' }))
    expect((await mine())?.label).toBe('Food only')
  })

  it('renames while the service cannot be reached, by the wallets as last listed; an unknown one is still refused', async () => {
    await list() // what the app last heard
    t.sim.control.injectFault({ method: 'GET', path: /^\/v1\/wallets$/, kind: 'status', status: 503 })
    try {
      const answer = value<{ wallets: WalletView[] }>(
        await setLocal({ walletId: t.w.id, name: 'Offline name', hidden: false }),
      )
      expect(answer.wallets.find((w) => w.id === t.w.id)?.label).toBe('Offline name')
      expect(await setLocal({ walletId: 'wal_not_mine', name: 'X', hidden: false })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      })
    } finally {
      t.sim.control.clearFaults()
    }
    expect((await mine())?.label).toBe('Offline name')
    value(await setLocal({ walletId: t.w.id, name: 'Food only', hidden: false }))
  })

  it('forgets an account’s wallet names with the account', async () => {
    const accountId = t.app.accounts.list().activeId ?? ''
    expect(Object.keys(await stored())).toEqual([accountId])
    value(await t.app.router.handle('accounts.remove', { id: accountId }))
    expect(await stored()).toEqual({})
  })
})
