// Shared by the ledger tests: temp folders and hand-made rows (light: crashChild.ts loads it).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PendingInvoice } from '@shared/contract'
import { afterEach, beforeEach } from 'vitest'
import {
  type Ledger,
  type LedgerTxInput,
  openLedger,
  type StoredWithdrawLink,
} from '../../../../electron/main/services/ledger'

export async function withTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-ledger-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** A fresh ledger in a fresh folder for each test; `t.ledger` may be replaced (reopened) by the test. */
export function ledgerPerTest(): { dir: string; ledger: Ledger } {
  const t = {} as { dir: string; ledger: Ledger; cleanup: () => Promise<void> }
  beforeEach(async () => {
    const tmp = await withTempDir()
    t.dir = tmp.dir
    t.cleanup = tmp.cleanup
    t.ledger = openLedger({ dir: t.dir })
  })
  afterEach(async () => {
    t.ledger.close()
    await t.cleanup()
  })
  return t
}

let seq = 0
/** A plain received payment unless told otherwise; ids are unique per call. */
export function row(over: Partial<LedgerTxInput> = {}): LedgerTxInput {
  seq++
  return {
    walletId: 'wal_a',
    txId: `wtx_${seq}`,
    typeName: 'ln_deposit',
    amountMsat: 1_000_000,
    createdAt: 1_700_000_000 + seq,
    memo: null,
    comment: null,
    payee: null,
    counterpartyWalletId: null,
    lnTxId: null,
    paymentHash: null,
    preimage: null,
    requestId: null,
    passThru: null,
    ...over,
  }
}

/** A pending invoice of acc_1 unless told otherwise. */
export const invoice = (over: Partial<PendingInvoice> = {}): PendingInvoice => ({
  id: 'lntx_1',
  walletId: 'wal_a',
  accountId: 'acc_1',
  amountSat: 2100,
  memo: 'Concert ticket',
  paymentRequest: 'lnbcrt21u1…',
  paymentHash: 'c'.repeat(64),
  createdAt: 100,
  expiresAt: 3700,
  status: 'pending',
  settledAt: null,
  ...over,
})

/** A waiting withdraw link of acc_1 unless told otherwise. */
export const link = (over: Partial<StoredWithdrawLink> = {}): StoredWithdrawLink => ({
  accountId: 'acc_1',
  walletId: 'wal_a',
  lnurl: 'LNURL1DP68GURN8GHJ7',
  uri: 'lightning:LNURL1DP68GURN8GHJ7',
  ott: 'ott_1',
  amountSat: 5000,
  memo: 'Gift',
  createdAt: 200,
  status: 'waiting',
  claimedAt: null,
  claimedMsat: null,
  claimTxId: null,
  ...over,
})
