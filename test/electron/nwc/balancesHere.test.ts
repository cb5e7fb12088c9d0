// What the relays' worker is told of get_balance (docs/nwc.md, "Speed", "Answered on the worker"): a read
// that failed there is learnt again, and main's answer to it waits until the worker has been told
// the new read, so that the app's next request meets it (the worker takes its messages in order);
// when the accounts change, nothing read with an old key is left there.
import { describe, expect, it } from 'vitest'
import type { BackendClient } from '../../../electron/main/services/backends'
import type { BalanceRead } from '../../../electron/main/services/backends/balanceRead'
import { createBalancesHere } from '../../../electron/main/services/nwc/balancesHere'
import type { Connection } from '../../../electron/main/services/nwc/store'

const connection: Connection = {
  ...{ id: 'c1', name: 'An app', accountId: 'a1', walletId: 'w1', walletPubkey: 'ab'.repeat(32) },
  ...{ clientPubkey: 'cd'.repeat(32), relay: 'ws://127.0.0.1:1', budgetMsat: null, period: 'never' },
  ...{ methods: ['get_balance'], expiresAt: null, createdAt: 0, revokedAt: null },
} as Connection

function world() {
  let key = 'old'
  let slow: Promise<void> = Promise.resolve()
  const told: string[][] = []
  const here = createBalancesHere({
    // the account's key as its client has it now; learning it takes as long as `slow`
    clientFor: () =>
      ({
        balanceRead: async (): Promise<BalanceRead> => {
          await slow
          return { url: 'http://127.0.0.1:1/v1/wallet/w1', headers: { authorization: key }, shape: 'service' }
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
    const heard = w.here.heard({ walletPubkey: connection.walletPubkey, unread: true } as never).then(() => {
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

  it('a read that failed for another reason, its key the same, tells the worker nothing', async () => {
    const w = world()
    await w.here.learn(connection)
    await w.here.heard({ walletPubkey: connection.walletPubkey, unread: true } as never)
    expect(w.told).toEqual([])
  })
})
