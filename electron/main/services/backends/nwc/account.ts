// An NWC account: this app as a NIP-47 client of a wallet service that gave a connection string.
// Reuses the wallet side's relay link and encryption. A request waits for the answer that names
// it (an `e` tag), signed by the wallet's key, for a bounded time; anything else is ignored.
// pay_invoice that gets no answer is unknown_outcome, never a failure, never sent again.
import { AppError } from '@shared/errors'
import type { NwcUri } from '@shared/nwc/uri'
import { type Event, finalizeEvent, getPublicKey, verifyEvent } from 'nostr-tools'
import { hexToBytes } from 'nostr-tools/utils'
import type { z } from 'zod'
import { mt } from '../../i18n'
import { decryptFrom, encryptFor } from '../../nwc/crypto'
import { openRelay, type RelayLink } from '../../nwc/relay'
import {
  type Encryption,
  KIND_INFO,
  KIND_NOTIFY_NIP04,
  KIND_NOTIFY_NIP44,
  KIND_REQUEST,
  KIND_RESPONSE,
} from '../../nwc/types'
import {
  Balance,
  Body,
  Info,
  Notification,
  nwcError,
  Paid,
  ResponseEvent,
  readTxPage,
  Tx,
  TxList,
  type TxPage,
} from './answers'

export interface NwcAccountDeps {
  uri: NwcUri
  timeoutMs?: number
  /** how long to wait for the wallet's info event before assuming NIP-04 */
  infoWaitMs?: number
  backoffMinMs?: number
  log?: (message: string, fields?: Record<string, unknown>) => void
  /**
   * The wallet pushed payment_received or payment_sent (23197 NIP-44, 23196 NIP-04). Only the
   * type is handed on: the caller syncs the account, which reads the row by the usual path.
   */
  onNotification?: (type: 'payment_received' | 'payment_sent') => void
  /** the wallet's info event read: whether it names payment_received among its notifications */
  onInfo?: (info: { pushesReceived: boolean }) => void
  /** the wallet answered with `createdAt` (its clock, seconds) between `sentAt` and `receivedAt` (ms) */
  onClock?: (createdAt: number, sentAt: number, receivedAt: number) => void
}

const DEFAULT_TIMEOUT_MS = 30_000

type ListParams = { from?: number; until?: number; limit?: number; offset?: number; type?: string }

export function openNwcAccount(d: NwcAccountDeps) {
  const secret = hexToBytes(d.uri.secret)
  const me = getPublicKey(secret)
  const wallet = d.uri.walletPubkey
  const waiting = new Map<string, (e: Event) => void>()
  let enc: Encryption | null = null
  let infoSeen: (() => void) | null = null
  const infoArrived = new Promise<void>((r) => {
    infoSeen = r
  })

  const onEvent = (raw: unknown) => {
    const p = ResponseEvent.safeParse(raw)
    if (p.success) {
      const e = p.data as Event
      const to = e.tags.find((t) => t[0] === 'e')?.[1]
      const done = to ? waiting.get(to) : undefined
      if (done && e.pubkey === wallet && verifyEvent(e)) done(e)
      return
    }
    const info = raw as Event
    if (info?.kind === KIND_NOTIFY_NIP44 || info?.kind === KIND_NOTIFY_NIP04) return notified(info)
    if (info?.kind === KIND_INFO && info.pubkey === wallet && verifyEvent(info)) {
      const words = info.tags.find((t) => t[0] === 'encryption')?.[1]?.split(' ') ?? []
      enc = words.includes('nip44_v2') ? 'nip44_v2' : 'nip04'
      const told = info.tags.find((t) => t[0] === 'notifications')?.[1]?.split(' ') ?? []
      d.onInfo?.({ pushesReceived: told.includes('payment_received') })
      infoSeen?.()
    }
  }
  const notified = (e: Event) => {
    if (!d.onNotification || e.pubkey !== wallet || typeof e.content !== 'string') return
    if (e.content.length > 96 * 1024 || !verifyEvent(e)) return
    try {
      const how: Encryption = e.kind === KIND_NOTIFY_NIP44 ? 'nip44_v2' : 'nip04'
      const type = Notification.parse(JSON.parse(decryptFrom(how, secret, wallet, e.content))).notification_type
      d.onNotification(type)
    } catch {
      // unreadable: ignored; the next sync finds the payment anyway
    }
  }
  const since = () => Math.floor(Date.now() / 1000) - 60
  // per relay: the answers to our requests (the link requests are published on), the wallet's
  // info event, and its pushed notifications
  const answers = d.uri.relays.map((url) =>
    openRelay({
      url,
      filter: () => ({ kinds: [KIND_RESPONSE], authors: [wallet], '#p': [me], since: since() }),
      onEvent,
      log: d.log,
      backoffMinMs: d.backoffMinMs,
    }),
  )
  const others: RelayLink[] = d.uri.relays.flatMap((url) => [
    openRelay({ url, filter: () => ({ kinds: [KIND_INFO], authors: [wallet] }), onEvent, log: d.log }),
    openRelay({
      url,
      filter: () => ({ kinds: [KIND_NOTIFY_NIP44, KIND_NOTIFY_NIP04], authors: [wallet], '#p': [me], since: since() }),
      onEvent,
      log: d.log,
      backoffMinMs: d.backoffMinMs,
    }),
  ])

  async function encryption(): Promise<Encryption> {
    if (!enc) {
      let timer: NodeJS.Timeout | undefined
      const waited = new Promise<void>((r) => {
        timer = setTimeout(r, d.infoWaitMs ?? 5_000)
      })
      await Promise.race([infoArrived, waited])
      clearTimeout(timer)
    }
    return enc ?? 'nip04'
  }

  /** resolves the answer's result, or throws; `lost` is what an unanswered request means */
  async function request<T>(method: string, params: object, schema: z.ZodType<T>): Promise<T> {
    const how = await encryption()
    const event = finalizeEvent(
      {
        kind: KIND_REQUEST,
        created_at: Math.floor(Date.now() / 1000),
        tags: [
          ['p', wallet],
          ['encryption', how],
        ],
        content: encryptFor(how, secret, wallet, JSON.stringify({ method, params })),
      },
      secret,
    )
    const pay = method === 'pay_invoice'
    const lost = () =>
      pay
        ? new AppError('unknown_outcome', mt('nwcAccount.noPayAnswer'))
        : new AppError('timeout', mt('nwcAccount.noAnswer'))
    let timer: NodeJS.Timeout | undefined
    const answer = new Promise<Event | null>((resolve) => {
      timer = setTimeout(() => resolve(null), d.timeoutMs ?? DEFAULT_TIMEOUT_MS)
      waiting.set(event.id, resolve)
    })
    const sentAt = Date.now()
    const sent = await Promise.all(answers.map((l) => l.publish(event)))
    // no relay took it: nothing can have been paid
    if (!sent.some(Boolean) && !pay) {
      clearTimeout(timer)
      waiting.delete(event.id)
      throw new AppError('network', mt('nwcAccount.noRelay'))
    }
    const e = await answer
    clearTimeout(timer)
    waiting.delete(event.id)
    if (!e) throw lost()
    d.onClock?.(e.created_at, sentAt, Date.now())
    let body: z.infer<typeof Body>
    try {
      body = Body.parse(JSON.parse(decryptFrom(how, secret, wallet, e.content)))
    } catch {
      throw pay ? lost() : new AppError('service_error', mt('nwcAccount.unreadable'))
    }
    if (body.error) throw nwcError(body.error, method, d.uri.secret)
    const r = schema.safeParse(body.result)
    if (!r.success) throw pay ? lost() : new AppError('service_error', mt('nwcAccount.unreadable'))
    return r.data
  }

  let unreadableRows = 0
  /** A row that does not read is skipped, logged and counted; the rest of its page is kept. */
  function rowsRead(p: ListParams, list: { transactions: unknown[] }): TxPage {
    const page = readTxPage(list.transactions)
    for (const u of page.unreadable) {
      unreadableRows++
      // where it was and which fields failed, never the values: the person can find it in the wallet
      d.log?.('nwc account: unreadable row skipped', {
        ...{ offset: (p.offset ?? 0) + u.at, why: u.why, paymentHash: u.paymentHash },
        skippedSoFar: unreadableRows,
      })
    }
    return page
  }

  return {
    getInfo: () => request('get_info', {}, Info),
    getBalance: () => request('get_balance', {}, Balance),
    makeInvoice: (p: { amount: number; description?: string; expiry?: number }) => request('make_invoice', p, Tx),
    lookupInvoice: (p: { payment_hash?: string; invoice?: string }) => request('lookup_invoice', p, Tx),
    listTransactions: async (p: ListParams) => rowsRead(p, await request('list_transactions', p, TxList)),
    /** rows of history the wallet listed that could not be read, since this link opened */
    unreadableRows: () => unreadableRows,
    payInvoice: (p: { invoice: string; amount?: number }) => request('pay_invoice', p, Paid),
    close() {
      for (const l of [...answers, ...others]) l.close()
    },
  }
}
export type NwcAccount = ReturnType<typeof openNwcAccount>
