// One request the relays' worker let through its gate (gate.ts), from there to its answer: matched
// to its connection by the wallet key it names, a stranger told UNAUTHORIZED, the app's refused
// when seen before (on disk, so also across a restart), then checked (revoked, expired, paused,
// method allowed) and served. The answer is sealed and published by the worker.
import { mt } from '../i18n'
import { getBudget } from './budgetAnswer'
import { commandOf } from './command'
import type { Answer } from './events'
import type { Heard } from './gate'
import { getBalance, getInfo, listTransactions, lookupInvoice, type MethodDeps, makeInvoice } from './methods'
import { OutcomeUnknown, type PayDeps, payInvoice } from './pay'
import type { AnswerTo } from './relayJob'
import type { SeenIds } from './seen'
import type { Connection, NwcStore } from './store'
import { NwcError, type Served, servedMethods } from './types'

export interface HandleDeps extends MethodDeps, Omit<PayDeps, 'store'> {
  store: () => NwcStore
  nowSec(): number
  /** whether a connection is served (its key read from the keychain) */
  serving(connectionId: string): boolean
  /** why requests are not served now (paused, or locked), or null */
  pausedBecause(): string | null
  answer(relay: string, walletPubkey: string, to: AnswerTo, answer: Answer): Promise<boolean>
  /** a payment went out through a connection: the OS notification, the page's update */
  paid(c: Connection, amountMsat: number): void
  /** the event ids served (seen.ts) */
  seen: Pick<SeenIds, 'first' | 'flush'>
  log?: (message: string, fields?: Record<string, unknown>) => void
}

/** `signed`: the worker's signature check, when the request was handed on before it (gate.ts, 7) */
export type HeardHere = Heard & { relay: string; signed?: Promise<boolean> }

export async function handleRequest(d: HandleDeps, h: HeardHere): Promise<void> {
  const c = d.store().byWalletPubkey(h.walletPubkey)
  if (!c || !d.serving(c.id)) return d.log?.('nwc request dropped', { why: 'no such connection' })
  // answered on the relays' worker (docs/nwc.md, "Speed"): kept as seen, its encryption learnt
  if (h.answered && h.pubkey === c.clientPubkey) return once(d, c, h, false, async () => null, answerNone)
  const answer = (a: Answer) => d.answer(h.relay, c.walletPubkey, { pubkey: h.pubkey, id: h.id, enc: h.enc }, a)
  // a bad signature is counted by the worker, which checked it; nothing here is kept or answered
  const signed = h.signed ?? Promise.resolve(true)
  // another key than the app's (a few a minute get this far, each event once): told it has no
  // connection, nothing of it read
  if (h.text === undefined || h.pubkey !== c.clientPubkey) {
    if (await signed)
      await answer({ method: 'unknown', error: { code: 'UNAUTHORIZED', message: mt('nwc.noConnectionForKey') } })
    return
  }
  const cmd = commandOf(h.text)
  const served = () =>
    'answer' in cmd
      ? Promise.resolve<Answer>({ method: cmd.answer.method, error: cmd.answer })
      : serve(d, c, cmd.method, cmd.params, h.id)
  // what makes something waits for the signature check; a read starts while the worker checks
  // (docs/nwc.md, "Speed"), and is kept as seen and answered only once the check passed
  if ('method' in cmd && MAKES.has(cmd.method)) return (await signed) ? once(d, c, h, true, served, answer) : undefined
  const reading = served()
  reading.catch(() => {}) // awaited below, or not at all when the check failed or it was seen
  return (await signed) ? once(d, c, h, false, () => reading, answer) : undefined
}

/**
 * Replays and relays' duplicates: each event id is served once, kept past the age limit; on disk
 * before it is served when it makes something (`makes`), after its answer is handed on when it
 * reads (seen.ts).
 */
async function once(
  d: HandleDeps,
  c: Connection,
  h: HeardHere,
  makes: boolean,
  served: () => Promise<Answer | null>,
  answer: (a: Answer) => Promise<boolean>,
): Promise<void> {
  if (!d.seen.first(h.id, makes)) return d.log?.('nwc request dropped', { why: 'seen' })
  // its notifications follow the encryption its requests use (docs/nwc.md, "Notifications")
  if (c.encryption !== h.enc) d.store().setEncryption(c.id, h.enc)
  try {
    const result = await served()
    const sent = result ? answer(result) : Promise.resolve(false)
    d.seen.flush()
    await sent
  } catch (err) {
    d.seen.flush()
    throw err
  }
}

const answerNone = async () => false

/** the methods whose request is kept as seen before it is served */
const MAKES: ReadonlySet<Served> = new Set(['pay_invoice', 'make_invoice'])

async function serve(
  d: HandleDeps,
  c: Connection,
  method: Served,
  params: Record<string, unknown>,
  eventId: string,
): Promise<Answer | null> {
  const fail = (code: NwcError['code'], message: string): Answer => ({ method, error: { code, message } })
  const now = d.nowSec()
  if (c.revokedAt !== null) return fail('UNAUTHORIZED', mt('nwc.revoked'))
  if (c.expiresAt !== null && c.expiresAt <= now) return fail('UNAUTHORIZED', mt('nwc.expired'))
  const paused = d.pausedBecause()
  if (paused) return fail('RESTRICTED', paused)
  if (!servedMethods(c.methods).includes(method)) return fail('RESTRICTED', mt('nwc.methodNotAllowed', { method }))
  try {
    return { method, result: await run(d, c, method, params, eventId) }
  } catch (err) {
    if (err instanceof OutcomeUnknown) return null
    if (err instanceof NwcError) return fail(err.code, err.message)
    d.log?.('nwc method failed', { method, error: err })
    return fail('INTERNAL', mt('nwc.internal'))
  }
}

async function run(d: HandleDeps, c: Connection, method: Served, params: Record<string, unknown>, eventId: string) {
  switch (method) {
    case 'pay_invoice': {
      const r = await payInvoice({ ...d, store: d.store() }, c, params, eventId, d.nowSec())
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
    case 'get_budget':
      return getBudget(d.store(), c, d.nowSec())
  }
}
