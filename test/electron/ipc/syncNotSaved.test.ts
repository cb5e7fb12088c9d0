// The invoice or link exists at the service once created: a ledger that cannot be written (here:
// another process holds its write lock) must not turn that into an error (the person would make
// another), only into a notice.
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_FILE } from '../../../electron/main/services/settings'
import { type ConnectedApp, startConnectedApp } from './appHarness'

let t: ConnectedApp
beforeAll(async () => {
  t = await startConnectedApp({ label: 'Unsaved', balanceSat: 10_000 })
})
afterAll(() => t.close())

const call = <T>(name: string, input: unknown = {}) => t.call<T>(name, input)
const notices = () => t.events.filter((e) => e.name === 'notice').map((e) => e.payload)

// Tests run as root here, where a read-only directory is still writable: a directory where the
// file should be makes every write of it fail instead.
const blockFile = (name: string) => mkdir(join(t.dir, name, 'blocked'), { recursive: true })

describe('the ledger cannot be written', () => {
  let inv: PendingInvoice
  let lock: DatabaseSync

  it('invoices.create still answers with the invoice, warns, and lists it', async () => {
    const path = t.app.ledger().path
    lock = new DatabaseSync(path)
    lock.exec('BEGIN IMMEDIATE')
    const before = notices().length
    inv = await call<PendingInvoice>('invoices.create', { walletId: t.w.id, amountSat: 321, memo: 'Unsaved' })
    expect(inv).toMatchObject({ walletId: t.w.id, amountSat: 321, status: 'pending' })
    expect(t.sim.control.requests({ method: 'POST', path: /invoice/ }).length).toBeGreaterThan(0)
    expect(notices().slice(before)).toEqual([
      { level: 'warning', message: expect.stringMatching(/could not save its list of pending invoices/) },
    ])
    expect((await call<{ invoices: PendingInvoice[] }>('invoices.list')).invoices.map((i) => i.id)).toContain(inv.id)
    expect(t.events.some((e) => e.name === 'invoice.updated' && (e.payload as PendingInvoice).id === inv.id)).toBe(true)
  })

  it('withdraw.create still answers with the link, warns, and lists it', async () => {
    const before = notices().length
    const link = await call<WithdrawLinkView>('withdraw.create', {
      walletId: t.w.id,
      amountSat: 50,
      requestId: 'req-unsaved-w-1',
    })
    expect(link).toMatchObject({ walletId: t.w.id, amountSat: 50, status: 'waiting' })
    expect(notices().slice(before)).toHaveLength(1)
    expect((await call<{ links: WithdrawLinkView[] }>('withdraw.list')).links.map((l) => l.ott)).toContain(link.ott)
  })

  it('the next write, once the disk allows it, saves what was kept in memory', async () => {
    lock.exec('ROLLBACK')
    lock.close()
    const next = await call<PendingInvoice>('invoices.create', { walletId: t.w.id, amountSat: 5, memo: 'Saved' })
    const reader = new DatabaseSync(t.app.ledger().path, { readOnly: true })
    const ids = reader.prepare('SELECT id FROM invoices').all() as Array<{ id: string }>
    const links = reader.prepare('SELECT ott FROM withdraw_links').all()
    reader.close()
    expect(ids.map((i) => i.id).sort()).toEqual([inv.id, next.id].sort())
    expect(links).toHaveLength(1)
  })

  it('a settings file that cannot be written is still an error', async () => {
    await rm(join(t.dir, SETTINGS_FILE), { force: true })
    await blockFile(SETTINGS_FILE)
    const before = notices().length
    const r = await t.app.router.handle('settings.update', { theme: 'dark' })
    expect(r.ok).toBe(false)
    expect(notices().slice(before)).toEqual([])
  })
})
