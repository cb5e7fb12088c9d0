// Seeds: `empty` (one wallet, nothing in it), `demo` (three wallets, five months of mixed
// history), `large` (over 10,000 transactions in one wallet) and `huge` (any number, a shop's
// year over three wallets, made in bulk: huge.ts). Deterministic: a seeded PRNG
// draws every key, id and amount, so the same seed always prints the same keys.
import { seedHuge } from './huge'
import { type Account, type Ledger, routingFeeMsat, type WalletRec } from './state'

export type SeedName = 'demo' | 'empty' | 'large' | 'huge'
export const SEED_NAMES: readonly SeedName[] = ['demo', 'empty', 'large', 'huge']
/** the huge seed's size unless told */
export const HUGE_TX_DEFAULT = 100_000

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function prngBytes(next: () => number): (n: number) => Uint8Array {
  return (n) => {
    const out = new Uint8Array(n)
    for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256)
    return out
  }
}

const SEED_NUMBERS: Record<SeedName, number> = { empty: 1, demo: 2, large: 3, huge: 4 }
const DAY = 86_400

export function applySeed(
  ledger: Ledger,
  name: SeedName,
  opts: { tx?: number } = {},
): { account: Account; wallets: WalletRec[] } {
  const rand = prng(SEED_NUMBERS[name])
  const liveRandom = ledger.random
  ledger.random = prngBytes(rand)
  try {
    if (name === 'empty') return seedEmpty(ledger)
    if (name === 'demo') return seedDemo(ledger, rand)
    if (name === 'huge') return seedHuge(ledger, rand, opts.tx ?? HUGE_TX_DEFAULT)
    return seedLarge(ledger, rand)
  } finally {
    ledger.random = liveRandom
  }
}

function seedEmpty(ledger: Ledger) {
  const account = ledger.createAccount()
  return { account, wallets: [ledger.createWallet(account.id, 'Wallet')] }
}

const MEMOS = [
  'Coffee',
  'Lunch with Sam',
  'Podcast boost',
  'Refund',
  'Sticker pack',
  'Book',
  'Donation',
  'Invoice #1042',
  'Groceries',
  'Tip',
]
const COMMENTS = ['thanks!', 'great work', '', 'for the coffee', '']

function seedDemo(ledger: Ledger, rand: () => number) {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T
  const end = ledger.now()
  const start = end - 150 * DAY
  const account = ledger.at(start - DAY, () => ledger.createAccount())
  const wallets = ledger.at(start - DAY, () => [
    ledger.createWallet(account.id, 'Everyday'),
    ledger.createWallet(account.id, 'Savings'),
    ledger.createWallet(account.id, 'Side shop'),
  ])
  const [everyday, savings, shop] = wallets as [WalletRec, WalletRec, WalletRec]
  ledger.at(start, () => {
    ledger.payInbound(everyday.id, 250_000, 'Opening balance')
    ledger.payInbound(savings.id, 1_000_000, 'Opening balance')
    ledger.payInbound(shop.id, 40_000, 'Opening balance')
  })
  const canSpend = (w: WalletRec, msat: number) => w.balanceMsat >= msat + routingFeeMsat(msat)
  for (let day = 0; day < 150; day++) {
    const times = Array.from({ length: int(0, 3) }, () => start + day * DAY + int(0, DAY - 1)).sort((a, b) => a - b)
    for (const at of times) {
      const roll = rand()
      ledger.at(at, () => {
        if (roll < 0.25) ledger.payInbound(pick(wallets).id, int(500, 40_000), pick(MEMOS))
        else if (roll < 0.4) {
          // an outside payer pays the shop's static LNURL-pay link, sometimes with a comment
          const amount = int(1_000, 25_000)
          ledger.payStaticLink(shop.lnurlpayId, amount * 1000, COMMENTS[amount % COMMENTS.length] || null)
        } else if (roll < 0.6) {
          const amt = int(200, 15_000) * 1000
          if (canSpend(everyday, amt)) ledger.payOutside(everyday.id, amt, pick(MEMOS))
        } else if (roll < 0.75) {
          const r = pick([...ledger.recipients.values()])
          const amt = Math.min(r.maxSendableMsat, Math.max(r.minSendableMsat, int(1, 20_000) * 1000))
          const comment = r.commentAllowed > 0 ? pick(COMMENTS) : ''
          if (canSpend(everyday, amt)) ledger.payAddress(everyday.id, { address: r.address, amtMsat: amt, comment })
        } else if (roll < 0.85) {
          const amt = int(1_000, 10_000) * 1000
          if (canSpend(shop, amt))
            ledger.payOutside(shop.id, amt, 'LNURL withdraw', 'ln_lnurl_withdraw', { ott: ledger.token(24) })
        } else if (roll < 0.97) {
          const [from, to] = rand() < 0.5 ? [everyday, savings] : [shop, everyday]
          const amt = int(1_000, 30_000)
          if (from.balanceMsat >= amt * 1000) ledger.transfer(from.id, to.id, amt, 'Move funds')
        } else if (everyday.balanceMsat >= 5_000) ledger.chargeServiceFee(everyday.id, 5_000)
      })
    }
  }
  // Two invoices still open and one that expired unpaid: not in any transaction list.
  ledger.at(end - 600, () => ledger.createInvoice(everyday.id, { amountSat: 2_100, memo: 'Concert ticket' }))
  ledger.at(end - 60, () => ledger.createInvoice(shop.id, { amountSat: 990, memo: 'Sticker pack', expiry: 3600 }))
  ledger.at(end - 5 * DAY, () =>
    ledger.createInvoice(savings.id, { amountSat: 50_000, memo: 'Old invoice', expiry: 3600 }),
  )
  seedOutside(ledger)
  return { account, wallets }
}

/** Outside parties for the demo: vouchers of another service to claim, requests of payees to pay. */
function seedOutside(ledger: Ledger) {
  ledger.createVoucher({ maxSat: 5_000, description: 'Welcome gift: 5,000 sats' })
  ledger.createVoucher({ minSat: 100, maxSat: 2_000, description: 'Coffee voucher: claim any part' })
  ledger.createVoucher({ maxSat: 1_000, description: 'Expired voucher', expiresIn: -DAY })
  ledger.createVoucher({ maxSat: 1_000, description: 'Voucher already claimed', uses: 0 })
  ledger.createPayee({ amountSat: 2_100, memo: 'Concert ticket (outside shop)', expiry: 7 * DAY })
  ledger.createPayee({ amountSat: null, memo: 'Donation: any amount', expiry: 7 * DAY })
  ledger.createPayee({ amountSat: 500, memo: 'Parking (expired)', expired: true })
  ledger.createPayee({ amountSat: 800, memo: 'Bill already paid', paidElsewhere: true, expiry: 7 * DAY })
}

export const LARGE_TX_COUNT = 10_000

function seedLarge(ledger: Ledger, rand: () => number) {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const end = ledger.now()
  const start = end - 365 * DAY
  const account = ledger.at(start - DAY, () => ledger.createAccount())
  const archive = ledger.at(start - DAY, () => ledger.createWallet(account.id, 'Archive'))
  const spare = ledger.at(start - DAY, () => ledger.createWallet(account.id, 'Spare'))
  ledger.at(start, () => ledger.payInbound(archive.id, 5_000_000, 'Opening balance'))
  // about 1.4 rows per event (a payment out also writes its fee)
  const step = (365 * DAY) / 7_300
  let at = start
  while (ledger.walletTransactions(archive.id).length < LARGE_TX_COUNT) {
    at += step
    const t = Math.floor(at)
    const roll = rand()
    ledger.at(t, () => {
      if (roll < 0.55) ledger.payInbound(archive.id, int(100, 20_000), MEMOS[int(0, MEMOS.length - 1)])
      else if (roll < 0.95) {
        const amt = int(100, 15_000) * 1000
        if (archive.balanceMsat >= amt + routingFeeMsat(amt))
          ledger.payOutside(archive.id, amt, MEMOS[int(0, MEMOS.length - 1)] as string)
      } else if (archive.balanceMsat >= 10_000_000)
        ledger.transfer(archive.id, spare.id, int(1_000, 10_000), 'Set aside')
    })
  }
  return { account, wallets: [archive, spare] }
}
