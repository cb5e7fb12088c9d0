// What counts against a daily limit, as the journal keeps it (docs/security.md, "Spending
// rules"): payments with the fee they paid or else the fee limit they reserved, withdraw links
// reserved before they are minted and shrunk to what was made; never own transfers or failed
// payments; and a request id admitted once, its spending check with it. A spend is written at the
// time its check judged the day by, and moved on (never back) to the service's own time of it;
// the newest time the service was seen at is kept across a restart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type JournalEntryInput, openJournal } from '../../../../electron/main/services/payments/journal'
import { withTempDir } from './helpers'

let dir: string
let cleanup: () => Promise<void>
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
})
afterEach(() => cleanup())

let clock = Date.UTC(2025, 5, 1)
const open = () => openJournal({ dir, now: () => clock })
const sec = () => Math.floor(clock / 1000)
const payment = (n: number, over: Partial<JournalEntryInput> = {}): JournalEntryInput => ({
  requestId: `req_spend_${n}`,
  accountId: 'acc_1',
  walletId: 'wal_a',
  kind: 'address',
  amountMsat: 10_000,
  feeLimitMsat: 500,
  target: 'alice@sim.example',
  ...over,
})
const links = (n: number, over: Record<string, unknown> = {}) => ({
  requestId: `req_links_${n}`,
  accountId: 'acc_1',
  walletId: 'wal_a',
  amountMsat: 100_000,
  feeLimitMsat: 5_000,
  ...over,
})

describe('spentSince', () => {
  it('counts a payment with its fee limit, then with the fee it paid', () => {
    const j = open()
    j.add(payment(1))
    expect(j.spentSince('acc_1', 0)).toBe(10_500)
    j.mark('req_spend_1', 'sent')
    j.mark('req_spend_1', 'paid', { feeMsat: 120 })
    expect(j.spentSince('acc_1', 0)).toBe(10_120)
    j.close()
  })

  it('leaves out own transfers, failed payments, other accounts and what is older', () => {
    const j = open()
    j.add(payment(1, { kind: 'transfer', target: 'wal_b' }))
    j.add(payment(2))
    j.mark('req_spend_2', 'failed')
    j.add(payment(3, { accountId: 'acc_2' }))
    j.add(payment(4, { createdAt: sec() - 100 }))
    expect(j.spentSince('acc_1', sec() - 50)).toBe(0)
    expect(j.spentSince('acc_1', sec() - 100)).toBe(10_500)
    expect(j.spentSince('acc_2', 0)).toBe(10_500)
    j.close()
  })

  it('adds withdraw links to payments, reserved whole and shrunk to what was made', () => {
    const j = open()
    j.add(payment(1))
    expect(j.addLinks(links(1))).toBe(true)
    expect(j.spentSince('acc_1', 0)).toBe(10_500 + 105_000)
    // two of four links made: the reservation shrinks, never grows
    j.settleLinks('req_links_1', { amountMsat: 50_000, feeLimitMsat: 2_500 })
    expect(j.spentSince('acc_1', 0)).toBe(10_500 + 52_500)
    j.settleLinks('req_links_1', { amountMsat: 90_000, feeLimitMsat: 4_000 })
    expect(j.spentSince('acc_1', 0)).toBe(10_500 + 52_500)
    // links of a given time count from then
    expect(j.addLinks(links(2, { createdAt: sec() - 100 }))).toBe(true)
    expect(j.spentSince('acc_1', sec() - 50)).toBe(10_500 + 52_500)
    j.close()
  })
})

describe('once per request id', () => {
  it('a known payment or links request is refused before its spending check runs again', () => {
    const j = open()
    let checks = 0
    const admit = () => void checks++
    expect(j.add(payment(1), admit).created).toBe(true)
    expect(j.add(payment(1), admit).created).toBe(false)
    expect(j.addLinks(links(1), admit)).toBe(true)
    expect(j.addLinks(links(1), admit)).toBe(false)
    expect(checks).toBe(2)
    j.close()
  })

  it('a refused spending check writes nothing', () => {
    const j = open()
    const refuse = () => {
      throw new Error('over the limit')
    }
    expect(() => j.addLinks(links(1), refuse)).toThrow('over the limit')
    expect(() => j.add(payment(1), refuse)).toThrow('over the limit')
    expect(j.spentSince('acc_1', 0)).toBe(0)
    expect(j.get('req_spend_1')).toBeNull()
    j.close()
  })

  it('refuses links with a malformed request id, account or wallet', () => {
    const j = open()
    expect(() => j.addLinks(links(1, { requestId: 'short' }))).toThrow()
    expect(() => j.addLinks(links(1, { requestId: `req_${'x'.repeat(125)}` }))).toThrow()
    expect(j.addLinks(links(1, { requestId: `req_${'x'.repeat(124)}` }))).toBe(true)
    expect(() => j.addLinks(links(2, { accountId: 'a'.repeat(257) }))).toThrow()
    expect(j.addLinks(links(2, { accountId: 'a'.repeat(256) }))).toBe(true)
    expect(() => j.addLinks(links(3, { walletId: 'w'.repeat(257) }))).toThrow()
    expect(j.addLinks(links(3, { walletId: 'w'.repeat(256) }))).toBe(true)
    expect(() => j.addLinks(links(4, { amountMsat: -1 }))).toThrow()
    j.close()
  })
})

describe('the service’s time of a spend', () => {
  it('is the time the spending check answers, whatever the entry said', () => {
    const j = open()
    const judged = sec() - 3_600
    j.add(payment(1, { createdAt: sec() + 90_000 }), () => judged)
    expect(j.get('req_spend_1')?.createdAt).toBe(judged)
    expect(j.addLinks(links(1, { createdAt: sec() - 90_000 }), () => judged)).toBe(true)
    // both count from when they were judged: not yet gone a day later than that, gone after
    expect(j.spentSince('acc_1', judged)).toBe(10_500 + 105_000)
    expect(j.spentSince('acc_1', judged + 1)).toBe(0)
    j.close()
  })

  it('moves on to the service’s time of the payment, and never back', () => {
    const j = open()
    j.add(payment(1), () => sec() - 86_000)
    j.mark('req_spend_1', 'sent')
    j.mark('req_spend_1', 'paid', { txId: 'wtx_1', atSec: sec() })
    expect(j.get('req_spend_1')?.createdAt).toBe(sec())
    j.add(payment(2), () => sec())
    j.mark('req_spend_2', 'unknown', { atSec: sec() - 86_000 })
    expect(j.get('req_spend_2')?.createdAt).toBe(sec())
    // links: moved on to the time after minting, never back
    j.addLinks(links(1), () => sec() - 86_000)
    j.settleLinks('req_links_1', { amountMsat: 100_000, feeLimitMsat: 5_000 }, sec())
    j.settleLinks('req_links_1', { amountMsat: 100_000, feeLimitMsat: 5_000 }, sec() - 90_000)
    expect(j.spentSince('acc_1', sec())).toBe(2 * 10_500 + 105_000)
    j.close()
  })

  it('the newest time seen is kept per account, only ever later, across a restart', () => {
    const j = open()
    expect(j.serviceTimeSeen('acc_1')).toBeNull()
    j.noteServiceTime('acc_1', 1_800_000_000)
    j.noteServiceTime('acc_1', 1_700_000_000) // an older clue never takes the day back
    j.noteServiceTime('acc_2', 1_750_000_000)
    j.close()
    const again = open()
    expect(again.serviceTimeSeen('acc_1')).toBe(1_800_000_000)
    expect(again.serviceTimeSeen('acc_2')).toBe(1_750_000_000)
    expect(() => again.noteServiceTime('acc_1', -1)).toThrow()
    again.close()
  })
})

describe('states', () => {
  it('a sent payment may end paid, failed or unknown; an unknown one paid or failed; a paid one nothing', () => {
    const j = open()
    for (const [n, end] of [
      [1, 'paid'],
      [2, 'failed'],
      [3, 'unknown'],
    ] as const) {
      j.add(payment(n))
      j.mark(`req_spend_${n}`, 'sent')
      expect(j.mark(`req_spend_${n}`, end).state).toBe(end)
    }
    expect(j.mark('req_spend_3', 'failed').state).toBe('failed')
    j.add(payment(4))
    j.mark('req_spend_4', 'unknown')
    expect(j.mark('req_spend_4', 'paid').state).toBe('paid')
    expect(() => j.mark('req_spend_1', 'failed')).toThrow(/cannot become/)
    j.close()
  })

  it('the same state with the same words leaves the entry as it was, its time too', () => {
    const j = open()
    j.add(payment(1))
    j.mark('req_spend_1', 'unknown', { error: 'no answer' })
    const before = j.get('req_spend_1')
    clock += 60_000
    expect(j.mark('req_spend_1', 'unknown', { error: 'no answer' })).toEqual(before)
    expect(j.mark('req_spend_1', 'unknown', { error: 'still no answer' }).updatedAt).toBe(sec())
    j.close()
  })

  it('finds failed payments of one account only when asked for it, and is shut once closed', () => {
    const j = open()
    j.add(payment(1))
    j.mark('req_spend_1', 'failed')
    j.add(payment(2, { accountId: 'acc_2' }))
    j.mark('req_spend_2', 'failed')
    expect(
      j
        .failedSince(0)
        .map((e) => e.requestId)
        .sort(),
    ).toEqual(['req_spend_1', 'req_spend_2'])
    expect(j.failedSince(0, 'acc_2').map((e) => e.requestId)).toEqual(['req_spend_2'])
    j.close()
    expect(() => j.get('req_spend_1')).toThrow()
  })
})
