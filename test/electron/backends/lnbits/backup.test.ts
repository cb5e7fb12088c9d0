// An LNbits account in a backup, on the real keychain (scripts/with-keyring.sh): its keys (one
// secret) and the flags its server offered go into the encrypted file and come back on a fresh
// profile, where its wallets read the simulator's balances again with the restored keys.
import { rm } from 'node:fs/promises'
import type { AccountView } from '@shared/contract'
import { afterAll, expect, it } from 'vitest'
import { apiKeyName } from '../../../../electron/main/services/secrets'
import type { SimulatorHandle } from '../../../simulator/index'
import type { LnbitsWallet } from '../../../simulator/lnbits'
import { keychainName, newDir, openProfile } from '../../app/backupHarness'
import { lnbitsSimFor, simBalance } from './support'

const PASS = 'a long passphrase for the backup'
const service = keychainName('lnbits')
const dirs: string[] = []
let sim: SimulatorHandle
let a: LnbitsWallet
let c: LnbitsWallet
lnbitsSimFor((s, w) => {
  sim = s
  ;[a, , c] = w
})
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

type Wallets = { wallets: Array<{ id: string; balanceMsat?: number }> }

it('keeps an LNbits account, its keys and its flags through export and restore', async () => {
  const dirA = await newDir('lnbits-a')
  dirs.push(dirA)
  const p1 = await openProfile({ dir: dirA, keychainService: service })
  const view = await p1.ok<AccountView>('accounts.connect', {
    kind: 'lnbits',
    baseUrl: sim.url,
    keys: [a.adminkey, c.inkey],
    label: 'Home LNbits',
  })
  const secret = await p1.keychain.get(apiKeyName(view.id))
  expect(secret).toBe(`${a.adminkey},${c.inkey}`)
  const before = await p1.ok<Wallets>('wallets.list')
  const out = await p1.ok<{ accounts: number; keys: number }>('backup.export', { passphrase: PASS, includeKeys: true })
  expect(out).toMatchObject({ accounts: 1, keys: 1 })
  const file = p1.saved[0]
  if (!file) throw new Error('no backup saved')
  expect(Buffer.from(file).toString('latin1')).not.toContain(a.adminkey)
  await p1.app.dispose()
  await p1.keychain.delete(apiKeyName(view.id))

  const dirB = await newDir('lnbits-b')
  dirs.push(dirB)
  const p2 = await openProfile({ dir: dirB, keychainService: service })
  try {
    p2.toOpen = file
    expect(await p2.ok('backup.restore', { passphrase: PASS })).toMatchObject({ status: 'restored', keys: 1 })
    expect(await p2.keychain.get(apiKeyName(view.id))).toBe(secret)
    const { accounts } = await p2.ok<{ accounts: AccountView[] }>('accounts.list')
    expect(accounts).toHaveLength(1)
    const { clockOffsetSec: _was, ...kept } = view
    const { clockOffsetSec: _is, ...back } = accounts[0] as AccountView
    expect({ ...back, storage: kept.storage }).toEqual(kept)
    expect(back.capabilities).toMatchObject({ pays: true, withdrawLinks: true, permanentQr: true })
    const after = await p2.ok<Wallets>('wallets.list')
    expect(after.wallets.map((w) => w.id)).toEqual(before.wallets.map((w) => w.id))
    expect(after.wallets.find((w) => w.id === a.id)?.balanceMsat).toBe(await simBalance(sim, a))
  } finally {
    await p2.app.dispose()
    await p2.keychain.delete(apiKeyName(view.id))
  }
})
