// Connected apps against an independent client: @getalby/sdk's NWCClient pays through the app's
// wallet service over a loopback relay, the simulator over HTTP, the real keychain.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nwcWalletName } from '../../../electron/main/services/secrets'
import { publishTo } from '../../support/nostrRelay'
import { droppedRequests } from '../../support/nwcDropped'
import { type NwcWorld, startNwcWorld, until } from './harness'

let t: NwcWorld
beforeAll(async () => {
  t = await startNwcWorld()
}, 30_000)
afterAll(async () => {
  await t?.close()
})

const withdrawals = () => t.sim.control.requests({ path: /^\/v1\/wallet\/[^/]+\/withdraw$/ }).length
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  )

describe('a connected app pays within its budget', () => {
  let uri = ''
  let id = ''

  it('pays 500 sats once, with a preimage of the payment hash', async () => {
    const made = await t.connect()
    ;({ uri } = made)
    id = made.connection.id
    expect(uri).toMatch(
      /^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=ws%3A%2F%2F127\.0\.0\.1%3A\d+&secret=[0-9a-f]{64}$/,
    )
    const client = t.client(uri)
    const before = withdrawals()
    const invoice = t.sim.control.outsideInvoice(500, 'coffee')
    const paid = await client.payInvoice({ invoice })
    expect(withdrawals()).toBe(before + 1)
    const hash = createHash('sha256').update(Buffer.from(paid.preimage, 'hex')).digest('hex')
    const decoded = await t.call<{ paymentHash: string }>('pay.decode', { invoice })
    expect(hash).toBe(decoded.paymentHash)
    expect(t.notifications.some((n) => n.title === 'Primal paid 500 sats')).toBe(true)
    const page = await t.call<{ connection: { usedMsat: number }; payments: Array<{ state: string }> }>('nwc.get', {
      id,
    })
    expect(page.payments.map((p) => p.state)).toEqual(['paid'])
    expect(page.connection.usedMsat).toBeGreaterThanOrEqual(500_000)
  }, 30_000)

  it('keeps both secrets out of every file, log line and event but the keychain', async () => {
    const walletSecret = await t.secretStore.get(nwcWalletName(id))
    expect(walletSecret).toMatch(/^[0-9a-f]{64}$/)
    const appSecret = new URL(uri.replace('nostr+walletconnect://', 'http://')).searchParams.get('secret') as string
    const files = await readdir(t.dir, { recursive: true })
    const texts = await Promise.all(
      files.map((f) =>
        readFile(join(t.dir, f)).then(
          (b) => b.toString('latin1'),
          () => '',
        ),
      ),
    )
    const published = JSON.stringify(t.relay.published)
    for (const secret of [walletSecret as string, appSecret]) {
      for (const text of [...texts, t.logs.join('\n'), published]) expect(text.includes(secret)).toBe(false)
    }
  })

  it('refuses 600 more with QUOTA_EXCEEDED and pays nothing', async () => {
    const client = t.client(uri)
    const before = withdrawals()
    const code = await codeOf(client.payInvoice({ invoice: t.sim.control.outsideInvoice(600) }))
    expect(code).toBe('QUOTA_EXCEEDED')
    expect(withdrawals()).toBe(before)
  }, 30_000)

  it('answers get_balance with the simulator’s balance', async () => {
    const { balance } = await t.client(uri).getBalance()
    expect(balance).toBe(t.sim.control.balanceMsat(t.w.id))
  }, 30_000)

  it('pays the same request event once when it arrives twice', async () => {
    const client = t.client(uri)
    const before = withdrawals()
    const paid = await client.payInvoice({ invoice: t.sim.control.outsideInvoice(100) })
    expect(paid.preimage).toMatch(/^[0-9a-f]{64}$/)
    const request = t.relay.published.filter((e) => e.kind === 23194).at(-1)
    expect(request).toBeDefined()
    const responses = () => t.relay.published.filter((e) => e.kind === 23195).length
    const answered = responses()
    // the same signed event again, as a relay or an attacker would replay it
    const seen = droppedRequests(t.logs, 'seen')
    await publishTo(t.relay.url, request!)
    // the service has dealt with it (dropped as seen before): an answer or a payment would be out
    await until(() => droppedRequests(t.logs, 'seen') > seen)
    expect(withdrawals()).toBe(before + 1)
    expect(responses()).toBe(answered)
  }, 30_000)

  it('keeps the connection and the used budget after a restart', async () => {
    const { connection: before } = await t.call<{ connection: { usedMsat: number } }>('nwc.get', { id })
    await t.restart()
    const { connection: after } = await t.call<{ connection: { usedMsat: number; status: string } }>('nwc.get', { id })
    expect(after.status).toBe('active')
    expect(after.usedMsat).toBe(before.usedMsat)
    const client = t.client(uri)
    const n = withdrawals()
    expect(await codeOf(client.payInvoice({ invoice: t.sim.control.outsideInvoice(450) }))).toBe('QUOTA_EXCEEDED')
    expect(withdrawals()).toBe(n)
    expect((await client.getBalance()).balance).toBe(t.sim.control.balanceMsat(t.w.id))
  }, 30_000)

  it('tells the app of a payment from outside as payment_received', async () => {
    const client = t.client(uri)
    const got: Array<{ notification_type: string; notification: { amount: number } }> = []
    const stop = await client.subscribeNotifications((n) => got.push(n as never))
    // its subscription is at the relay: a notification published now reaches it
    await until(() => t.relay.subscribed(23197) || t.relay.subscribed(23196))
    await t.sim.control.payInbound(t.w.id, 321, 'from outside')
    t.app.sync.onResume()
    await until(() => got.some((n) => n.notification_type === 'payment_received' && n.notification.amount === 321_000))
    stop()
  }, 30_000)

  it('answers UNAUTHORIZED once revoked, and pays nothing', async () => {
    await t.call('nwc.revoke', { id })
    const n = withdrawals()
    expect(await codeOf(t.client(uri).payInvoice({ invoice: t.sim.control.outsideInvoice(10) }))).toBe('UNAUTHORIZED')
    expect(withdrawals()).toBe(n)
    expect(await t.secretStore.get(nwcWalletName(id))).toBeNull()
  }, 30_000)
})
