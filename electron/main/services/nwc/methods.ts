// The methods besides pay_invoice: balance and invoices from the service (through the account's
// client, as the app's own screens), transactions and invoice look-ups from the ledger.
import type { PendingInvoice } from '@shared/contract'
import { decodeBolt11 } from '@shared/payment/bolt11'
import type { CallPolicy } from '../accounts'
import type { BackendClient } from '../backends'
import { mt } from '../i18n'
import type { Ledger, LedgerTx } from '../ledger'
import { pendingInvoiceView, walletView } from '../views'
import type { Connection } from './store'
import { ENCRYPTIONS, NOTIFICATIONS, NwcError, servedMethods } from './types'

export interface MethodDeps {
  clientFor(accountId: string, policy: CallPolicy): BackendClient
  ledger(): Pick<Ledger, 'invoices' | 'page' | 'byLnTxId' | 'noteZap'>
  serviceNowSec(accountId: string): number
  /** hands a new invoice to the sync loop, which watches it and tells its payment */
  watch?(inv: PendingInvoice): Promise<void>
  /** NIP-47's `metadata` of the invoices apps made, by payment hash (nwc.sqlite) */
  metadata?: {
    keep(paymentHash: string, json: string, connectionId: string): void
    of(paymentHash: string): string | null
  }
}

/** the most metadata kept for one invoice (NIP-47 asks wallets to cap it; Alby Hub keeps 4 KB) */
export const METADATA_MAX = 4096

function metadataParam(p: Params): string | undefined {
  const m = p.metadata
  if (m === undefined) return undefined
  const json = typeof m === 'object' && m !== null && !Array.isArray(m) ? JSON.stringify(m) : null
  if (json === null || json.length > METADATA_MAX) throw new NwcError('OTHER', mt('nwc.badMetadata'))
  return json
}

/** a transaction with the metadata its invoice was made with, where there is some */
export function withMetadata<T extends { payment_hash?: string }>(d: Pick<MethodDeps, 'metadata'>, tx: T) {
  const json = tx.payment_hash ? d.metadata?.of(tx.payment_hash) : null
  return json ? { ...tx, metadata: JSON.parse(json) as Record<string, unknown> } : tx
}

type Params = Record<string, unknown>
const num = (v: unknown, max: number): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : undefined

export async function getBalance(d: MethodDeps, c: Connection) {
  const w = await d.clientFor(c.accountId, 'retry').getWallet(c.walletId)
  return { balance: walletView(w).balanceMsat }
}

/**
 * No node of its own to name: `pubkey`, `block_height` and `block_hash` are left out rather than
 * sent empty (a strict client refuses "" as a public key). The network is the one the account's
 * invoices are on (their prefix), left out until the app has seen one (docs/nwc.md).
 */
export function getInfo(d: Pick<MethodDeps, 'ledger'>, c: Connection) {
  const network = networkOf(d, c.accountId)
  return {
    alias: 'Lightning Tray',
    color: '#f7931a',
    ...(network ? { network } : {}),
    methods: servedMethods(c.methods),
    notifications: [...NOTIFICATIONS],
    // not in NIP-47's get_info, but as in the info event: snstr's client reads an answer without
    // it as NIP-04 only and falls back to NIP-04
    encryption: [...ENCRYPTIONS],
  }
}

/** NIP-47 names four networks; the newest invoice of the account tells which one it is on. */
function networkOf(d: Pick<MethodDeps, 'ledger'>, accountId: string): string | undefined {
  const newest = d
    .ledger()
    .invoices({ accountId })
    .sort((a, b) => b.createdAt - a.createdAt)[0]
  const decoded = newest ? decodeBolt11(newest.paymentRequest) : null
  if (!decoded || decoded.kind === 'invalid') return undefined
  return ['mainnet', 'testnet', 'signet', 'regtest'].includes(decoded.network) ? decoded.network : undefined
}

export async function makeInvoice(d: MethodDeps, c: Connection, p: Params) {
  const amount = num(p.amount, 2 ** 52)
  if (!amount || amount % 1000 !== 0) throw new NwcError('OTHER', mt('nwc.wholeSats'))
  const memo = typeof p.description === 'string' ? p.description.slice(0, 639) : ''
  const expiry = num(p.expiry, 31_536_000)
  const hash = p.description_hash
  if (hash !== undefined && (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)))
    throw new NwcError('OTHER', mt('nwc.badDescriptionHash'))
  const metadata = metadataParam(p)
  const made = await d.clientFor(c.accountId, 'once').createInvoice(c.walletId, {
    amountMsat: amount,
    memo,
    ...(expiry && expiry >= 60 ? { expirySec: expiry } : {}),
    ...(typeof hash === 'string' ? { descriptionHash: hash.toLowerCase() } : {}),
  })
  const nowSec = d.serviceNowSec(c.accountId)
  const inv = pendingInvoiceView(made, { walletId: c.walletId, accountId: c.accountId, memo, nowSec })
  if (metadata) d.metadata?.keep(inv.paymentHash, metadata, c.id)
  await d.watch?.(inv).catch(() => {})
  return withMetadata(d, invoiceTx(inv))
}

export async function lookupInvoice(d: MethodDeps, c: Connection, p: Params) {
  const hash = typeof p.payment_hash === 'string' ? p.payment_hash : undefined
  const text = typeof p.invoice === 'string' ? p.invoice.toLowerCase() : undefined
  if (!hash && !text) throw new NwcError('OTHER', mt('nwc.hashOrInvoice'))
  const inv = d
    .ledger()
    .invoices({ accountId: c.accountId })
    .find((i) => i.walletId === c.walletId && (i.paymentHash === hash || i.paymentRequest.toLowerCase() === text))
  if (inv) return withMetadata(d, invoiceTx(inv, inv.status === 'paid' ? await preimageOf(d, c, inv) : undefined))
  const row = walletRows(d, c, { limit: 500 }).find((r) => hash && r.paymentHash === hash)
  if (row) return withMetadata(d, rowTx(row))
  throw new NwcError('NOT_FOUND', mt('nwc.noSuchInvoice'))
}

export function listTransactions(d: MethodDeps, c: Connection, p: Params) {
  const type = p.type === 'incoming' ? 'received' : p.type === 'outgoing' ? 'sent' : 'all'
  const rows = walletRows(d, c, {
    limit: Math.min(num(p.limit, 500) ?? 50, 500),
    offset: num(p.offset, 1_000_000),
    from: num(p.from, 2 ** 40),
    to: num(p.until, 2 ** 40),
    direction: type,
  })
  return { transactions: rows.map((r) => withMetadata(d, rowTx(r))) }
}

function walletRows(
  d: MethodDeps,
  c: Connection,
  q: { limit: number; offset?: number; from?: number; to?: number; direction?: 'sent' | 'received' | 'all' },
): LedgerTx[] {
  const to = q.to === undefined ? undefined : q.to + 1
  const query = { accountId: c.accountId, walletId: c.walletId, ...q, to }
  return d.ledger().page(JSON.parse(JSON.stringify(query))).items
}

/** NIP-47's states; a refused claim's invoice is `failed`: nobody is to pay it. */
const NWC_STATE = { paid: 'settled', expired: 'expired', refused: 'failed', pending: 'pending' } as const

/** A paid invoice's preimage: from its row in the ledger, else from the service (NIP-47 gives it once paid). */
async function preimageOf(d: MethodDeps, c: Connection, inv: PendingInvoice): Promise<string | undefined> {
  const stored = d.ledger().byLnTxId(c.accountId, inv.id)?.preimage
  if (stored) return stored
  const read = await d.clientFor(c.accountId, 'retry').getInvoice(inv.id)
  const preimage = read.preimage ?? ''
  return read.settled && /^[0-9a-f]{64}$/.test(preimage) ? preimage : undefined
}

/** `field: value` when there is a value: NIP-47 leaves a field out rather than send it empty. */
const some = <K extends string>(key: K, v: string | null | undefined) =>
  (v ? { [key]: v } : {}) as Partial<Record<K, string>>

function invoiceTx(i: PendingInvoice, preimage?: string) {
  return {
    type: 'incoming',
    state: NWC_STATE[i.status],
    invoice: i.paymentRequest,
    description: i.memo,
    payment_hash: i.paymentHash,
    ...some('preimage', preimage),
    amount: i.amountSat * 1000,
    fees_paid: 0,
    created_at: i.createdAt,
    expires_at: i.expiresAt,
    settled_at: i.settledAt ?? undefined,
  }
}

export function rowTx(r: LedgerTx) {
  return {
    type: r.amountMsat < 0 ? 'outgoing' : 'incoming',
    state: 'settled',
    ...some('description', r.memo),
    ...some('payment_hash', r.paymentHash),
    ...some('preimage', r.preimage),
    amount: Math.abs(r.amountMsat),
    fees_paid: Math.abs(r.feeMsat),
    created_at: r.createdAt,
    settled_at: r.createdAt,
  }
}
