// A valid input for every contract operation: the router fuzz spoils them one way at a time, and
// the lock test sends them as they are (a refusal then comes from the lock, not from the input).
import type { OpName } from '@shared/contract'
import { encodeLnurl } from '@shared/lnurl'

export function validSamples(o: {
  simUrl: string
  apiKey: string
  walletId: string
}): Record<OpName, Record<string, unknown>> {
  const { walletId } = o
  const connect = { kind: 'service', baseUrl: o.simUrl, apiKey: o.apiKey, authMethod: 'header' }
  return {
    'app.info': {},
    'rates.get': {},
    'accounts.list': {},
    // one kind each, so the fuzz spoils both kinds' fields; the string is valid for the contract,
    // and main then refuses it at once (it names no relay), reaching nothing
    'accounts.test': { kind: 'nwc', uri: `nostr+walletconnect://${'ab'.repeat(32)}?secret=${'cd'.repeat(32)}` },
    'accounts.connect': { ...connect, label: 'Fuzz', storage: 'memory' },
    'accounts.switch': { id: 'acc_1' },
    'accounts.update': { id: 'acc_1', label: 'New name', authMethod: 'basic' },
    'accounts.replaceKey': { id: 'acc_1', apiKey: o.apiKey },
    'accounts.remove': { id: 'acc_1' },
    'wallets.list': {},
    'wallets.get': { walletId },
    'wallets.staticLink': { walletId },
    'transactions.page': { walletId, page: 1, perPage: 20 },
    'lntx.get': { id: 'lntx_1' },
    'invoices.create': { walletId, amountSat: 100, memo: 'Coffee', expirySec: 3600 },
    'invoices.list': {},
    'invoices.focus': { id: 'lntx_1' },
    'invoices.check': { id: 'lntx_1' },
    'lnurl.probe': { address: 'alice@sim.example' },
    'pay.lightningAddress': {
      walletId,
      address: 'alice@sim.example',
      amountMsat: 1000,
      comment: 'hi',
      requestId: 'req-00000001',
    },
    'withdraw.create': { walletId, amountSat: 10, memo: 'Gift', requestId: 'req-00000002' },
    'withdraw.list': {},
    'withdraw.focus': { ott: 'ott_1' },
    'vouchers.create': { walletId, count: 12, amountSat: 1000, note: 'Meetup', requestId: 'req-00000003' },
    'vouchers.save': { otts: ['ott_1', 'ott_2'], note: 'Meetup' },
    // a closed port on loopback: the claim's read fails at once, reaching nobody
    'claim.read': { lnurl: encodeLnurl('http://127.0.0.1:9/lnurlw/fuzz') },
    'claim.run': {
      lnurl: encodeLnurl('http://127.0.0.1:9/lnurlw/fuzz'),
      walletId,
      amountSat: 10,
      requestId: 'req-00000004',
    },
    'pay.decode': { invoice: 'lnbcrt1' },
    'pay.invoice': { accountId: 'acc_1', walletId, invoice: 'lnbcrt1', requestId: 'req-00000005' },
    'payments.unfinished': {},
    'payments.check': {},
    'payments.recipients': {},
    'history.page': { walletId, direction: 'sent', kind: 'lightning', search: 'coffee', limit: 10, page: 2 },
    'history.label': { txId: 'wtx_1', label: 'Rent' },
    'history.exportCsv': { walletId, search: 'coffee', requestId: 'req-00000006' },
    'wallets.transfer': {
      fromWalletId: walletId,
      toWalletId: 'wal_other',
      amountSat: 10,
      memo: 'Savings',
      requestId: 'req-00000007',
    },
    'wallets.create': { name: 'Savings', showKeys: false, requestId: 'req-00000008' },
    'wallets.setLocal': { walletId, name: 'Rent', hidden: false },
    'settings.get': {},
    'settings.update': { theme: 'dark', pollIntervalSec: 30, notifications: false },
    'window.pin': { pinned: true },
    'link.open': { url: 'https://tickets.example/t/12' },
    'spending.get': { accountId: 'acc_1' },
    'spending.set': { accountId: 'acc_1', confirmAboveSat: 1000, dailyLimitSat: 50_000, passphrase: 'horse battery' },
    'spending.confirm': { accountId: 'acc_1', amountMsat: 2_000_000, passphrase: 'horse battery' },
    'backup.status': {},
    'backup.export': { passphrase: 'correct horse battery', includeKeys: true, appPassphrase: 'horse battery' },
    'backup.restore': { passphrase: 'correct horse battery' },
    'backup.dismissNudge': {},
    'lock.status': {},
    'lock.unlock': { passphrase: 'correct horse battery' },
    'lock.osUnlock': {},
    'lock.lock': {},
    'lock.set': { passphrase: 'correct horse battery', current: 'the old passphrase' },
    'lock.remove': { current: 'the old passphrase' },
    'nwc.list': {},
    'nwc.create': { name: 'Primal', walletId, budgetSat: 1000, period: 'daily', methods: ['pay_invoice'] },
    'nwc.get': { id: 'nwc_1' },
    'nwc.revoke': { id: 'nwc_1' },
    'nwc.settings': { paused: true },
    'move.plan': { fromAccountId: 'acc_1' },
    'move.run': { fromAccountId: 'acc_1', toAccountId: 'acc_2', toWalletId: 'wal_other', requestId: 'req-00000009' },
    'nwc.readPairing': { link: 'nostrnwc://connect?appname=X' },
    'nwc.pairIcon': { url: 'https://app.example/icon.png' },
  }
}
