// Keychain entries of an older version keep working (issue 41): an account's API key kept under its
// bare id and a connected app's wallet key under `nwc:<id>` move to their kinds' own names when the
// app starts, read straight from the keychain before and after; the account reads its wallets and
// the connected app is answered, both with the moved keys.
import { expect, it } from 'vitest'
import { keychainEntries, keytar } from '../../support/keychainEntries'
import { type NwcWorld, startNwcWorld } from './harness'

it('moves an older version’s entries at start, and the account and the connected app keep working', async () => {
  const t = await startNwcWorld()
  try {
    await olderEntriesMove(t)
  } finally {
    await t.close()
  }
}, 60_000)

async function olderEntriesMove(t: NwcWorld) {
  const { connection, uri } = await t.connect()
  const accountId = (await t.call<{ activeId: string }>('accounts.list')).activeId
  const now = await keychainEntries(t.service)
  const apiKey = now[`apiKey:${accountId}`] as string
  const walletKey = now[`nwcWallet:${connection.id}`] as string
  expect(apiKey).toBe(t.sim.keys.secret)
  expect(walletKey).toMatch(/^[0-9a-f]{64}$/)
  expect(Object.keys(now)).toHaveLength(2)

  // the keychain as an older version left it: the same secrets under the names it gave them
  const k = await keytar()
  await k.deletePassword(t.service, `apiKey:${accountId}`)
  await k.deletePassword(t.service, `nwcWallet:${connection.id}`)
  await k.setPassword(t.service, accountId, apiKey)
  await k.setPassword(t.service, `nwc:${connection.id}`, walletKey)
  await t.restart()

  expect(await keychainEntries(t.service)).toEqual({
    [`apiKey:${accountId}`]: apiKey,
    [`nwcWallet:${connection.id}`]: walletKey,
  })
  // moved at start, before anything read them
  expect(t.logs.some((l) => l.includes('keychain entries moved') && l.includes('"moved":2'))).toBe(true)
  const wallets = await t.call<{ wallets: Array<{ id: string }> }>('wallets.list')
  expect(wallets.wallets.map((w) => w.id)).toContain(t.w.id)
  expect((await t.client(uri).getBalance()).balance).toBe(t.sim.control.balanceMsat(t.w.id))
}
