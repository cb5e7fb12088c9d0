// The `huge` seed: a shop's year of traffic, any number of wallet transactions over three
// wallets (Shop, Everyday, Savings): orders paid by invoice, tips through the static link with
// comments, supplier invoices and lightning-address payments with their routing fees, sweeps
// between the wallets, withdraw links, service fees. Made in bulk into typed arrays (about 20
// bytes a row, a million rows in well under a second) and turned into the service's JSON only
// when a page is read, so the simulator starts in seconds at any size.
//
// What is not kept per row: the rows' lnTx are not in `ledger.lntx` (GET /v1/lntx/<id> does not
// know them), and their payment requests are one signed request per direction (signing a
// million BOLT 11 requests would take half an hour; the app reads no payment request from a
// history row). Rows made after the seed (payments through the API) are ordinary rows, newer
// than every archived one. The archive is not saved to a data file.
import { createHash } from 'node:crypto'
import { COMMENTS, ITEMS, PAYEES, SUPPLIERS, SWEEPS } from './hugeWords'
import {
  type Account,
  type Ledger,
  type LnTxRec,
  routingFeeMsat,
  type WalletRec,
  type WtxRec,
  type WtxTypeName,
} from './state'
import { lnTxView, wtxView } from './views'

const DAY = 86_400
// row kinds, in the order of TYPES
const DEPOSIT = 0
const LINK_IN = 1
const WITHDRAWAL = 2
const ADDRESS = 3
const TRANSFER_OUT = 4
const TRANSFER_IN = 5
const LNURL_WITHDRAW = 6
const FEE = 7
const SERVICE_FEE = 8
const TYPES: WtxTypeName[] = [
  'ln_deposit',
  'ln_lnurl_pay_inbound',
  'ln_withdrawal',
  'ln_lnurl_pay_outbound',
  'ln_transfer_out',
  'ln_transfer_in',
  'ln_lnurl_withdraw',
  'network_fee',
  'service_fee',
]

export interface Archive {
  readonly size: number
  /** rows of `walletId`, oldest first */
  walletRows(walletId: string): Int32Array
  /** the service's JSON of row `i` (a wallet transaction with its lnTx) */
  view(i: number): unknown
}

const archives = new WeakMap<Ledger, Archive>()

/** the huge seed's archived rows, if this ledger has them */
export function archiveOf(ledger: Ledger): Archive | undefined {
  return archives.get(ledger)
}

/** at most this many rows, so the typed arrays stay small */
export const HUGE_TX_MAX = 5_000_000

export function seedHuge(ledger: Ledger, rand: () => number, tx: number): { account: Account; wallets: WalletRec[] } {
  if (!Number.isSafeInteger(tx) || tx < 10 || tx > HUGE_TX_MAX) throw new Error(`--tx must be 10 to ${HUGE_TX_MAX}`)
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const end = ledger.now()
  const start = end - 365 * DAY
  const account = ledger.at(start - DAY, () => ledger.createAccount())
  const wallets = ledger.at(start - DAY, () => [
    ledger.createWallet(account.id, 'Shop'),
    ledger.createWallet(account.id, 'Everyday'),
    ledger.createWallet(account.id, 'Savings'),
  ])
  const n = tx
  const at = new Uint32Array(n)
  const msat = new Float64Array(n)
  const kind = new Uint8Array(n)
  const wallet = new Uint8Array(n)
  /** a fee's or transfer-in's row: the row it belongs to; else a number the texts are drawn from */
  const ref = new Int32Array(n)
  const balance = [0, 0, 0]
  let rows = 0
  const add = (t: number, k: number, w: number, amount: number, r: number) => {
    at[rows] = t
    kind[rows] = k
    wallet[rows] = w
    msat[rows] = amount
    ref[rows] = r
    balance[w] = (balance[w] ?? 0) + amount
    rows++
    return rows - 1
  }
  // about 1.25 rows an event (fees and the other side of a transfer)
  const step = (365 * DAY) / (n / 1.25)
  for (let e = 0; rows < n; e++) {
    const t = Math.min(end, Math.floor(start + e * step))
    const roll = rand()
    const r = int(0, 2 ** 31 - 1)
    const out = int(1_000, 40_000) * 1000
    const from = roll < 0.8 ? 1 : 0
    const canPay = (balance[from] ?? 0) >= out + routingFeeMsat(out)
    if (roll < 0.45 || (roll >= 0.65 && roll < 0.9 && !canPay)) add(t, DEPOSIT, 0, int(500, 60_000) * 1000, r)
    else if (roll < 0.65) add(t, LINK_IN, 0, int(100, 20_000) * 1000, r)
    else if (roll < 0.9) {
      const pay = add(t, roll < 0.77 ? WITHDRAWAL : roll < 0.85 ? ADDRESS : LNURL_WITHDRAW, from, -out, r)
      if (rows < n) add(t, FEE, from, -routingFeeMsat(out), pay)
    } else if (roll < 0.99) {
      const amt = int(20_000, 400_000) * 1000
      const to = r % 2 === 0 ? 2 : 1
      if ((balance[0] ?? 0) < amt) add(t, DEPOSIT, 0, int(500, 60_000) * 1000, r)
      else {
        const o = add(t, TRANSFER_OUT, 0, -amt, r)
        if (rows < n) add(t, TRANSFER_IN, to, amt, o)
      }
    } else if ((balance[0] ?? 0) >= 5_000_000) add(t, SERVICE_FEE, 0, -5_000_000, r)
    else add(t, DEPOSIT, 0, int(500, 60_000) * 1000, r)
  }
  wallets.forEach((w, i) => {
    w.balanceMsat += balance[i] ?? 0
    w.updatedAt = end
  })
  const perWallet = wallets.map((_, w) => {
    let count = 0
    for (let i = 0; i < n; i++) if (wallet[i] === w) count++
    const list = new Int32Array(count)
    let j = 0
    for (let i = 0; i < n; i++) if (wallet[i] === w) list[j++] = i
    return list
  })
  const signed = {
    in: ledger.paymentRequest(template(wallets[0] as WalletRec, 'in', start)),
    out: ledger.paymentRequest(template(wallets[1] as WalletRec, 'out', start)),
  }
  const salt = ledger.hex(8)
  const id = (prefix: string, i: number) => `${prefix}_${hash(`${salt}:${prefix}:${i}`).slice(0, 20)}`

  const rowText = (i: number) => {
    const r = ref[i] ?? 0
    const k = kind[i] ?? 0
    const order = 10_000 + (r % 900_000)
    if (k === DEPOSIT) return { memo: `Order #${order} ${ITEMS[r % ITEMS.length]}`, comment: '' }
    if (k === LINK_IN) return { memo: '', comment: COMMENTS[r % COMMENTS.length] ?? '' }
    if (k === WITHDRAWAL) return { memo: `${SUPPLIERS[r % SUPPLIERS.length]} invoice ${order}`, comment: '' }
    if (k === ADDRESS) return { memo: '', comment: r % 3 === 0 ? '' : (COMMENTS[(r >> 3) % COMMENTS.length] ?? '') }
    return { memo: '', comment: '' }
  }

  const lnTxOf = (pay: number): LnTxRec => {
    const k = kind[pay] ?? 0
    const inbound = (msat[pay] ?? 0) > 0
    const preimage = hash(`${salt}:preimage:${pay}`)
    const text = rowText(pay)
    const amount = Math.abs(msat[pay] ?? 0)
    return {
      id: id('lntx', pay),
      walletId: (wallets[wallet[pay] ?? 0] as WalletRec).id,
      createdAt: at[pay] ?? 0,
      amountMsat: amount,
      memo: k === LINK_IN ? text.comment || 'LNURL PAY' : text.memo || null,
      descriptionHash: null,
      paymentHash: createHash('sha256').update(Buffer.from(preimage, 'hex')).digest('hex'),
      preimage,
      paymentSecret: hash(`${salt}:secret:${pay}`),
      expiry: 86_400,
      settledAt: at[pay] ?? 0,
      feeMsat: k === DEPOSIT || k === LINK_IN ? 0 : routingFeeMsat(amount),
      direction: inbound ? 'in' : 'out',
      signer: inbound ? 'sim' : 'payee',
      pr: inbound ? signed.in : signed.out,
      passThru: {},
    }
  }

  const recOf = (i: number): { wtx: WtxRec; ln: LnTxRec | null } => {
    const k = kind[i] ?? 0
    const w = wallets[wallet[i] ?? 0] as WalletRec
    const r = ref[i] ?? 0
    const text = rowText(i)
    let passThru: Record<string, unknown> = {}
    let label: string | null = null
    let ln: LnTxRec | null = null
    if (k === FEE) {
      ln = lnTxOf(r)
      passThru = { source_transaction: id('wtx', r) }
    } else if (k === TRANSFER_OUT || k === TRANSFER_IN) {
      const out = k === TRANSFER_OUT ? i : r
      const dest = wallets[wallet[out + 1] ?? 2] as WalletRec
      passThru = { source_wallet_id: (wallets[0] as WalletRec).id, dest_wallet_id: dest.id }
      label = SWEEPS[dest === wallets[2] ? 0 : 1] ?? null
    } else if (k === SERVICE_FEE) label = 'Service fee'
    else {
      ln = lnTxOf(i)
      if (k === LINK_IN) {
        passThru = { wallet_lnurlpay_id: w.lnurlpayId, amount: String(msat[i]) }
        if (text.comment) passThru.comment = text.comment
      } else if (k === ADDRESS) {
        passThru = { method: 'lnurlp', ln_address: PAYEES[r % PAYEES.length] }
        if (text.comment) passThru.comment = text.comment
      } else if (k === LNURL_WITHDRAW) passThru = { method: 'lnurl', ott: id('ott', i).slice(4) }
      else if (k === WITHDRAWAL) passThru = { outgoingChannelId: String(800_000 + (r % 1000)) }
      ln.passThru = k === LINK_IN ? passThru : {}
    }
    const wtx: WtxRec = {
      id: id('wtx', i),
      walletId: w.id,
      createdAt: at[i] ?? 0,
      amountMsat: msat[i] ?? 0,
      type: TYPES[k] as WtxTypeName,
      lnTxId: ln?.id ?? null,
      passThru,
      label,
    }
    return { wtx, ln }
  }

  const byWallet = new Map(wallets.map((w, i) => [w.id, perWallet[i] as Int32Array]))
  archives.set(ledger, {
    size: n,
    walletRows: (walletId) => byWallet.get(walletId) ?? new Int32Array(0),
    view(i) {
      const { wtx, ln } = recOf(i)
      const v = wtxView(ledger, wtx)
      return { ...v, lnTx: ln ? lnTxView(ledger, ln) : null }
    },
  })
  return { account, wallets }
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex')
}

/** the request every archived row of one direction shows (signed once) */
function template(w: WalletRec, direction: 'in' | 'out', at: number): LnTxRec {
  return {
    id: 'lntx_archive',
    walletId: w.id,
    createdAt: at,
    amountMsat: null,
    memo: 'Archived payment',
    descriptionHash: null,
    paymentHash: hash(`archive:${direction}`),
    preimage: null,
    paymentSecret: hash(`archive:secret:${direction}`),
    expiry: 86_400,
    settledAt: null,
    feeMsat: 0,
    direction,
    signer: direction === 'in' ? 'sim' : 'payee',
    pr: null,
    passThru: {},
  }
}
