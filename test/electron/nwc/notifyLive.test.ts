// Payments are told (payment_received, with the memo) only to the connections that may still use
// the wallet (audit issue 41): one past its expiry, whose requests are answered UNAUTHORIZED, and
// one revoked hear nothing of them, while a live one of the same wallet does.
import { getPublicKey, nip44 } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import { expect, it } from 'vitest'
import { until, withNwcWorld } from './harness'
import { parseUri } from './rawClient'

const world = withNwcWorld()

const keysOf = (uri: string) => {
  const { walletPubkey, secret } = parseUri(uri)
  return { walletPubkey, secret: hexToBytes(secret), pubkey: getPublicKey(hexToBytes(secret)) }
}
/** the notifications (23197 NIP-44 or 23196 NIP-04) the app published to an app's key */
const toldTo = (pubkey: string) =>
  world().relay.published.filter((e) => (e.kind === 23197 || e.kind === 23196) && e.tags.some((x) => x[1] === pubkey))

it('tells a payment to the live connection only, not to an expired or a revoked one', async () => {
  const t = world()
  const methods = ['get_balance' as const]
  // made first: their notifications would reach the relay before the live one's
  const expiring = await t.connect({ name: 'Expiring', methods, expiresAt: Math.floor(Date.now() / 1000) + 2 })
  const revoked = await t.connect({ name: 'Revoked', methods })
  await t.call('nwc.revoke', { id: revoked.connection.id })
  const live = await t.connect({ name: 'Live', methods })
  const status = async (id: string) =>
    (await t.call<{ connections: Array<{ id: string; status: string }> }>('nwc.list')).connections.find(
      (c) => c.id === id,
    )?.status
  await until(async () => (await status(expiring.connection.id)) === 'expired')
  const code = await t
    .client(expiring.uri)
    .getBalance()
    .then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    )
  expect(code).toBe('UNAUTHORIZED')

  await t.sim.control.payInbound(t.w.id, 777, 'rent for flat 3')
  t.app.sync.onResume()
  const [l, x, r] = [keysOf(live.uri), keysOf(expiring.uri), keysOf(revoked.uri)]
  await until(() => toldTo(l.pubkey).length === 1)
  const sealed = toldTo(l.pubkey).find((e) => e.kind === 23197)?.content as string
  const told = JSON.parse(nip44.decrypt(sealed, nip44.getConversationKey(l.secret, l.walletPubkey)))
  expect(told).toMatchObject({
    notification_type: 'payment_received',
    notification: { amount: 777_000, description: 'rent for flat 3' },
  })
  expect(toldTo(x.pubkey)).toEqual([])
  expect(toldTo(r.pubkey)).toEqual([])
}, 30_000)
