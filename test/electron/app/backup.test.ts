// Backup round trip on the real keychain (docs/security.md, "Backups"): a profile with two accounts
// on two services, labels, recipients, links, pending invoices, settings and spending rules is
// exported, its userData and keychain entries wiped, and restored on a fresh profile: everything
// comes back, and after the sync the history has the same rows and sums.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeyName } from '../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'
import { syncNow } from '../../support/syncNow'
import { keychainName, newDir, openProfile, type Profile } from './backupHarness'

const PASS = 'a long passphrase for the backup'
let simA: SimulatorHandle
let simB: SimulatorHandle
const dirs: string[] = []
const service = keychainName('roundtrip')

beforeAll(async () => {
  simA = await startSimulator({ seed: 'demo' })
  simB = await startSimulator({ seed: 'empty' })
})
afterAll(async () => {
  await simA.close()
  await simB.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

type Accounts = {
  accounts: Array<{ id: string; label: string; clockOffsetSec?: number | null }>
  activeId: string | null
}
type HistoryPage = {
  total: number
  items: Array<{ txId: string; amountMsat: number; feeMsat: number; label: string | null }>
}

/** What a person sees of a profile: per account, everything the backup promises to keep. */
async function snapshot(p: Profile) {
  const { accounts, activeId } = await p.ok<Accounts>('accounts.list')
  const per: Record<string, unknown> = {}
  for (const a of accounts) {
    await p.ok('accounts.switch', { id: a.id })
    const page = await p.ok<HistoryPage>('history.page', { limit: 500 })
    // the rules come back; what went out today stays with the old profile's journal (docs/security.md)
    const {
      spentMsat: _s,
      leftMsat: _l,
      ...spending
    } = await p.ok<{ spentMsat: number; leftMsat: number }>('spending.get')
    per[a.id] = {
      recipients: await p.ok('payments.recipients'),
      // the person's own wallet names and hidden wallets (laid over the service's)
      wallets: (
        await p.ok<{ wallets: Array<{ id: string; label: string; hidden?: boolean }> }>('wallets.list')
      ).wallets.map((w) => [w.id, w.label, w.hidden ?? false]),
      spending,
      rows: page.total,
      sumMsat: page.items.reduce((s, r) => s + r.amountMsat + r.feeMsat, 0),
      labels: page.items.filter((r) => r.label !== null).map((r) => [r.txId, r.label]),
    }
  }
  if (activeId) await p.ok('accounts.switch', { id: activeId })
  // the service's clock offset is measured anew by each profile, not kept
  const list = await p.ok<Accounts>('accounts.list')
  return {
    accounts: { ...list, accounts: list.accounts.map(({ clockOffsetSec: _c, ...a }) => a) },
    settings: await p.ok('settings.get'),
    links: await p.ok('withdraw.list'),
    invoices: await p.ok('invoices.list'),
    per,
  }
}

describe('backup round trip', () => {
  it('export, wipe userData and the keychain, restore on a fresh profile: all comes back', async () => {
    const dirA = await newDir('a')
    dirs.push(dirA)
    const a = await openProfile({ dir: dirA, keychainService: service })
    const b1 = await a.ok<{ id: string }>('accounts.connect', {
      kind: 'service',
      baseUrl: simB.url,
      apiKey: simB.keys.secret,
      label: 'Side',
    })
    const a1 = await a.ok<{ id: string }>('accounts.connect', {
      kind: 'service',
      baseUrl: simA.url,
      apiKey: simA.keys.secret,
      label: 'Main',
    })
    await a.ok('accounts.update', { id: a1.id, authMethod: 'basic' })
    await syncNow(a.app)
    const wallet = simA.keys.wallets[0]!.id
    const page = await a.ok<HistoryPage>('history.page', { limit: 3 })
    await a.ok('history.label', { txId: page.items[1]!.txId, label: 'Rent for May' })
    await a.ok('pay.lightningAddress', {
      walletId: wallet,
      address: 'alice@sim.example',
      amountMsat: 2000,
      requestId: 'req-rt-pay-1',
    })
    await a.ok('withdraw.create', { walletId: wallet, amountSat: 150, memo: 'gift', requestId: 'req-rt-link-1' })
    await a.ok('invoices.create', { walletId: wallet, amountSat: 321, memo: 'pending one' })
    await a.ok('settings.update', { theme: 'dark', pollIntervalSec: 42, trayTotal: false })
    await a.ok('spending.set', { accountId: a1.id, confirmAboveSat: null, dailyLimitSat: 77_000 })
    await a.ok('wallets.setLocal', { walletId: wallet, name: 'Groceries', hidden: false })
    await a.ok('wallets.setLocal', { walletId: simA.keys.wallets[1]!.id, name: '', hidden: true })
    await syncNow(a.app)
    const before = await snapshot(a)
    expect(JSON.stringify(before.per[a1.id])).toContain('"Groceries",false')
    expect(JSON.stringify(before.per[a1.id])).toContain(`"${simA.keys.wallets[1]!.id}"`)
    expect(Object.keys(before.per)).toHaveLength(2)
    expect((before.links as { links: unknown[] }).links).toHaveLength(1)
    expect((before.invoices as { invoices: unknown[] }).invoices.length).toBeGreaterThan(0)

    const out = await a.ok<{ file: { status: string }; accounts: number; keys: number }>('backup.export', {
      passphrase: PASS,
      includeKeys: true,
    })
    expect(out).toMatchObject({ file: { status: 'saved' }, accounts: 2, keys: 2, leftOut: { count: 0, kinds: [] } })
    const file = a.saved[0]!
    await a.app.dispose()

    // wiped: the profile's folder and the keys in the keychain
    await rm(dirA, { recursive: true, force: true })
    for (const id of [a1.id, b1.id]) await a.keychain.delete(apiKeyName(id))
    expect(await a.keychain.get(apiKeyName(a1.id))).toBeNull()

    const dirB = await newDir('b')
    dirs.push(dirB)
    const b = await openProfile({ dir: dirB, keychainService: service })
    expect((await b.ok<Accounts>('accounts.list')).accounts).toHaveLength(0)
    b.toOpen = file
    const wrong = await b.call('backup.restore', { passphrase: 'not the passphrase' })
    expect(wrong.ok).toBe(false)
    expect((await b.ok<Accounts>('accounts.list')).accounts).toHaveLength(0)
    const restored = await b.ok('backup.restore', { passphrase: PASS })
    expect(restored).toMatchObject({ status: 'restored', accounts: 2, keys: 2 })
    expect(await b.keychain.get(apiKeyName(a1.id))).toBe(simA.keys.secret)
    expect(await b.keychain.get(apiKeyName(b1.id))).toBe(simB.keys.secret)
    await syncNow(b.app)
    const after = await snapshot(b)
    expect(after).toEqual(before)
    // a backup was just brought back: no nudge for a month
    expect(await b.ok('backup.status')).toMatchObject({ due: false })
    await b.app.dispose()
    for (const id of [a1.id, b1.id]) await b.keychain.delete(apiKeyName(id))
  })

  it('without the keys ticked, the file has none and the restored accounts ask for their key', async () => {
    const dir = await newDir('nokeys')
    dirs.push(dir)
    const a = await openProfile({ dir, keychainService: service })
    const acc = await a.ok<{ id: string }>('accounts.connect', {
      kind: 'service',
      baseUrl: simB.url,
      apiKey: simB.keys.secret,
    })
    expect(await a.ok('backup.status')).toMatchObject({ due: true, lastBackupAt: null })
    expect(await a.ok('backup.export', { passphrase: PASS, includeKeys: false })).toMatchObject({
      accounts: 1,
      keys: 0,
    })
    expect(await a.ok('backup.status')).toMatchObject({ due: false })
    await a.app.dispose()
    await a.keychain.delete(apiKeyName(acc.id))
    const dir2 = await newDir('nokeys2')
    dirs.push(dir2)
    const b = await openProfile({ dir: dir2, keychainService: service })
    b.toOpen = a.saved[0]!
    expect(await b.ok('backup.restore', { passphrase: PASS })).toMatchObject({ accounts: 1, keys: 0 })
    const r = await b.call('wallets.list')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain('Replace key')
    await b.app.dispose()
  })
})
