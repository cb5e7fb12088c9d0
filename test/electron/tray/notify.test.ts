// The notification calls, with Electron's Notification class replaced by a fake.
import type { EventName, PendingInvoice, WithdrawLinkView } from '@shared/contract'
import { DEFAULT_LOCK, DEFAULT_SETTINGS } from '@shared/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { masksAmounts } from '../../../electron/main/app/privacy'
import {
  createElectronNotifier,
  inertText,
  maskingNotifier,
  notificationLine,
  type ShownNotification,
  settlementNotification,
  showNotification,
  withdrawNotification,
} from '../../../electron/main/services/notify'
import { announcement } from '../../../electron/main/services/sync'
import { ledgerRow } from '../../support/ledgerRow'

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
  claimedMsat: 2_500_000,
  claimFeeMsat: null,
}

function fakeNotifier(supported = true) {
  const shown: ShownNotification[] = []
  const n = maskingNotifier({ show: (x) => void shown.push(x), isSupported: () => supported }, () => false)
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

describe('notification text (the Linux daemon reads body markup)', () => {
  it('takes out the spec’s tags, keeping their text', () => {
    expect(inertText('<b>bold</b> <i>it</i> <u>under</u>')).toBe('bold it under')
    expect(inertText('<a href="https://evil.example/">Claim your refund</a>')).toBe('Claim your refund')
    expect(inertText("<a href='https://evil.example/?a=1&b=2'>x</a>")).toBe('x')
    expect(inertText('<img src="https://evil.example/t.png" alt="paid">')).toBe('')
    expect(inertText('<IMG SRC=file:///etc/passwd>left')).toBe('left')
  })

  it('turns the markup characters that are left into look-alikes no daemon reads', () => {
    expect(inertText('&amp;')).toBe('\uFF06amp;')
    expect(inertText('&#x3C;b&#62;')).toBe('\uFF06#x3C;b\uFF06#62;')
    expect(inertText('1 < 2 > 0 & done')).toBe('1 \u2039 2 \u203A 0 \uFF06 done')
    expect(inertText('<a href="https://evil.example/"')).toBe('\u2039a href="https://evil.example/"')
    expect(inertText('<!-- x --><![CDATA[y]]>')).toBe('\u2039!-- x --\u203A\u2039![CDATA[y]]\u203A')
    expect(inertText('<<b>>')).toBe('\u2039\u203A')
  })

  it('drops control characters and the invisible ones that reorder or hide text', () => {
    expect(inertText('pay\u202Eevil\u202C now')).toBe('payevil now')
    expect(inertText('a\u200Bb\u2066c\u2069\uFEFFd\u0000e\u001Bf\u0085g')).toBe('abcdefg')
    expect(inertText('two\nlines')).toBe('two\nlines')
  })

  it('cuts a long line to its length in characters, never inside an emoji', () => {
    expect(notificationLine(`${'⚡'.repeat(200)}`, 10)).toBe(`${'⚡'.repeat(9)}…`)
    expect(notificationLine('  a \n\t b  ', 10)).toBe('a b')
    expect(notificationLine('x'.repeat(10), 10)).toBe('x'.repeat(10))
    expect(notificationLine('x'.repeat(5_000_000), 120)).toHaveLength(120)
  })

  // Text made of the pieces markup is built from, plus any other character.
  const hostile = fc
    .array(
      fc.oneof(
        fc.constantFrom('<', '>', '&', '/', '"', "'", '=', ' ', '\n', 'a', 'b', 'img', 'href', 'src', '#x3C;', 'amp;'),
        fc.constantFrom('\u0000', '\u001B', '\u0085', '\u200B', '\u202E', '\u2066', '\uFEFF'),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
      ),
      { maxLength: 200 },
    )
    .map((parts) => parts.join(''))

  it('leaves no markup, control or bidi character in anything', () => {
    fc.assert(
      fc.property(hostile, hostile, (memo, label) => {
        const m = settlementNotification({ ...inv, memo }, label)
        for (const text of [inertText(memo), m.body]) {
          expect(text.replace(/\n/g, ' ')).not.toMatch(/[<>&\p{Cc}\p{Cf}]/u)
        }
        const lines = m.body.split('\n')
        expect(lines.length).toBeLessThanOrEqual(2)
        for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(123)
      }),
      { numRuns: 300 },
    )
  })

  it('applies to the memo and to the wallet’s name', () => {
    const m = settlementNotification(
      { ...inv, memo: '<a href="https://evil.example/">Refund</a>' },
      '<b>Savings</b> & co',
    )
    expect(m.body).toBe('Refund\nTo Savings \uFF06 co')
  })
})

describe('withdraw notification', () => {
  it('names the amount and opens the claim transaction when known', () => {
    expect(withdrawNotification({ ...link, memo: '<img src=x>Refund' }, '<i>Savings</i>', null).body).toBe(
      'Refund\nFrom Savings',
    )
    const m = withdrawNotification(link, 'Savings', 'wtx_9')
    expect(m.title).toBe('Withdraw link claimed: 2,500 sats')
    expect(m.body).toBe('Refund\nFrom Savings')
    expect(m.target).toEqual({ to: 'transaction', walletId: 'wal_b', lnTxId: null, txId: 'wtx_9' })
    expect(withdrawNotification(link, 'Savings', null).target).toEqual({ to: 'transactions', walletId: 'wal_b' })
  })

  it('names what the claim took, not the link’s amount', () => {
    expect(withdrawNotification({ ...link, claimedMsat: 1_000_000 }, 'Savings', 'wtx_9').title).toBe(
      'Withdraw link claimed: 1,000 sats',
    )
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
    on(event: 'click' | 'close' | 'failed', l: () => void) {
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

  it('makes whatever text it is given inert and short before the daemon sees it', () => {
    FakeNotification.instances.length = 0
    const notifier = createElectronNotifier(FakeNotification)
    notifier.show({
      title: `<b>Received</b> ${'x'.repeat(300)}`,
      body: `<a href="https://evil.example/">hi</a>\n${'y'.repeat(900)}`,
    })
    const native = FakeNotification.instances[0]!
    expect(native.opts.title).toBe(`Received ${'x'.repeat(110)}…`)
    expect(native.opts.body).toBe(`hi\n${'y'.repeat(397)}`)
  })

  it('lets go of a notification the system refused to show, and says why', () => {
    FakeNotification.instances.length = 0
    const failures: unknown[] = []
    const notifier = createElectronNotifier(FakeNotification, { onFailed: (e) => failures.push(e) })
    notifier.show({ title: 't', body: 'b' })
    expect(notifier.live()).toBe(1)
    const failed = FakeNotification.instances[0]?.handlers.get('failed') as unknown as (e: object, err: string) => void
    failed({}, 'the app is not code-signed')
    expect(notifier.live()).toBe(0)
    expect(failures).toEqual(['the app is not code-signed'])
  })
})

// amounts and memos whose digits are easy to look for
const rent = { ...inv, amountSat: 4321, memo: 'rent for 9876' }
const refund = { ...link, memo: 'Refund of 777' }
const row = ledgerRow({
  accountId: 'acc_1',
  walletLabel: 'Spending',
  amountMsat: 6_543_000,
  memo: 'salary 5555',
  payee: 'boss@example.com',
  createdAt: 1,
})
const noRecords = { invoice: () => undefined, claimedBy: () => undefined }

describe('plain words of each notification', () => {
  it('say what happened and where, with no amount and no memo', () => {
    const models = [
      settlementNotification(rent, 'Spending'),
      withdrawNotification(refund, 'Savings', 'wtx_9'),
      announcement(row, noRecords, 'Spending'),
    ]
    expect(models.map((m) => m?.plain)).toEqual([
      { title: 'Payment received', body: 'To Spending' },
      { title: 'Withdraw link claimed', body: 'From Savings' },
      { title: 'Payment received', body: 'To Spending' },
    ])
    // the full words do carry them: that is what is masked
    expect(JSON.stringify(models.map((m) => [m?.title, m?.body]))).toMatch(/4,321.*9876.*2,500.*777.*6,543.*5555/s)
  })
})

describe('the masking notifier', () => {
  function setup() {
    const shown: ShownNotification[] = []
    let masked = false
    const notifier = maskingNotifier({ show: (n) => shown.push(n), isSupported: () => true }, () => masked)
    return { shown, notifier, mask: (m: boolean) => (masked = m) }
  }

  it('passes the full words while nothing is masked, and only the plain ones (and the click) once it is', () => {
    const { shown, notifier, mask } = setup()
    const m = settlementNotification(rent, 'Spending')
    let clicked = 0
    notifier.show(m, () => clicked++)
    mask(true)
    notifier.show(m, () => clicked++)
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      ['Received 4,321 sats', 'rent for 9876\nTo Spending'],
      ['Payment received', 'To Spending'],
    ])
    expect(Object.keys(shown[1] ?? {}).sort()).toEqual(['body', 'onClick', 'title'])
    shown[1]?.onClick?.()
    expect(clicked).toBe(1)
  })

  it('masks while balances are hidden, and while locked unless amounts were allowed then', () => {
    const s = { ...DEFAULT_SETTINGS, lock: DEFAULT_LOCK }
    expect(masksAmounts(s, false)).toBe(false)
    expect(masksAmounts({ ...s, hideBalances: true }, false)).toBe(true)
    expect(masksAmounts(s, true)).toBe(true)
    expect(masksAmounts({ ...s, lock: { ...DEFAULT_LOCK, notifyAmounts: true } }, true)).toBe(false)
    expect(masksAmounts({ ...s, hideBalances: true, lock: { ...DEFAULT_LOCK, notifyAmounts: true } }, true)).toBe(true)
  })
})
