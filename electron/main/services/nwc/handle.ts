// One request event, from the relay to its answer: read with suspicion (request.ts), matched to
// its connection by the wallet key it names and to its app by the key that signed it, refused
// when seen before, then checked (revoked, expired, paused, method allowed) and served.
import type { VerifiedEvent } from 'nostr-tools'
import { mt } from '../i18n'
import { type Answer, responseEvent } from './events'
import { getBalance, getInfo, listTransactions, lookupInvoice, type MethodDeps, makeInvoice } from './methods'
import { OutcomeUnknown, type PayDeps, payInvoice } from './pay'
import { encryptionOf, MAX_AGE_SEC, MAX_SKEW_SEC, type RequestEvent, readCommand, readEvent, tagOf } from './request'
import type { Connection, NwcStore } from './store'
import { type Method, NwcError } from './types'

export interface HandleDeps extends MethodDeps, Omit<PayDeps, 'store'> {
  store: () => NwcStore
  nowSec(): number
  secretOf(connectionId: string): Uint8Array | undefined
  /** why requests are not served now (paused, or locked), or null */
  pausedBecause(): string | null
  publish(relay: string, event: VerifiedEvent): Promise<boolean>
  /** a payment went out through a connection: the OS notification, the page's update */
  paid(c: Connection, amountMsat: number): void
  log?: (message: string, fields?: Record<string, unknown>) => void
}

export async function handleRequest(d: HandleDeps, raw: unknown, relay: string): Promise<void> {
  const now = d.nowSec()
  const read = readEvent(raw, now)
  if ('drop' in read) return d.log?.('nwc request dropped', { why: read.drop })
  const e = read.event
  const walletPubkey = tagOf(e, 'p')
  const c = walletPubkey ? d.store().byWalletPubkey(walletPubkey) : null
  const secret = c && d.secretOf(c.id)
  if (!c || !secret) return d.log?.('nwc request dropped', { why: 'no such connection' })
  const answer = (a: Answer) => {
    const to = { pubkey: e.pubkey, id: e.id, enc: encryptionOf(e) }
    return d.publish(relay, responseEvent(secret, to, a, d.nowSec()))
  }
  // another key than the app's: told it has no connection, nothing decrypted nor done
  if (e.pubkey !== c.clientPubkey) {
    await answer({ method: 'unknown', error: { code: 'UNAUTHORIZED', message: mt('nwc.noConnectionForKey') } })
    return
  }
  // replays and relays' duplicates: each event id is served once, kept past the age limit
  if (!d.store().firstSight(e.id, now, MAX_AGE_SEC + MAX_SKEW_SEC + 60))
    return d.log?.('nwc request dropped', { why: 'seen' })
  const cmd = readCommand(e, secret)
  if ('drop' in cmd) return d.log?.('nwc request dropped', { why: cmd.drop })
  if ('answer' in cmd) return void (await answer({ method: cmd.answer.method, error: cmd.answer }))
  const result = await serve(d, c, cmd.method, cmd.params, e)
  if (result) await answer(result)
}

async function serve(
  d: HandleDeps,
  c: Connection,
  method: Method,
  params: Record<string, unknown>,
  e: RequestEvent,
): Promise<Answer | null> {
  const fail = (code: NwcError['code'], message: string): Answer => ({ method, error: { code, message } })
  const now = d.nowSec()
  if (c.revokedAt !== null) return fail('UNAUTHORIZED', mt('nwc.revoked'))
  if (c.expiresAt !== null && c.expiresAt <= now) return fail('UNAUTHORIZED', mt('nwc.expired'))
  const paused = d.pausedBecause()
  if (paused) return fail('RESTRICTED', paused)
  if (!c.methods.includes(method)) return fail('RESTRICTED', mt('nwc.methodNotAllowed', { method }))
  try {
    return { method, result: await run(d, c, method, params, e) }
  } catch (err) {
    if (err instanceof OutcomeUnknown) return null
    if (err instanceof NwcError) return fail(err.code, err.message)
    d.log?.('nwc method failed', { method, error: err })
    return fail('INTERNAL', mt('nwc.internal'))
  }
}

async function run(d: HandleDeps, c: Connection, method: Method, params: Record<string, unknown>, e: RequestEvent) {
  switch (method) {
    case 'pay_invoice': {
      const r = await payInvoice({ ...d, store: d.store() }, c, params, e.id, d.nowSec())
      d.paid(c, r.amountMsat)
      return { preimage: r.preimage, fees_paid: r.fees_paid }
    }
    case 'make_invoice':
      return makeInvoice(d, c, params)
    case 'lookup_invoice':
      return lookupInvoice(d, c, params)
    case 'get_balance':
      return getBalance(d, c)
    case 'get_info':
      return getInfo(d, c)
    case 'list_transactions':
      return listTransactions(d, c, params)
  }
}
