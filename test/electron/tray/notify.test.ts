// The notification calls, with Electron's Notification class replaced by a fake.
import type { EventName, PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import {
  createElectronNotifier,
  type NotificationInput,
  type Notifier,
  settlementNotification,
  showNotification,
  withdrawNotification,
} from '../../../electron/main/services/notify'

const inv: PendingInvoice = {
  id: 'lntx_1',
  walletId: 'wal_a',
  accountId: 'acc_1',
  amountSat: 1000,
  memo: 'Coffee  for\ntwo',
  paymentRequest: 'lnbcrt1…',
  paymentHash: 'ab'.repeat(32),
  createdAt: 100,
  expiresAt: 200,
  status: 'paid',
  settledAt: 150,
}

function fakeNotifier(supported = true) {
  const shown: NotificationInput[] = []
  const n: Notifier = { show: (x) => shown.push(x), isSupported: () => supported }
  return { n, shown }
}

function recorder() {
  const events: Array<[EventName, unknown]> = []
  return { events, emit: (e: EventName, p: unknown) => events.push([e, p]) }
}

describe('settlement notification', () => {
  it('says "Received 1,000 sats" with the memo on one line and the wallet', () => {
    const m = settlementNotification(inv, 'Spending')
    expect(m.title).toBe('Received 1,000 sats')
    expect(m.body).toBe('Coffee for two\nTo Spending')
    expect(m.target).toEqual({ to: 'transaction', walletId: 'wal_a', lnTxId: 'lntx_1', txId: null })
  })

  it('leaves out an empty memo and shortens a long one', () => {
    expect(settlementNotification({ ...inv, memo: '  ' }, 'Spending').body).toBe('To Spending')
    const long = settlementNotification({ ...inv, memo: 'x'.repeat(500), amountSat: 1 }, 'S')
    expect(long.title).toBe('Received 1 sat')
    expect(long.body.split('\n')[0]).toHaveLength(120)
    expect(long.body.split('\n')[0]?.endsWith('…')).toBe(true)
  })

  it('an amountless invoice paid without a reported amount says a payment came, never "0 sats"', () => {
    expect(settlementNotification({ ...inv, amountSat: 0 }, 'Spending').title).toBe('Payment received')
  })

  it('shows it and a click asks to open the transaction', () => {
    const { n, shown } = fakeNotifier()
    const { events, emit } = recorder()
    expect(showNotification({ notifier: n, emit, enabled: true }, settlementNotification(inv, 'Spending'))).toBe(true)
    expect(shown).toHaveLength(1)
    expect(events).toEqual([])
    shown[0]?.onClick?.()
    expect(events).toEqual([['navigate', { to: 'transaction', walletId: 'wal_a', lnTxId: 'lntx_1', txId: null }]])
  })

  it('shows nothing when notifications are off or unsupported', () => {
    const off = fakeNotifier()
    expect(
      showNotification({ notifier: off.n, emit: () => {}, enabled: false }, settlementNotification(inv, 'S')),
    ).toBe(false)
    expect(off.shown).toHaveLength(0)
    const unsupported = fakeNotifier(false)
    expect(
      showNotification({ notifier: unsupported.n, emit: () => {}, enabled: true }, settlementNotification(inv, 'S')),
    ).toBe(false)
    expect(unsupported.shown).toHaveLength(0)
  })
})

describe('withdraw notification', () => {
  const link: WithdrawLinkView = {
    walletId: 'wal_b',
    lnurl: 'LNURL1…',
    uri: 'lightning:LNURL1…',
    ott: 'ott1',
    amountSat: 2500,
    memo: 'Refund',
    createdAt: 100,
    status: 'claimed',
    claimedAt: 120,
  }
  it('names the amount and opens the claim transaction when known', () => {
    const m = withdrawNotification(link, 'Savings', 'wtx_9')
    expect(m.title).toBe('Withdraw link claimed: 2,500 sats')
    expect(m.body).toBe('Refund\nFrom Savings')
    expect(m.target).toEqual({ to: 'transaction', walletId: 'wal_b', lnTxId: null, txId: 'wtx_9' })
    expect(withdrawNotification(link, 'Savings', null).target).toEqual({ to: 'transactions', walletId: 'wal_b' })
  })
})

describe('createElectronNotifier (Electron faked)', () => {
  class FakeNotification {
    static instances: FakeNotification[] = []
    static supported = true
    static isSupported() {
      return FakeNotification.supported
    }
    handlers = new Map<string, () => void>()
    shown = 0
    constructor(readonly opts: { title: string; body: string }) {
      FakeNotification.instances.push(this)
    }
    on(event: 'click' | 'close', l: () => void) {
      this.handlers.set(event, l)
      return this
    }
    show() {
      this.shown++
    }
  }

  it('creates and shows one native notification, keeps it alive until clicked, and forwards the click', () => {
    let windowShown = 0
    let clicked = 0
    const notifier = createElectronNotifier(FakeNotification, { onShowWindow: () => windowShown++ })
    expect(notifier.isSupported()).toBe(true)
    notifier.show({ title: 'Received 1,000 sats', body: 'Coffee\nTo Spending', onClick: () => clicked++ })
    expect(FakeNotification.instances).toHaveLength(1)
    const native = FakeNotification.instances[0]!
    expect(native.opts).toEqual({ title: 'Received 1,000 sats', body: 'Coffee\nTo Spending' })
    expect(native.shown).toBe(1)
    expect(notifier.live()).toBe(1)
    native.handlers.get('click')?.()
    expect([windowShown, clicked, notifier.live()]).toEqual([1, 1, 0])

    notifier.show({ title: 't', body: 'b' })
    expect(notifier.live()).toBe(1)
    FakeNotification.instances[1]?.handlers.get('close')?.()
    expect(notifier.live()).toBe(0)
    FakeNotification.supported = false
    expect(notifier.isSupported()).toBe(false)
  })
})
