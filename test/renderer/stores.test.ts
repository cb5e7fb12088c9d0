// Store transitions on ok and error envelopes, against a fake `window.wallet`.
import { totalBalanceMsat } from '@shared/balances'
import type { PendingInvoice, RecipientView, WalletView } from '@shared/contract'
import { DEFAULT_FIAT, DEFAULT_SETTINGS } from '@shared/contract'
import type { HistoryRow } from '@shared/history'
import { beforeEach, describe, expect, test } from 'vitest'
import { initialWalletId } from '../../renderer/src/components/WalletSelect'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { useInvoices } from '../../renderer/src/stores/invoices'
import { checkSend, useSend } from '../../renderer/src/stores/send'
import { useSettings } from '../../renderer/src/stores/settings'
import { useTransactions } from '../../renderer/src/stores/transactions'
import { useUi } from '../../renderer/src/stores/ui'
import { shownWallets, useWallets } from '../../renderer/src/stores/wallets'
import { checkWithdraw, useWithdraw } from '../../renderer/src/stores/withdraw'
import { installFakeWallet } from './fakeWallet'
import { historyRow, withdrawLink } from './fixtures'

const stores = [
  useAccounts,
  useInvoices,
  useSend,
  useSettings,
  useTransactions,
  useUi,
  useWallets,
  useWithdraw,
] as const
const initial = stores.map((s) => s.getState())
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  for (const [i, s] of stores.entries()) (s as { setState(v: unknown, replace: true): void }).setState(initial[i], true)
})

const wallet = (id: string, balanceMsat: number): WalletView => ({ id, label: id, balanceMsat, createdAt: 1 })
const tx = (txId: string, rowId = 1): HistoryRow => historyRow(rowId, { txId })
const histPage = (items: HistoryRow[], page: number, pageCount: number, total: number, next = null as unknown) => ({
  items,
  total,
  page,
  pageCount,
  limit: 2,
  next,
})

describe('wallets', () => {
  test('ok fills wallets and total; error keeps a message to show with a retry', async () => {
    fake.ok('wallets.list', { wallets: [wallet('w1', 1500)] })
    await useWallets.getState().load()
    expect(useWallets.getState()).toMatchObject({ status: 'ready', error: null })
    expect(totalBalanceMsat(useWallets.getState().wallets)).toBe(1500)
    expect(useWallets.getState().wallets.map((w) => w.id)).toEqual(['w1'])

    fake.fail('wallets.list', 'network', 'The service cannot be reached.')
    await useWallets.getState().load()
    expect(useWallets.getState().status).toBe('error')
    expect(useWallets.getState().error?.message).toBe('The service cannot be reached.')
    // what was shown stays shown
    expect(useWallets.getState().wallets).toHaveLength(1)
  })

  test('an event that arrives while a load is in flight wins over the older answer', async () => {
    const release = fake.deferred('wallets.list')
    const loading = useWallets.getState().load()
    useWallets.getState().apply({ wallets: [wallet('fresh', 9000)] })
    release({ ok: true, value: { wallets: [wallet('stale', 1)] } })
    await loading
    expect(useWallets.getState().wallets[0]?.id).toBe('fresh')
  })

  test('the requests early.js sent before the bundle ran are used once, then new ones are made', async () => {
    const w = window as unknown as { __early?: Record<string, Promise<unknown> | undefined> }
    w.__early = {
      'wallets.list': Promise.resolve({ ok: true, value: { wallets: [wallet('early', 5000)] } }),
      'accounts.list': Promise.resolve({ ok: true, value: { accounts: [], activeId: 'acct-early' } }),
    }
    await useWallets.getState().load()
    await useAccounts.getState().load()
    expect(useWallets.getState().wallets[0]?.id).toBe('early')
    expect(useAccounts.getState().activeId).toBe('acct-early')
    expect(fake.callsOf('wallets.list')).toHaveLength(0)
    expect(fake.callsOf('accounts.list')).toHaveLength(0)
    expect(w.__early['wallets.list']).toBeUndefined()
    expect(w.__early['accounts.list']).toBeUndefined()
    fake.ok('wallets.list', { wallets: [wallet('later', 1)] })
    await useWallets.getState().load()
    expect(useWallets.getState().wallets[0]?.id).toBe('later')
    expect(fake.callsOf('wallets.list')).toHaveLength(1)
  })

  test('setLocal sends the choice and shows main’s answer; a refusal comes back to show', async () => {
    useWallets.getState().apply({ wallets: [wallet('w1', 1), wallet('w2', 2)] })
    fake.ok('wallets.setLocal', {
      wallets: [{ ...wallet('w1', 1), label: 'Food', serviceLabel: 'w1' }, wallet('w2', 2)],
    })
    expect(await useWallets.getState().setLocal({ walletId: 'w1', name: 'Food', hidden: false })).toBeNull()
    expect(fake.callsOf('wallets.setLocal').map((c) => c.input)).toEqual([
      { walletId: 'w1', name: 'Food', hidden: false },
    ])
    expect(useWallets.getState().wallets[0]?.label).toBe('Food')
    fake.fail('wallets.setLocal', 'invalid_input', 'Keep at least one wallet on show.')
    const error = await useWallets.getState().setLocal({ walletId: 'w2', name: '', hidden: true })
    expect(error?.message).toBe('Keep at least one wallet on show.')
    expect(useWallets.getState().wallets[0]?.label).toBe('Food')
  })

  test('a screen starts with the wallet asked for, else the first one on show', () => {
    useWallets.getState().apply({ wallets: [{ ...wallet('w1', 1), hidden: true }, wallet('w2', 2)] })
    expect(shownWallets(useWallets.getState().wallets).map((w) => w.id)).toEqual(['w2'])
    expect(initialWalletId(undefined)).toBe('w2')
    expect(initialWalletId('w1')).toBe('w1')
  })

  test('a bridge that throws becomes an error envelope, not an endless wait', async () => {
    await useWallets.getState().load() // nothing queued: the fake rejects
    expect(useWallets.getState().status).toBe('error')
    expect(useWallets.getState().error?.retryable).toBe(true)
  })
})

/** the next page is read ahead in a task of its own, after the page shown has painted */
const readAhead = () => new Promise((r) => setTimeout(r, 1))

describe('transactions', () => {
  // the store keeps neighbours of the page on show outside its state: a reload forgets them
  beforeEach(() => useTransactions.getState().reload())

  test('a page replaces the previous one (no growth); the next page in order goes by the keyset cursor', async () => {
    useTransactions.setState({ perPage: 2 })
    fake.ok('history.page', histPage([tx('a', 9), tx('b', 8)], 1, 5, 9, { createdAt: 1, rowId: 8 }))
    fake.ok('history.page', histPage([tx('c', 7)], 2, 5, 9, { createdAt: 1, rowId: 7 }))
    await useTransactions.getState().open()
    await readAhead()
    fake.ok('history.page', histPage([tx('d', 6)], 3, 5, 9))
    await useTransactions.getState().goTo(2)
    const s = useTransactions.getState()
    expect(s.items.map((t) => t.txId)).toEqual(['c'])
    expect(s).toMatchObject({ page: 2, pageCount: 5, total: 9, status: 'ready' })
    await readAhead()
    await useTransactions.getState().goTo(1)
    expect(useTransactions.getState().items.map((t) => t.txId)).toEqual(['a', 'b'])
    expect(fake.callsOf('history.page').map((c) => c.input)).toEqual([
      { walletId: 'all', direction: 'all', limit: 2, page: 1 },
      // read ahead as soon as page 1 shows, so Next paints without waiting for main
      { walletId: 'all', direction: 'all', limit: 2, page: 2, after: { createdAt: 1, rowId: 8 } },
      { walletId: 'all', direction: 'all', limit: 2, page: 3, after: { createdAt: 1, rowId: 7 } },
    ])
  })

  test('Next and Previous show the kept neighbours at once; a sync or a label forgets them', async () => {
    useTransactions.setState({ perPage: 2 })
    fake.ok('history.page', histPage([tx('a', 9)], 1, 3, 5, { createdAt: 1, rowId: 9 }))
    fake.ok('history.page', histPage([tx('b', 8)], 2, 3, 5))
    await useTransactions.getState().open()
    await readAhead()
    const going = useTransactions.getState().goTo(2)
    // no round trip: the rows change in the same task as the click
    expect(useTransactions.getState()).toMatchObject({ page: 2, status: 'ready', items: [{ txId: 'b' }] })
    await going
    const calls = fake.callsOf('history.page').length
    // a sync says the ledger changed: page 2 is read again, and page 1 is no longer kept
    fake.ok('history.page', histPage([tx('new', 10)], 2, 3, 6))
    await useTransactions.getState().reload()
    expect(useTransactions.getState().items[0]?.txId).toBe('new')
    fake.ok('history.page', histPage([tx('a2', 9)], 1, 3, 6, { createdAt: 1, rowId: 9 }))
    await useTransactions.getState().goTo(1)
    expect(useTransactions.getState().items[0]?.txId).toBe('a2')
    // the page left (2, as read after the sync) is kept: no read-ahead of it, and Next shows it
    expect(fake.callsOf('history.page').length).toBe(calls + 2)
    await useTransactions.getState().goTo(2)
    expect(useTransactions.getState().items[0]?.txId).toBe('new')
    expect(fake.callsOf('history.page').length).toBe(calls + 2)
  })

  test('Previous further back reads by the cursor Next left, not by OFFSET, until the history changes', async () => {
    useTransactions.setState({ perPage: 1 })
    const at = (rowId: number) => ({ createdAt: 1, rowId })
    const inputs = () => fake.callsOf('history.page').map((c) => c.input)
    fake.ok('history.page', histPage([tx('a', 9)], 1, 9, 9, at(9)))
    fake.ok('history.page', histPage([tx('b', 8)], 2, 9, 9, at(8)))
    await useTransactions.getState().open()
    await readAhead()
    for (const [page, id] of [
      [3, 'c'],
      [4, 'd'],
      [5, 'e'],
    ] as const) {
      fake.ok('history.page', histPage([tx(id, 10 - page)], page, 9, 9, at(10 - page)))
      await useTransactions.getState().goTo(page - 1)
      await readAhead()
    }
    // on page 4: page 3 is the kept neighbour, no read
    const before = inputs().length
    await useTransactions.getState().goTo(3)
    expect(inputs()).toHaveLength(before)
    // two back: read again by the cursor page 1 left, as Next read it, not by its number
    fake.ok('history.page', histPage([tx('b', 8)], 2, 9, 9, at(8)))
    await useTransactions.getState().goTo(2)
    expect(inputs()).toHaveLength(before + 1)
    expect(inputs().at(-1)).toEqual({ walletId: 'all', direction: 'all', limit: 1, page: 2, after: at(9) })
    expect(useTransactions.getState().items[0]?.txId).toBe('b')
    // a sync: the cursors are forgotten, and page 4 is read by its number
    fake.ok('history.page', histPage([tx('b', 8)], 2, 9, 9))
    await useTransactions.getState().reload()
    fake.ok('history.page', histPage([tx('d', 6)], 4, 9, 9))
    await useTransactions.getState().goTo(4)
    expect(inputs().at(-1)).toEqual({ walletId: 'all', direction: 'all', limit: 1, page: 4 })
  })

  test('Next pressed while the read-ahead is on its way waits for it; a failed read-ahead is asked again', async () => {
    useTransactions.setState({ perPage: 2 })
    fake.ok('history.page', histPage([tx('a', 9)], 1, 3, 5, { createdAt: 1, rowId: 9 }))
    const releaseAhead = fake.deferred('history.page')
    await useTransactions.getState().open()
    await readAhead()
    const going = useTransactions.getState().goTo(2)
    expect(useTransactions.getState()).toMatchObject({ page: 2, status: 'loading' })
    releaseAhead({ ok: true, value: histPage([tx('b', 8)], 2, 3, 5) })
    await going
    expect(useTransactions.getState().items[0]?.txId).toBe('b')
    expect(fake.callsOf('history.page')).toHaveLength(2) // the read-ahead was used, not sent twice
    // page 2 read again (a sync) with a read-ahead of page 3 that fails: nothing shows until page 3
    // is asked for, and then it is read again
    fake.ok('history.page', histPage([tx('b', 8)], 2, 3, 5, { createdAt: 1, rowId: 8 }))
    fake.fail('history.page', 'internal')
    await useTransactions.getState().reload()
    await readAhead()
    expect(useTransactions.getState()).toMatchObject({ page: 2, status: 'ready', error: null })
    fake.ok('history.page', histPage([tx('c', 7)], 3, 3, 5))
    await useTransactions.getState().goTo(3)
    expect(useTransactions.getState().items[0]?.txId).toBe('c')
    expect(fake.callsOf('history.page')).toHaveLength(5)
  })

  test('the asked page number shows while it loads, and the page is remembered when the screen opens again', async () => {
    useTransactions.setState({ perPage: 2 })
    fake.ok('history.page', histPage([tx('a')], 1, 5, 9))
    await useTransactions.getState().open()
    const release = fake.deferred('history.page')
    const loading = useTransactions.getState().goTo(4)
    expect(useTransactions.getState()).toMatchObject({ page: 4, status: 'loading' })
    release({ ok: true, value: histPage([tx('d')], 4, 5, 9) })
    await loading
    fake.ok('history.page', histPage([tx('d')], 4, 5, 9))
    await useTransactions.getState().open()
    expect(fake.callsOf('history.page').at(-1)?.input).toMatchObject({ page: 4 })
  })

  test('filters start again at page 1 and go to main as the contract takes them', async () => {
    fake.ok('history.page', histPage([], 1, 0, 0))
    await useTransactions.getState().setFilter({ search: '  coffee ', direction: 'sent', kind: 'address' })
    fake.ok('history.page', histPage([], 1, 0, 0))
    await useTransactions.getState().setFilter({ from: '2024-03-01', to: '2024-03-02', walletId: 'w2' })
    const [first, second] = fake.callsOf('history.page').map((c) => c.input as Record<string, unknown>)
    expect(first).toEqual({ walletId: 'all', direction: 'sent', kind: 'address', search: 'coffee', limit: 25, page: 1 })
    // both days included: from local midnight of the first to local midnight after the second
    expect(second).toMatchObject({
      walletId: 'w2',
      from: new Date(2024, 2, 1).getTime() / 1000,
      to: new Date(2024, 2, 3).getTime() / 1000,
    })
  })

  test('a slow earlier page cannot overwrite a later one', async () => {
    const releaseFirst = fake.deferred('history.page')
    fake.ok('history.page', histPage([tx('p2')], 2, 3, 3))
    const first = useTransactions.getState().goTo(1)
    await useTransactions.getState().goTo(2)
    releaseFirst({ ok: true, value: histPage([tx('p1')], 1, 3, 3) })
    await first
    expect(useTransactions.getState().items[0]?.txId).toBe('p2')
    expect(useTransactions.getState().page).toBe(2)
  })

  test('a label saved shows on its row; a refused one is returned to show', async () => {
    useTransactions.setState({ items: [tx('a'), tx('b', 2)], status: 'ready' })
    fake.ok('history.label', { txId: 'b', label: 'Rent' })
    expect(await useTransactions.getState().setLabel('b', 'Rent')).toBeNull()
    expect(useTransactions.getState().items.map((t) => t.label)).toEqual([null, 'Rent'])
    fake.fail('history.label', 'invalid_input', 'A label is at most 200 characters.')
    expect((await useTransactions.getState().setLabel('a', 'x'))?.message).toBe('A label is at most 200 characters.')
    expect(useTransactions.getState().items[0]?.label).toBeNull()
  })

  test('one CSV export at a time, with its progress; a second click while it runs sends nothing', async () => {
    const release = fake.deferred('history.exportCsv')
    const running = useTransactions.getState().exportCsv()
    await useTransactions.getState().exportCsv()
    expect(fake.callsOf('history.exportCsv')).toHaveLength(1)
    const requestId = useTransactions.getState().export.requestId as string
    useTransactions.getState().progressed({ requestId: 'someone-else', done: 1, total: 1 })
    useTransactions.getState().progressed({ requestId, done: 500, total: 1200 })
    expect(useTransactions.getState().export).toMatchObject({ done: 500, total: 1200 })
    release({ ok: true, value: { rows: 1200, file: { status: 'saved', fileName: 'transactions.csv' } } })
    await running
    expect(useTransactions.getState().export).toMatchObject({ requestId: null, result: { rows: 1200 } })
  })

  test('a slow detail cannot overwrite the one asked for after it', async () => {
    const releaseFirst = fake.deferred('lntx.get')
    const first = useTransactions.getState().loadDetail('lntx_1')
    fake.fail('lntx.get', 'not_found', 'That payment was not found.')
    await useTransactions.getState().loadDetail('lntx_2')
    releaseFirst({ ok: true, value: { id: 'lntx_1' } })
    await first
    expect(useTransactions.getState().detail).toMatchObject({ id: 'lntx_2', status: 'error', value: null })
  })

  test('detail error is kept with the id so the screen can retry it', async () => {
    fake.fail('lntx.get', 'not_found', 'That payment was not found.')
    await useTransactions.getState().loadDetail('lntx_9')
    expect(useTransactions.getState().detail).toMatchObject({ id: 'lntx_9', status: 'error', value: null })
  })
})

describe('send', () => {
  const recipient: RecipientView = {
    address: 'bob@sim.example',
    description: 'Bob',
    longDescription: null,
    minSendableMsat: 1_000_000,
    maxSendableMsat: 50_000_000,
    commentAllowed: 0,
    wholeSats: false,
  }
  const payment = { txId: 'wtx_1', amountMsat: 2_000_000, feeMsat: 0, preimage: 'ab', paymentHash: 'cd', createdAt: 1 }

  async function toConfirmation() {
    fake.ok('lnurl.probe', recipient)
    await useSend.getState().probe('Bob@sim.example')
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: 2_000_000, comment: '' })).toBeNull()
  }

  test('limits and comment length are checked before the confirmation step', () => {
    expect(checkSend(recipient, 999_999, '')).toMatch(/at least 1,000 sats/)
    expect(checkSend(recipient, 50_000_001, '')).toMatch(/at most 50,000 sats/)
    expect(checkSend(recipient, null, '')).toMatch(/Enter an amount/)
    expect(checkSend(recipient, 2_000_000, 'hi')).toMatch(/does not accept a comment/)
    expect(checkSend({ ...recipient, commentAllowed: 3 }, 2_000_000, 'four')).toMatch(/3 characters at most/)
    expect(checkSend({ ...recipient, commentAllowed: 3 }, 2_000_000, 'abc')).toBeNull()
    expect(checkSend(recipient, 1_000_000, '')).toBeNull()
    expect(checkSend(recipient, 50_000_000, '')).toBeNull()
  })

  test('a link that makes whole-sat invoices takes no fraction of a sat', () => {
    const whole = { ...recipient, wholeSats: true }
    expect(checkSend(whole, 1_500_500, '')).toBe(
      'This link makes invoices in whole sats only, so 1,500.5 sats cannot be sent to it. Enter 1,500 or 1,501 sats.',
    )
    expect(checkSend(whole, 1_500_000, '')).toBeNull()
    expect(checkSend(recipient, 1_500_500, '')).toBeNull()
  })

  test('many clicks while sending make one payment request', async () => {
    await toConfirmation()
    const release = fake.deferred('pay.lightningAddress')
    const clicks = [useSend.getState().send(), useSend.getState().send(), useSend.getState().send()]
    expect(useSend.getState().sending).toBe(true)
    release({ ok: true, value: payment })
    await Promise.all(clicks)
    await useSend.getState().send() // and once more after the result
    expect(fake.callsOf('pay.lightningAddress')).toHaveLength(1)
    expect(useSend.getState().result).toEqual(payment)
  })

  test('unknown outcome is final for that confirmation: it is never re-sent', async () => {
    await toConfirmation()
    fake.fail('pay.lightningAddress', 'unknown_outcome', 'The payment may or may not have gone through.')
    await useSend.getState().send()
    await useSend.getState().send()
    expect(fake.callsOf('pay.lightningAddress')).toHaveLength(1)
    expect(useSend.getState().error?.code).toBe('unknown_outcome')
    expect(useSend.getState().sending).toBe(false)
  })

  test('the request id is made once per confirmation: same id for the one send, a new one after editing', async () => {
    await toConfirmation()
    const first = useSend.getState().confirmation!.requestId
    fake.fail('pay.lightningAddress', 'insufficient_funds', 'Not enough sats.')
    await useSend.getState().send()
    useSend.getState().back()
    expect(useSend.getState().confirmation).toBeNull()
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: 1_500_000, comment: '' })).toBeNull()
    const second = useSend.getState().confirmation!.requestId
    expect(second).not.toBe(first)
    fake.ok('pay.lightningAddress', payment)
    await useSend.getState().send()
    const ids = fake.callsOf('pay.lightningAddress').map((c) => (c.input as { requestId: string }).requestId)
    expect(ids).toEqual([first, second])
    expect(fake.callsOf('pay.lightningAddress')[0]?.input).not.toHaveProperty('comment')
  })

  test('arriving with an address (scan, lightning: link) mid-payment keeps the payment and its unknown outcome shown', async () => {
    await toConfirmation()
    const release = fake.deferred('pay.lightningAddress')
    const sending = useSend.getState().send()
    // Send opens again with a scanned address while the payment is in flight
    await useSend.getState().probe('alice@sim.example')
    release({ ok: false, error: { code: 'unknown_outcome', message: 'The answer was lost.', retryable: false } })
    await sending
    expect(useSend.getState().confirmation?.address).toBe('bob@sim.example')
    expect(useSend.getState().error?.code).toBe('unknown_outcome')
    // and once the outcome is unknown, a new look-up still does not hide it
    await useSend.getState().probe('alice@sim.example')
    expect(useSend.getState().confirmation).not.toBeNull()
    expect(useSend.getState().error?.code).toBe('unknown_outcome')
    expect(fake.callsOf('lnurl.probe')).toHaveLength(1)
    // until the person acts on it
    useSend.getState().reset()
    fake.ok('lnurl.probe', { ...recipient, address: 'alice@sim.example' })
    await useSend.getState().probe('alice@sim.example')
    expect(useSend.getState()).toMatchObject({ confirmation: null, error: null, probeStatus: 'ready' })
  })

  test('a look-up answered after a newer one, or after reset, does not show', async () => {
    const releaseOld = fake.deferred('lnurl.probe')
    const old = useSend.getState().probe('old@sim.example')
    fake.ok('lnurl.probe', recipient)
    await useSend.getState().probe('bob@sim.example')
    releaseOld({ ok: true, value: { ...recipient, address: 'old@sim.example' } })
    await old
    expect(useSend.getState().recipient?.address).toBe('bob@sim.example')

    const releaseLate = fake.deferred('lnurl.probe')
    const late = useSend.getState().probe('late@sim.example')
    useSend.getState().reset()
    releaseLate({ ok: true, value: { ...recipient, address: 'late@sim.example' } })
    await late
    expect(useSend.getState()).toMatchObject({ probeStatus: 'idle', recipient: null })
  })

  test('a failed probe is an error with a message, and review is refused without a recipient', async () => {
    fake.fail('lnurl.probe', 'lnurl_error', 'That address could not be found.')
    await useSend.getState().probe('nobody@sim.example')
    expect(useSend.getState()).toMatchObject({ probeStatus: 'error', recipient: null })
    expect(useSend.getState().review({ walletId: 'w1', amountMsat: 1000, comment: '' })).toMatch(/Look up/)
    expect(useSend.getState().confirmation).toBeNull()
  })
})

describe('invoices', () => {
  const inv = (status: PendingInvoice['status']): PendingInvoice => ({
    id: 'lntx_1',
    walletId: 'w1',
    accountId: 'a1',
    amountSat: 100,
    memo: '',
    paymentRequest: 'lnbcrt1…',
    paymentHash: 'h',
    createdAt: 1,
    expiresAt: 2,
    status,
    settledAt: status === 'paid' ? 2 : null,
  })
  test('create shows the invoice; the paid event turns it paid; a stale pending answer does not undo it', async () => {
    fake.ok('invoices.create', inv('pending'))
    await useInvoices.getState().create({ walletId: 'w1', amountSat: 100, memo: '' })
    expect(useInvoices.getState().currentId).toBe('lntx_1')
    useInvoices.getState().apply(inv('paid'))
    fake.ok('invoices.check', inv('pending'))
    await useInvoices.getState().check('lntx_1')
    expect(useInvoices.getState().byId.lntx_1?.status).toBe('paid')
  })
  test('an error keeps the form and says why', async () => {
    fake.fail('invoices.create', 'invalid_input', 'Receiving is limited to: 10000 satoshi per invoice')
    expect(await useInvoices.getState().create({ walletId: 'w1', amountSat: 20000, memo: '' })).toBeNull()
    expect(useInvoices.getState()).toMatchObject({ currentId: null, creating: false })
    expect(useInvoices.getState().error?.message).toMatch(/limited/)
  })
})

describe('withdraw', () => {
  test('amount must be whole sats, above zero and at most the balance', () => {
    expect(checkWithdraw(null, 10_000)).toMatch(/whole number/)
    expect(checkWithdraw(0, 10_000)).toMatch(/above zero/)
    expect(checkWithdraw(1500, 10_000)).toMatch(/whole sats/)
    expect(checkWithdraw(11_000, 10_000)).toMatch(/more than this wallet holds/)
    expect(checkWithdraw(10_000, 10_000)).toBeNull()
  })
  test('a double click mints one link; claimed stays claimed', async () => {
    const link = withdrawLink
    const release = fake.deferred('withdraw.create')
    const a = useWithdraw.getState().create({ walletId: 'w1', amountSat: 5, memo: '' })
    const b = useWithdraw.getState().create({ walletId: 'w1', amountSat: 5, memo: '' })
    release({ ok: true, value: link })
    expect(await b).toBeNull()
    expect(await a).toEqual(link)
    expect(fake.callsOf('withdraw.create')).toHaveLength(1)
    useWithdraw.getState().apply({ ...link, status: 'claimed', claimedAt: 2 })
    useWithdraw.getState().apply(link)
    expect(useWithdraw.getState().links.ott1?.status).toBe('claimed')
  })
})

describe('accounts', () => {
  test('test connection shows wallets found or the reason; connect makes the account active', async () => {
    fake.fail('accounts.test', 'unauthorized', 'The service did not accept this API key.')
    expect(
      await useAccounts.getState().testConnection({
        kind: 'service',
        baseUrl: 'http://127.0.0.1:1',
        apiKey: 'sak_wrongkey',
        authMethod: 'header',
      }),
    ).toBe(false)
    expect(useAccounts.getState().test).toMatchObject({ status: 'error', wallets: [] })
    fake.ok('accounts.test', { wallets: [wallet('w1', 0)] })
    await useAccounts
      .getState()
      .testConnection({ kind: 'service', baseUrl: 'http://127.0.0.1:1', apiKey: 'sak_rightkey', authMethod: 'header' })
    expect(useAccounts.getState().test.wallets).toHaveLength(1)
    const acc = {
      id: 'a1',
      label: 'Sim',
      baseUrl: 'http://127.0.0.1:1',
      authMethod: 'header',
      keyHint: 'sak_…key',
      storage: 'keychain',
    }
    fake.ok('accounts.connect', acc)
    await useAccounts.getState().connect({ kind: 'service', baseUrl: 'http://127.0.0.1:1', apiKey: 'sak_rightkey' })
    expect(useAccounts.getState()).toMatchObject({ activeId: 'a1', connecting: false })
    expect(useAccounts.getState().test.status).toBe('idle')
  })
  test('keychain unavailable is kept so the screen can offer memory-only storage', async () => {
    fake.fail('accounts.connect', 'keychain_unavailable', 'No keychain.')
    expect(
      await useAccounts.getState().connect({ kind: 'service', baseUrl: 'http://127.0.0.1:1', apiKey: 'sak_rightkey' }),
    ).toBeNull()
    expect(useAccounts.getState().connectError?.code).toBe('keychain_unavailable')
    expect(useAccounts.getState().activeId).toBeNull()
  })
  test('removing the active account: the one main makes active is active, none only when none is left', async () => {
    useAccounts.setState({ accounts: [{ id: 'a1' }, { id: 'a2' }] as never, activeId: 'a1' })
    fake.ok('accounts.remove', { removed: true, accounts: [{ id: 'a2' }], activeId: 'a2' })
    expect(await useAccounts.getState().remove('a1')).toBe(true)
    expect(useAccounts.getState()).toMatchObject({ accounts: [{ id: 'a2' }], activeId: 'a2', busyId: null })
    fake.ok('accounts.remove', { removed: true, accounts: [], activeId: null })
    expect(await useAccounts.getState().remove('a2')).toBe(true)
    expect(useAccounts.getState()).toMatchObject({ accounts: [], activeId: null, busyId: null })
  })
})

describe('settings', () => {
  const base = { ...DEFAULT_SETTINGS, theme: 'system' as const, fiat: DEFAULT_FIAT }
  test('a change shows at once and is undone when main refuses it', async () => {
    useSettings.setState({ settings: base })
    const release = fake.deferred('settings.update')
    const saving = useSettings.getState().update({ theme: 'dark' })
    expect(useSettings.getState().settings?.theme).toBe('dark')
    release({ ok: false, error: { code: 'internal', message: 'Could not save.', retryable: true } })
    expect(await saving).toBe(false)
    expect(useSettings.getState().settings).toEqual(base)
    expect(useSettings.getState().saveError?.message).toBe('Could not save.')
  })
  /** notifications off, then theme dark, both answers held back */
  function twoChanges() {
    useSettings.setState({ settings: base })
    const releaseOld = fake.deferred('settings.update')
    const releaseNew = fake.deferred('settings.update')
    const old = useSettings.getState().update({ notifications: false })
    const next = useSettings.getState().update({ theme: 'dark' })
    return { releaseOld, releaseNew, old, next }
  }
  test('an older change answered after a newer one does not undo the newer one', async () => {
    const { releaseOld, releaseNew, old, next } = twoChanges()
    // the newer one is saved first; then main refuses the older one
    releaseNew({ ok: true, value: { ...base, theme: 'dark' } })
    expect(await next).toBe(true)
    releaseOld({ ok: false, error: { code: 'internal', message: 'Could not save.', retryable: true } })
    expect(await old).toBe(false)
    expect(useSettings.getState().settings).toEqual({ ...base, theme: 'dark' })
    expect(useSettings.getState().saveError?.message).toBe('Could not save.')
    expect(useSettings.getState().saving).toBe(false)
  })
  test('an older answer arriving while a newer change is on its way does not flip the newer one back', async () => {
    const { releaseOld, releaseNew, old, next } = twoChanges()
    releaseOld({ ok: true, value: { ...base, notifications: false } })
    await old
    expect(useSettings.getState().settings).toEqual({ ...base, notifications: false, theme: 'dark' })
    expect(useSettings.getState().saving).toBe(true)
    releaseNew({ ok: true, value: { ...base, notifications: false, theme: 'dark' } })
    await next
    expect(useSettings.getState()).toMatchObject({ saving: false, settings: { notifications: false, theme: 'dark' } })
  })
  test('an older change of the same setting refused after a newer one does not undo the newer one', async () => {
    useSettings.setState({ settings: base })
    const releaseOld = fake.deferred('settings.update')
    const releaseNew = fake.deferred('settings.update')
    const old = useSettings.getState().update({ theme: 'dark', notifications: false })
    const next = useSettings.getState().update({ theme: 'light' })
    releaseNew({ ok: true, value: { ...base, notifications: false, theme: 'light' } })
    expect(await next).toBe(true)
    releaseOld({ ok: false, error: { code: 'internal', message: 'Could not save.', retryable: true } })
    expect(await old).toBe(false)
    // the theme is the newer change's; only the notifications were still the older one's to undo
    expect(useSettings.getState().settings).toEqual({ ...base, theme: 'light' })
  })
  test('main’s answer is what stays', async () => {
    useSettings.setState({ settings: base })
    fake.ok('settings.update', { ...base, pollIntervalSec: 60 })
    expect(await useSettings.getState().update({ pollIntervalSec: 60 })).toBe(true)
    expect(useSettings.getState().settings?.pollIntervalSec).toBe(60)
  })
})
