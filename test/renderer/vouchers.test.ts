// The voucher sheet's store against a fake `window.wallet`: the form's checks, one request per
// confirmation (a double click makes one sheet), progress for this sheet only, the links joining
// the list, and a switch of account letting go of a sheet on its way.
import type { OpOutput } from '@shared/contract'
import { beforeEach, describe, expect, test } from 'vitest'
import { subscribe } from '../../renderer/src/boot'
import { useAccounts } from '../../renderer/src/stores/accounts'
import { checkSheet, useVouchers } from '../../renderer/src/stores/vouchers'
import { useWithdraw } from '../../renderer/src/stores/withdraw'
import { installFakeWallet } from './fakeWallet'
import { account, withdrawLink } from './fixtures'

const initial = { vouchers: useVouchers.getState(), withdraw: useWithdraw.getState(), accounts: useAccounts.getState() }
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useVouchers.setState(initial.vouchers, true)
  useWithdraw.setState(initial.withdraw, true)
  useAccounts.setState(initial.accounts, true)
})

const links = ['a', 'b', 'c'].map((x) => ({ ...withdrawLink, ott: `ott-${x}`, lnurl: `LNURL1${x.toUpperCase()}` }))
const made: OpOutput<'vouchers.create'> = {
  links,
  requested: 3,
  problem: null,
  sheet: { status: 'saved', fileName: 'vouchers-3x5-sats-2026-11-23.pdf' },
}
const review = (count = '3', amountMsat: number | null = 5000) =>
  useVouchers.getState().review({ walletId: 'w1', count, amountMsat, note: ' Meetup ', balanceMsat: 20_000 })

describe('checkSheet', () => {
  test('count, amount, note and the total against the balance', () => {
    expect(checkSheet('0', 1000, '', 10_000)).toMatch(/1 to 50/)
    expect(checkSheet('51', 1000, '', 10_000)).toMatch(/1 to 50/)
    expect(checkSheet('2.5', 1000, '', 10_000)).toMatch(/1 to 50/)
    expect(checkSheet('3', 1500, '', 10_000)).toMatch(/whole sats/)
    expect(checkSheet('3', 1000, 'x'.repeat(61), 10_000)).toMatch(/too long/)
    expect(checkSheet('11', 1000, '', 10_000)).toMatch(/more than this wallet holds/)
    expect(checkSheet('10', 1000, '', 10_000)).toBeNull()
    expect(checkSheet('50', 1e15, '', 2e15)).toMatch(/more than this wallet holds/)
    expect(checkSheet('3', 1000, '', null)).toMatch(/wallet/)
  })
})

describe('making a sheet', () => {
  test('one request per confirmation: a double click sends one, with one request id', async () => {
    expect(review()).toBeNull()
    const c = useVouchers.getState().confirmation!
    expect(c).toMatchObject({ walletId: 'w1', count: 3, amountSat: 5, note: 'Meetup' })
    const release = fake.deferred('vouchers.create')
    const a = useVouchers.getState().make()
    const b = useVouchers.getState().make()
    release({ ok: true, value: made })
    await Promise.all([a, b])
    await useVouchers.getState().make() // and again after the answer: nothing
    expect(fake.callsOf('vouchers.create')).toEqual([
      {
        name: 'vouchers.create',
        input: { walletId: 'w1', count: 3, amountSat: 5, note: 'Meetup', requestId: c.requestId },
      },
    ])
    expect(useVouchers.getState().result).toEqual(made)
    expect(Object.keys(useWithdraw.getState().links)).toEqual(['ott-a', 'ott-b', 'ott-c'])
    // a new confirmation is a new intent: a new request id
    useVouchers.getState().reset()
    review()
    expect(useVouchers.getState().confirmation?.requestId).not.toBe(c.requestId)
  })

  test('an error ends the confirmation too: no second request for it', async () => {
    review()
    fake.fail('vouchers.create', 'insufficient_funds', '3 × 5 sats = 15 sats, but w1 holds 1 sat.')
    await useVouchers.getState().make()
    await useVouchers.getState().make()
    expect(fake.callsOf('vouchers.create')).toHaveLength(1)
    expect(useVouchers.getState().error?.code).toBe('insufficient_funds')
  })

  test('progress counts this sheet’s vouchers only', async () => {
    review()
    const { requestId } = useVouchers.getState().confirmation!
    const release = fake.deferred('vouchers.create')
    const making = useVouchers.getState().make()
    expect(useVouchers.getState().progress).toEqual({ made: 0, count: 3 })
    useVouchers.getState().progressed({ requestId, made: 2, count: 3 })
    useVouchers.getState().progressed({ requestId: 'another-sheet', made: 9, count: 12 })
    expect(useVouchers.getState().progress).toEqual({ made: 2, count: 3 })
    release({ ok: true, value: made })
    await making
    expect(useVouchers.getState().making).toBe(false)
    // after the answer a late count changes nothing
    useVouchers.getState().progressed({ requestId, made: 3, count: 3 })
    expect(useVouchers.getState().progress).toEqual({ made: 2, count: 3 })
  })

  test('a part-way stop is kept as the result, and the sheet can be saved again', async () => {
    review()
    fake.ok('vouchers.create', {
      ...made,
      links: links.slice(0, 2),
      problem: '2 of 3 vouchers were made. The service failed.',
      sheet: { status: 'cancelled' },
    })
    await useVouchers.getState().make()
    expect(useVouchers.getState().result?.problem).toMatch(/^2 of 3 vouchers were made/)
    fake.ok('vouchers.save', { count: 2, sheet: { status: 'saved', fileName: 'x.pdf' } })
    await useVouchers.getState().saveAgain()
    expect(fake.callsOf('vouchers.save')[0]?.input).toEqual({ otts: ['ott-a', 'ott-b'], note: 'Meetup' })
    expect(useVouchers.getState().saved).toEqual({ status: 'saved', fileName: 'x.pdf' })
  })

  test('another account lets go of a sheet on its way; its links still join the list', async () => {
    const off = subscribe()
    try {
      useAccounts.setState({ accounts: [account('a1'), account('a2')], activeId: 'a1', status: 'ready' })
      review()
      const release = fake.deferred('vouchers.create')
      const making = useVouchers.getState().make()
      fake.ok('wallets.list', { wallets: [] })
      fake.emit('accounts.updated', { accounts: [account('a1'), account('a2')], activeId: 'a2' })
      expect(useVouchers.getState().confirmation).toBeNull()
      release({ ok: true, value: made })
      await making
      expect(useVouchers.getState().result).toBeNull()
      expect(Object.keys(useWithdraw.getState().links)).toHaveLength(3)
    } finally {
      off()
    }
  })
})

test('the list of withdraw links merges: a claim that came first stays claimed', async () => {
  useWithdraw.getState().apply({ ...withdrawLink, status: 'claimed', claimedAt: 9 })
  fake.ok('withdraw.list', { links: [withdrawLink, links[0]] })
  await useWithdraw.getState().load()
  expect(useWithdraw.getState().listStatus).toBe('ready')
  expect(useWithdraw.getState().links.ott1?.status).toBe('claimed')
  expect(useWithdraw.getState().links['ott-a']).toEqual(links[0])
})

test("a sheet's worth of listed links reaches the list in one update, not one per link", async () => {
  const many = Array.from({ length: 50 }, (_, i) => ({ ...withdrawLink, ott: `ott-many-${i}` }))
  fake.ok('withdraw.list', { links: many })
  const seen: number[] = []
  const off = useWithdraw.subscribe((s, prev) => {
    if (s.links !== prev.links) seen.push(Object.keys(s.links).length)
  })
  try {
    await useWithdraw.getState().load()
  } finally {
    off()
  }
  expect(seen).toHaveLength(1)
  expect(Object.keys(useWithdraw.getState().links)).toEqual(expect.arrayContaining(many.map((l) => l.ott)))
})
