import { describe, expect, it } from 'vitest'
import {
  ErrorBody,
  LnTx,
  LnTxFields,
  LnurlStatus,
  ProbeResult,
  Wallet,
  WalletTransaction,
  WithdrawDescriptor,
  walletBalanceMsat,
} from '../../electron/main/services/backends/service/schemas'

const wallet = {
  id: 'wal_abc',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
  user_label: 'Main',
  balance: 1500,
  balance_msat: 1_500_250,
  default_lnurlpay_id: 'lnurlp_x',
  statusType: { type: 'wallet', name: 'active', display_name: 'Active' },
  walletType: { name: 'generic_wallet', display_name: 'Generic Wallet' },
  ln_node_id: 'lnod_extra', // extra keys are tolerated
}

const lntx = {
  id: 'lntx_1',
  created_at: 1_700_000_000,
  ln_node_id: 'lnod_1',
  dest_pubkey: '02'.padEnd(66, 'a'),
  payment_request: 'lnbcrt10u1p...',
  r_hash_decoded: 'ab'.repeat(32),
  memo: null,
  description_hash: null,
  payment_addr: null,
  num_satoshis: 1000,
  fee_msat: 0,
  expiry: 86400,
  expires_at: 1_700_086_400,
  payment_preimage: null,
  settled: 0,
  settled_at: null,
  is_keysend: null,
  is_amp: '0',
  custom_records: null,
}

describe('service schemas', () => {
  it('parses a wallet tolerantly and prefers balance_msat', () => {
    const w = Wallet.parse(wallet)
    expect(walletBalanceMsat(w)).toBe(1_500_250)
    expect(walletBalanceMsat(Wallet.parse({ ...wallet, balance_msat: null }))).toBe(1_500_000)
    expect(w).not.toHaveProperty('ln_node_id')
  })

  it('is strict where the app depends on a value', () => {
    expect(Wallet.safeParse({ ...wallet, balance: '1500' }).success).toBe(false)
    expect(Wallet.safeParse({ ...wallet, balance: 1.5 }).success).toBe(false)
    expect(Wallet.safeParse({ ...wallet, id: '' }).success).toBe(false)
    expect(LnTx.safeParse({ ...lntx, settled: 2 }).success).toBe(false)
    expect(LnTx.safeParse({ ...lntx, settled: '1' }).success).toBe(false)
    expect(LnTx.safeParse({ ...lntx, num_satoshis: -1 }).success).toBe(false)
    expect(LnTx.safeParse({ ...lntx, r_hash_decoded: 'zz' }).success).toBe(false)
  })

  it('reads 0/1/true/null flags and trims by fields', () => {
    const t = LnTx.parse({ ...lntx, settled: 1, is_keysend: 1 })
    expect(t.settled).toBe(true)
    expect(t.is_keysend).toBe(true)
    expect(t.is_amp).toBe(false)
    expect(LnTxFields.parse({ settled: 0, num_satoshis: 5 })).toEqual({ settled: false, num_satoshis: 5 })
    expect(LnTxFields.safeParse({ settled: 'yes' }).success).toBe(false)
  })

  it('normalises passThru, including PHP’s [] and JSON strings', () => {
    const base = {
      id: 'wtx_1',
      created_at: 1,
      num_satoshis: -100,
      user_label: null,
      wal: wallet,
      wtxType: { layer: 'ln', name: 'ln_lnurl_pay_outbound', display_name: 'LNURL Pay Outbound' },
      lnTx: { ...lntx, settled: 1 },
    }
    expect(WalletTransaction.parse({ ...base, passThru: [] }).passThru).toEqual({})
    expect(WalletTransaction.parse({ ...base, passThru: '{"ott":"x"}' }).passThru).toEqual({ ott: 'x' })
    expect(WalletTransaction.parse({ ...base, passThru: 'not json' }).passThru).toEqual({})
    expect(WalletTransaction.parse({ ...base, passThru: { method: 'lnurlp' } }).passThru).toEqual({ method: 'lnurlp' })
    expect(WalletTransaction.parse({ ...base, lnTx: null }).lnTx).toBeNull()
  })

  it('reads LNURL bodies', () => {
    expect(
      WithdrawDescriptor.safeParse({
        tag: 'withdrawRequest',
        callback: 'http://127.0.0.1/cb?ott=1',
        k1: 'k',
        defaultDescription: '',
        minWithdrawable: 1000,
        maxWithdrawable: 5000,
      }).success,
    ).toBe(true)
    expect(LnurlStatus.parse({ status: 'ERROR', reason: 'spent' })).toEqual({ status: 'ERROR', reason: 'spent' })
    expect(LnurlStatus.safeParse({ status: 'ERROR' }).success).toBe(false)
    const p = ProbeResult.parse({ minSendable: 1000, maxSendable: 2000, metadata: '[["text/plain","Hi"],["bad"]]' })
    expect(p.metadata).toEqual([['text/plain', 'Hi']])
    expect(p.commentAllowed).toBe(0)
    expect(ProbeResult.safeParse({ minSendable: 1000, maxSendable: 2000, metadata: '{' }).success).toBe(false)
    expect(ErrorBody.safeParse({ name: 'Unauthorized', message: 'x', code: 0, status: 401 }).success).toBe(true)
  })
})
