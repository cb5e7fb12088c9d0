// What the relays' worker is told of get_balance (docs/nwc.md, "Speed", "Answered on the worker"): a read
// that failed there is learnt again, and main's answer to it waits until the worker has been told
// the new read, so that the app's next request meets it (the worker takes its messages in order);
// when the accounts change, nothing read with an old key is left there.
import { describe, expect, it } from 'vitest'
import type { BackendClient } from '../../../electron/main/services/backends'
import type { BalanceRead } from '../../../electron/main/services/backends/balanceRead'
import { createBalancesHere } from '../../../electron/main/services/nwc/balancesHere'
import type { Heard } from '../../../electron/main/services/nwc/gate'
import type { Connection } from '../../../electron/main/services/nwc/store'

const connection: Connection = {
  ...{ id: 'c1', name: 'An app', accountId: 'a1', walletId: 'w1', walletPubkey: 'ab'.repeat(32) },
  ...{ clientPubkey: 'cd'.repeat(32), relay: 'ws://127.0.0.1:1', budgetMsat: null, period: 'never' },
  ...{ methods: ['get_balance'], expiresAt: null, createdAt: 0, revokedAt: null },
} as Connection
// the worker's word that its read of `connection`'s balance failed
const unread: Heard = {
  walletPubkey: connection.walletPubkey,
  id: 'e1',
  pubkey: connection.clientPubkey,
  enc: 'nip44_v2',
  unread: true,
}

function world() {
  let key = 'old'
  let asked = 0
  let slow: Promise<void> = Promise.resolve()
  const told: string[][] = []
  const here = createBalancesHere({
    // the account's key as its client has it when asked; learning it takes as long as `slow`
    clientFor: () =>
      ({
        balanceRead: async (): Promise<BalanceRead> => {
          const now = key
          asked++
          await slow
          return { url: 'http://127.0.0.1:1/v1/wallet/w1', headers: { authorization: now }, shape: 'service' }
        },
      }) as unknown as BackendClient,
    all: () => [connection],
    live: () => true,
    pausedBecause: () => null,
    enabled: true,
    tell: () => told.push(here.here().map((h) => h.read.headers.authorization as string)),
  })
  return {
    here,
    told,
    replaceKey: (k: string) => {
      key = k
    },
    asked: () => asked,
    fast: () => {
      slow = Promise.resolve()
    },
    slowDown: () => {
      let go = () => {}
      slow = new Promise<void>((r) => {
        go = r
      })
      return go
    },
  }
}

describe("the relays' worker's get_balance reads", () => {
  it('a read that failed there is settled only once the worker was told the new key', async () => {
    const w = world()
    await w.here.learn(connection)
    expect(w.here.here()[0]?.read.headers.authorization).toBe('old')
    w.replaceKey('new')
    const go = w.slowDown()
    let settled = false
    const heard = (w.here.heard(unread) ?? Promise.reject(new Error('nothing to wait for'))).then(() => {
      settled = true
    })
    // still learning: main must not answer yet
    await new Promise((r) => setImmediate(r))
    expect(settled).toBe(false)
    expect(w.told).toEqual([])
    go()
    await heard
    expect(w.told).toEqual([['new']])
  })

  it('when the accounts change, the worker answers none alone until the reads are learnt anew', async () => {
    const w = world()
    await w.here.learn(connection)
    w.replaceKey('new')
    const go = w.slowDown()
    w.here.recheck()
    // told at once, with nothing of the old key left
    expect(w.told).toEqual([[]])
    expect(w.here.here()).toEqual([])
    go()
    await expect.poll(() => w.told).toEqual([[], ['new']])
  })

  it('a read learnt before the accounts changed is not kept after', async () => {
    const w = world()
    await w.here.learn(connection)
    // a failed read's learning starts with the old key and is slow; then the key is replaced
    const go = w.slowDown()
    const before = w.asked()
    const heard = w.here.heard(unread)
    await expect.poll(() => w.asked()).toBe(before + 1)
    w.fast()
    w.replaceKey('new')
    w.here.recheck()
    await expect.poll(() => w.told).toEqual([[], ['new']])
    // the old key's learning ends last: not kept, not told
    go()
    await heard
    expect(w.told).toEqual([[], ['new']])
    expect(w.here.here().map((h) => h.read.headers.authorization)).toEqual(['new'])
  })

  it('a read that failed for another reason, its key the same, tells the worker nothing', async () => {
    const w = world()
    await w.here.learn(connection)
    await w.here.heard(unread)
    expect(w.told).toEqual([])
  })
})
