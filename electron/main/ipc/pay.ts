// Paying, withdraw links and voucher sheets: each operation handed to its service as it is (input
// parsed by the router); the money rules are the payments module's (services/payments).
import type { Payments } from '../services/payments'
import type { createWithdrawLinks } from '../services/vouchers'
import type { OpIn } from './router'

export function payHandlers(p: Payments, links: ReturnType<typeof createWithdrawLinks>) {
  return {
    'pay.decode': ({ invoice }: OpIn<'pay.decode'>) => p.decode(invoice),
    'lnurl.probe': ({ address }: OpIn<'lnurl.probe'>) => p.lookUp(address),
    'pay.invoice': (input: OpIn<'pay.invoice'>) => p.sendToInvoice(input),
    'pay.lightningAddress': (input: OpIn<'pay.lightningAddress'>) => p.sendToAddress(input),
    'payments.unfinished': async () => p.unfinished(),
    'payments.check': () => p.check(),
    'payments.recipients': async () => p.recipients(),
    'withdraw.create': (input: OpIn<'withdraw.create'>) => links.one(input),
    'vouchers.create': (input: OpIn<'vouchers.create'>) => links.sheet(input),
    'vouchers.save': (input: OpIn<'vouchers.save'>) => links.saveSheet(input),
  }
}
