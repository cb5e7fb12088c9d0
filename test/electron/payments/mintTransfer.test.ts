// Withdraw links and own transfers as the payments module sends them (docs/architecture.md,
// "Money rules"), on a real journal with stand-ins for the service: a links reservation settles to
// what exists (every link made, and one whose answer was lost), never more than was asked; a
// transfer goes through the journaled send once, its rows into the ledger unannounced.

import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { setMainLocale } from '../../../electron/main/services/i18n'
import { type Journal, openJournal } from '../../../electron/main/services/payments/journal'
import { bindSend } from '../../../electron/main/services/payments/journaled'
import { type MintedLink, mintLinks } from '../../../electron/main/services/payments/links'
import { transferBetweenWallets } from '../../../electron/main/services/payments/transfer'
import { withTempDir } from '../services/ledger/helpers'

let dir: string
let cleanup: () => Promise<void>
let journal: Journal
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
  journal = openJournal({ dir, now: () => Date.UTC(2025, 5, 1) })
})
afterEach(async () => {
  journal.close()
  setMainLocale('en')
  await cleanup()
})

/** one link of 1,000 sats reserves its amount and its claim's fee cap */
const ONE_LINK_MSAT = 1_050_000
let n = 0
const spend = (count: number) => ({
  requestId: `req_links_${++n}`,
  accountId: 'acc_1',
  walletId: 'wal_a',
  count,
  amountSat: 1000,
  what: 'link' as const,
})
const minted = (i: number) => ({ ott: `ott_${i}` }) as unknown as MintedLink

/** a service whose mints answer, in turn, as given: a link, or an error thrown */
function service(answers: Array<'ok' | Error>) {
  let i = 0
  return {
    mintWithdrawLink: async () => {
      const a = answers[i++] ?? 'ok'
      if (a !== 'ok') throw a
      return minted(i)
    },
  }
}
let admitted: unknown[] = []
const deps = (answers: Array<'ok' | Error>) => ({
  journal,
  spending: {
    admit: (x: unknown) => admitted.push(x) && Math.floor(Date.UTC(2025, 5, 1) / 1000),
    dayNowSec: () => Math.floor(Date.UTC(2025, 5, 1) / 1000),
  },
  client: service(answers),
})
const mintAll = (count: number) => async (mint: () => Promise<MintedLink>) => {
  const out: MintedLink[] = []
  for (let i = 0; i < count; i++) out.push(await mint())
  return out
}
const spent = () => journal.spentSince('acc_1', 0)

describe('mintLinks', () => {
  it('keeps the whole reservation when every link is made, checked once against the spending rules', async () => {
    admitted = []
    expect(await mintLinks(deps([]), spend(3), mintAll(3))).toHaveLength(3)
    expect(spent()).toBe(3 * ONE_LINK_MSAT)
    expect(admitted).toEqual([
      { accountId: 'acc_1', what: 'link', confirmToken: undefined, amountMsat: 3_000_000, feeLimitMsat: 150_000 },
    ])
  })

  it('shrinks to the links made when the service refuses one (it made nothing then)', async () => {
    const refused = new AppError('insufficient_funds', 'Not enough sats.')
    await expect(mintLinks(deps(['ok', refused]), spend(3), mintAll(3))).rejects.toBe(refused)
    expect(spent()).toBe(1 * ONE_LINK_MSAT)
  })

  it('counts a link whose answer was lost, or whose failure is not the service’s word, as made', async () => {
    const lost = new AppError('unknown_outcome', 'No answer.')
    await expect(mintLinks(deps(['ok', lost]), spend(3), mintAll(3))).rejects.toBe(lost)
    expect(spent()).toBe(2 * ONE_LINK_MSAT)
    await expect(mintLinks(deps([new TypeError('socket hang up')]), spend(3), mintAll(3))).rejects.toThrow('hang up')
    expect(spent()).toBe(3 * ONE_LINK_MSAT)
  })

  it('settles even when the caller stops early, and never reserves more than it asked for', async () => {
    await expect(
      mintLinks(deps([]), spend(4), async (mint) => {
        await mint()
        throw new Error('the sheet could not be drawn')
      }),
    ).rejects.toThrow('drawn')
    expect(spent()).toBe(1 * ONE_LINK_MSAT)
    // a caller that mints more than it reserved: the reservation does not grow
    await mintLinks(deps([]), spend(1), mintAll(2))
    expect(spent()).toBe(2 * ONE_LINK_MSAT)
  })

  it('refuses a request id it has reserved before, in plain words, and mints nothing', async () => {
    const s = spend(1)
    await mintLinks(deps([]), s, mintAll(1))
    let mints = 0
    const again = mintLinks(deps([]), s, async (mint) => {
      mints++
      return mint()
    })
    await expect(again).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This was asked for before. Look in the list of withdraw links, then start again.',
    })
    expect(mints).toBe(0)
  })
})

describe('transferBetweenWallets', () => {
  const row = (id: string, sat: number, name: string, passThru: Record<string, string>) => ({
    id,
    created_at: 1_748_736_000,
    num_satoshis: sat,
    user_label: 'rent',
    wtxType: { name, display_name: name },
    passThru,
  })
  const out = row('wtx_out', -500, 'ln_transfer_out', { dest_wallet_id: 'wal_b' })
  const inn = row('wtx_in', 500, 'ln_transfer_in', { source_wallet_id: 'wal_a' })
  const input = (over: Record<string, unknown> = {}) => ({
    fromWalletId: 'wal_a',
    toWalletId: 'wal_b',
    amountSat: 500,
    memo: '',
    requestId: `req_move_${++n}`,
    ...over,
  })
  const setup = () => {
    const calls: unknown[] = []
    const batches: unknown[][] = []
    const send = bindSend({ journal: () => journal, inFlight: new Set(), changed: () => {} })
    const d = {
      accountId: 'acc_1',
      send,
      // the service's answer, read in the app's terms as its backend does (backends/service/wallets.ts)
      client: inAppTerms({
        transfer: async (...args: unknown[]) => {
          calls.push(args)
          return { wtx_transfer_out: out, wtx_transfer_in: inn } as never
        },
      } as unknown as ServiceClient),
      ledger: {
        insertBatch: (...args: unknown[]) => {
          batches.push(args)
          return undefined as never
        },
      },
    }
    return { d, calls, batches }
  }

  it('moves once, puts both rows in the ledger unannounced, and answers with both ids', async () => {
    const { d, calls, batches } = setup()
    const t = input({ memo: 'rent' })
    expect(await transferBetweenWallets(t, d)).toMatchObject({ outTxId: 'wtx_out', inTxId: 'wtx_in', memo: 'rent' })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject(['wal_a', { dest_wallet_id: 'wal_b', num_satoshis: 500, memo: 'rent' }])
    expect(batches).toHaveLength(1)
    expect(batches[0]?.[0]).toBe('acc_1')
    const rows = (batches[0]?.[1] ?? []) as Array<{ txId: string; walletId: string }>
    expect(rows.map((r) => [r.walletId, r.txId])).toEqual([
      ['wal_a', 'wtx_out'],
      ['wal_b', 'wtx_in'],
    ])
    expect(batches[0]?.[2]).toEqual({ announce: false })
    expect(journal.get(t.requestId)).toMatchObject({ kind: 'transfer', state: 'paid', txId: 'wtx_out' })
  })

  it('a request id sent before is told in the transfer’s own words, and not sent again', async () => {
    const { d, calls } = setup()
    const t = input()
    await transferBetweenWallets(t, d)
    // no memo: none is sent
    expect(Object.keys((calls[0] as [string, object])[1])).not.toContain('memo')
    await expect(transferBetweenWallets(t, d)).rejects.toMatchObject({
      code: 'unknown_outcome',
      message: 'This transfer was already sent once. Look in the history for it before moving the sats again.',
    })
    expect(calls).toHaveLength(1)
  })

  it('refuses the same wallet on both sides before anything is written', async () => {
    const { d, calls } = setup()
    const t = input({ toWalletId: 'wal_a' })
    await expect(transferBetweenWallets(t, d)).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Choose two different wallets.',
    })
    expect(journal.get(t.requestId)).toBeNull()
    expect(calls).toHaveLength(0)
  })
})
