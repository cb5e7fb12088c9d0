// Operation and event names, kept free of zod so the sandboxed preload stays tiny.
// `contract/index.ts` is typed against these lists, so the two cannot drift apart.
export const OP_NAMES = [
  'app.info',
  'accounts.list',
  'accounts.test',
  'accounts.connect',
  'accounts.switch',
  'accounts.update',
  'accounts.replaceKey',
  'accounts.remove',
  'wallets.list',
  'wallets.get',
  'wallets.staticLink',
  'transactions.page',
  'lntx.get',
  'invoices.create',
  'invoices.list',
  'invoices.focus',
  'invoices.check',
  'lnurl.probe',
  'pay.lightningAddress',
  'withdraw.create',
  'withdraw.list',
  'withdraw.focus',
  'vouchers.create',
  'vouchers.save',
  'claim.read',
  'claim.run',
  // payments (invoices, the journal of payments in flight)
  'pay.decode',
  'pay.invoice',
  'payments.unfinished',
  'payments.check',
  'payments.recipients',
  // shell: the tray popover, links opened in the browser
  'window.pin',
  'link.open',
  // history (the ledger) and wallet management
  'history.page',
  'history.label',
  'history.exportCsv',
  'wallets.transfer',
  'wallets.create',
  'wallets.setLocal',
  'settings.get',
  'settings.update',
  'rates.get',
  // spending rules per account, and the encrypted backup (issue 24; docs/security.md)
  'spending.get',
  'spending.set',
  'spending.confirm',
  'backup.status',
  'backup.export',
  'backup.restore',
  'backup.dismissNudge',
  // the app lock (docs/security.md)
  'lock.status',
  'lock.unlock',
  'lock.osUnlock',
  'lock.lock',
  'lock.set',
  'lock.remove',
  // connected apps (docs/nwc.md)
  'nwc.list',
  'nwc.create',
  'nwc.get',
  'nwc.revoke',
  'nwc.settings',
  // moving everything off an account (docs/move.md)
  'move.plan',
  'move.run',
  'nwc.readPairing',
  'nwc.pairIcon',
] as const

export const EVENT_NAMES = [
  'invoice.updated',
  'withdraw.updated',
  'vouchers.progress',
  'wallets.updated',
  'settings.updated',
  'accounts.updated',
  'navigate',
  'notice',
  'connection',
  'rates.updated',
  // sync loop: rows were added to the ledger
  'ledger.updated',
  'payments.updated',
  'history.progress',
  // sync loop: how much of an account's history its first sync has stored
  'sync.progress',
  'clipboard.offer',
  // the app lock was set, removed, locked or unlocked, or a passphrase was wrong
  'lock.changed',
  // a connected app was made, used, paused or revoked
  'nwc.updated',
] as const

export type OpName = (typeof OP_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

export const opChannel = (name: OpName) => `wallet:op:${name}`
export const eventChannel = (name: EventName) => `wallet:event:${name}`
