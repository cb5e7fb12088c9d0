// An NWC account in a backup (docs/security.md, "Backups"): exported with its connection string,
// the profile and the keychain wiped, restored on a fresh profile, where it reads its wallet again.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiKeyName } from '../../../../electron/main/services/secrets'
import { type SimulatorHandle, startSimulator } from '../../../simulator/index'
import { startRelay, type TestRelay } from '../../../support/nostrRelay'
import { type NwcTestWallet, startNwcWallet } from '../../../support/nwcWallet'
import { keychainName, newDir, openProfile } from '../../app/backupHarness'

const PASS = 'a long passphrase for the backup'
let sim: SimulatorHandle
let relay: TestRelay
let wallet: NwcTestWallet
const dirs: string[] = []
const service = keychainName('nwcacct')

beforeAll(async () => {
  sim = await startSimulator({ seed: 'empty' })
  relay = await startRelay()
  const hub = sim.control.createWallet('Hub', 5_000)
  wallet = await startNwcWallet({ relayUrl: relay.url, simUrl: sim.url, apiKey: sim.keys.secret, walletId: hub.id })
})
afterAll(async () => {
  wallet?.close()
  await relay?.close()
  await sim?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

it('an NWC account and its string come back from a backup', async () => {
  const dirA = await newDir('nwc-a')
  dirs.push(dirA)
  const a = await openProfile({ dir: dirA, keychainService: service })
  const acc = await a.ok<{ id: string; kind: string }>('accounts.connect', { kind: 'nwc', uri: wallet.uri })
  const out = await a.ok('backup.export', { passphrase: PASS, includeKeys: true })
  expect(out).toMatchObject({ file: { status: 'saved' }, accounts: 1, keys: 1 })
  const file = a.saved[0] as Uint8Array
  await a.app.dispose()
  await rm(dirA, { recursive: true, force: true })
  await a.keychain.delete(apiKeyName(acc.id))

  const dirB = await newDir('nwc-b')
  dirs.push(dirB)
  const b = await openProfile({ dir: dirB, keychainService: service })
  b.toOpen = file
  expect(await b.ok('backup.restore', { passphrase: PASS })).toMatchObject({ status: 'restored', accounts: 1, keys: 1 })
  expect(await b.keychain.get(apiKeyName(acc.id))).toBe(wallet.uri)
  const { accounts } = await b.ok<{ accounts: Array<{ id: string; kind: string }> }>('accounts.list')
  expect(accounts).toEqual([expect.objectContaining({ id: acc.id, kind: 'nwc' })])
  const { wallets } = await b.ok<{ wallets: Array<{ balanceMsat: number }> }>('wallets.list')
  expect(wallets.map((w) => w.balanceMsat)).toEqual([5_000_000])
  await b.app.dispose()
  await b.keychain.delete(apiKeyName(acc.id))
}, 60_000)
