// The files the app writes in userData are readable by their owner only (0600), whatever the
// process umask lets through and whatever mode an older file had. Checked on the real disk.
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLedger } from '../../../electron/main/services/ledger'
import { createSettingsStore, defaultFile } from '../../../electron/main/services/settings'

let dir = ''
let savedUmask = 0
const mode = async (path: string) => (await stat(path)).mode & 0o777

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-modes-'))
  // The usual desktop umask: a file created without an explicit mode would come out 0644.
  savedUmask = process.umask(0o022)
})
afterAll(async () => {
  process.umask(savedUmask)
  await rm(dir, { recursive: true, force: true })
})

describe('file modes in userData', () => {
  it('the umask alone would leave a new file readable by others (so the checks below can fail)', async () => {
    const probe = join(dir, 'probe')
    await writeFile(probe, 'x')
    expect(await mode(probe)).toBe(0o644)
  })

  it('settings.json is written 0600, and stays 0600 when an older 0644 file is replaced', async () => {
    const store = createSettingsStore({ dir })
    await store.save(defaultFile())
    expect(await mode(store.path)).toBe(0o600)
    await chmod(store.path, 0o644)
    expect(await mode(store.path)).toBe(0o644)
    await store.update((f) => ({ ...f, activeId: null }))
    expect(await mode(store.path)).toBe(0o600)
  })

  it('the ledger, which now holds the pending invoices, is 0600, and stays 0600 when an older 0644 file is reopened', async () => {
    const ledger = openLedger({ dir })
    ledger.putInvoice({
      id: 'lntx_mode',
      walletId: 'wal_mode',
      accountId: 'acc_mode',
      amountSat: 1,
      memo: '',
      paymentRequest: 'lnbcrt1x',
      paymentHash: 'ab'.repeat(32),
      createdAt: 1,
      expiresAt: 2,
      status: 'pending',
      settledAt: null,
    })
    ledger.close()
    expect(await mode(ledger.path)).toBe(0o600)
    await chmod(ledger.path, 0o644)
    openLedger({ dir }).close()
    expect(await mode(ledger.path)).toBe(0o600)
  })
})
