// The payments module's own wiring (createPayments.ts), with stand-ins for the service and the
// ledger and a real journal: which client each operation asks for (reads may retry, money never),
// what it says moved afterwards, that the renderer hears of every change to an unfinished payment,
// and that a recipient is remembered at the time in seconds.
import { capabilitiesOf } from '@shared/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServiceClient } from '../../../electron/main/services/backends/service'
import { inAppTerms } from '../../../electron/main/services/backends/service/wallets'
import { createPayments, type PaymentsDeps } from '../../../electron/main/services/payments/createPayments'
import { type Journal, openJournal } from '../../../electron/main/services/payments/journal'
import { withTempDir } from '../services/ledger/helpers'

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0, 750)
const SEC = Math.floor(NOW / 1000)
let dir: string
let cleanup: () => Promise<void>
let journal: Journal
beforeEach(async () => {
  ;({ dir, cleanup } = await withTempDir())
  journal = openJournal({ dir, now: () => NOW })
})
afterEach(async () => {
  journal.close()
  await cleanup()
})

const wallet = (id: string) => ({ id, name: id, balanceMsat: 100_000_000, createdAt: SEC })
const row = (id: string, sat: number, name: string, passThru: Record<string, string> = {}) => ({
  id,
  created_at: SEC,
  num_satoshis: sat,
  user_label: null,
  wtxType: { name },
  passThru,
})

function setup() {
  const policies: Array<[string | undefined, string]> = []
  const moved: unknown[][] = []
  const events: Array<[string, unknown]> = []
  const recipients: unknown[][] = []
  // the service's answers, read in the app's terms as its backend does (backends/service/wallets.ts)
  const service = inAppTerms({
    payLightningAddress: async (_walletId: string, body: { passThru: Record<string, string> }) =>
      row('wtx_paid', -21, 'ln_lnurl_pay_outbound', body.passThru),
    transfer: async () => ({
      wtx_transfer_out: row('wtx_out', -500, 'ln_transfer_out', { dest_wallet_id: 'wal_b' }),
      wtx_transfer_in: row('wtx_in', 500, 'ln_transfer_in', { source_wallet_id: 'wal_a' }),
    }),
  } as unknown as ServiceClient)
  const client = {
    getWallet: async (id: string) => wallet(id),
    payLightningAddress: service.payLightningAddress,
    transfer: service.transfer,
    probe: async () => ({
      callback: 'https://sim.example/cb',
      minSendable: 1000,
      maxSendable: 1_000_000,
      metadata: [['text/plain', 'Alice']],
      commentAllowed: 0,
    }),
  }
  const deps = {
    journal: () => journal,
    clientFor: (accountId: string | undefined, policy: string) => {
      policies.push([accountId, policy])
      return client as never
    },
    activeAccountId: () => 'acc_1',
    capabilities: () => capabilitiesOf('service'),
    ledger: () =>
      ({
        recordRecipient: (...args: unknown[]) => void recipients.push(args),
        recentRecipients: () => [{ address: 'alice@sim.example' }],
        insertBatch: () => ({ inserted: 2 }),
        byRequestId: () => null,
      }) as never,
    emit: ((name: string, payload: unknown) => void events.push([name, payload])) as never,
    now: () => NOW,
    serviceTime: {
      nowSec: () => SEC,
      offsetMs: () => 0,
      created: (_id: string, call: () => Promise<unknown>) => call(),
    },
    spending: { admit: () => {}, nowSec: () => SEC },
    background: () => {},
    moved: (...args: unknown[]) => void moved.push(args),
  } satisfies Record<keyof Omit<PaymentsDeps, 'notifier' | 'notificationsOn' | 'at'>, unknown>
  return { payments: createPayments(deps as unknown as PaymentsDeps), policies, moved, events, recipients }
}

describe('createPayments', () => {
  it('pays an address with a client that never retries, then says the wallet moved and remembers whom', async () => {
    const s = setup()
    const paid = await s.payments.sendToAddress({
      address: 'alice@sim.example',
      amountMsat: 21_000,
      walletId: 'wal_a',
      requestId: 'req_cp_addr_1',
    })
    expect(paid.txId).toBe('wtx_paid')
    expect(s.policies).toEqual([['acc_1', 'once']])
    expect(s.moved).toEqual([['acc_1', ['wal_a'], 'payment']])
    expect(s.recipients).toEqual([['acc_1', 'alice@sim.example', SEC]])
  })

  it('tells the renderer of each change to an unfinished payment, with the journal’s list', async () => {
    const s = setup()
    await s.payments.sendToAddress({
      address: 'alice@sim.example',
      amountMsat: 21_000,
      walletId: 'wal_a',
      requestId: 'req_cp_addr_2',
    })
    const told = s.events.filter(([name]) => name === 'payments.updated')
    // sent, then paid: two changes, each with what is unfinished at that moment
    expect(told.length).toBeGreaterThanOrEqual(2)
    expect(told[0]?.[1]).toMatchObject({ payments: [{ requestId: 'req_cp_addr_2', state: 'sent' }] })
    expect(told.at(-1)?.[1]).toEqual({ payments: [] })
  })

  it('moves sats between two wallets and says both moved, as a transfer', async () => {
    const s = setup()
    await s.payments.moveBetweenWallets({
      fromWalletId: 'wal_a',
      toWalletId: 'wal_b',
      amountSat: 500,
      memo: '',
      requestId: 'req_cp_move_1',
    })
    expect(s.policies).toEqual([['acc_1', 'once']])
    expect(s.moved).toEqual([['acc_1', ['wal_a', 'wal_b'], 'transfer']])
  })

  it('looks a recipient up and lists recent ones with a client that may retry, since nothing moves', async () => {
    const s = setup()
    expect(await s.payments.lookUp('alice@sim.example')).toMatchObject({ address: 'alice@sim.example' })
    expect(s.policies).toEqual([['acc_1', 'retry']])
    expect(s.payments.recipients()).toEqual({ recipients: ['alice@sim.example'] })
  })
})
