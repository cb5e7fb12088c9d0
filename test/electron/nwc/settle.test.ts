// A reservation left by a crash or a lost answer is settled from the payment journal (real files):
// no entry frees it, a paid one counts with its fee cap, one still unknown stays counted.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { requestIdOf } from '../../../electron/main/services/nwc/pay'
import { settleFromJournal } from '../../../electron/main/services/nwc/settle'
import { type NwcStore, openNwcStore } from '../../../electron/main/services/nwc/store'
import { type Journal, openJournal } from '../../../electron/main/services/payments'

let dir = ''
let store: NwcStore
let journal: Journal
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lt-nwc-settle-'))
  store = openNwcStore({ dir, now: Date.now })
  journal = openJournal({ dir, now: Date.now })
})
afterEach(async () => {
  store.close()
  journal.close()
  await rm(dir, { recursive: true, force: true })
})

const spend = (eventId: string, hash: string) => ({
  ...{ eventId, connectionId: 'nwc_1', amountMsat: 100_000, reservedMsat: 101_000, paymentHash: hash, createdAt: 10 },
})
const entry = (eventId: string) => ({
  ...{ requestId: requestIdOf(eventId), accountId: 'acc_1', walletId: 'wal_1', kind: 'invoice' as const },
  ...{ amountMsat: 100_000, feeLimitMsat: 1_000, target: `lnbc${eventId}` },
})

it('settles what the journal knows and leaves what it does not', () => {
  const [a, b, c] = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)]
  for (const id of [a, b, c]) expect(store.reserve(spend(id, id), 1_000_000, 0)).toBe('ok')
  expect(store.used('nwc_1', 0)).toBe(303_000)
  journal.add(entry(b))
  journal.mark(requestIdOf(b), 'paid', { txId: 'wtx_1' })
  journal.add(entry(c))
  journal.mark(requestIdOf(c), 'sent')
  expect(settleFromJournal(store, journal)).toBe(2)
  const states = Object.fromEntries(store.spends('nwc_1', 10).map((s) => [s.eventId, s.state]))
  expect(states).toEqual({ [a]: 'failed', [b]: 'paid', [c]: 'reserved' })
  // a freed; b counts amount + the fee cap (its real fee unknown here); c stays reserved
  expect(store.used('nwc_1', 0)).toBe(202_000)
  // a freed invoice may be tried again; one paid may not
  expect(store.reserve(spend('d'.repeat(64), a), 1_000_000, 0)).toBe('ok')
  expect(store.reserve(spend('e'.repeat(64), b), 1_000_000, 0)).toBe('paid')
})
