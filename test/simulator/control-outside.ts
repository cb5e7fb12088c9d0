// The outside parties over HTTP, under /_sim/outside (loopback only, never with an API key: the
// guard in control.ts covers every /_sim path): another service's vouchers, outside payees and
// payers, and the outside book.

import type { FastifyInstance } from 'fastify'
import type { SimControl } from './control-api'
import { bodyOf, intField, stringField } from './http'
import type { Voucher, VoucherSpec } from './state'

// checked by createVoucher
const mode = (b: Record<string, unknown>, name: string) => stringField(b, name) as Voucher['callback'] | undefined

export function registerOutsideControl(app: FastifyInstance, control: SimControl): void {
  app.post('/_sim/outside/vouchers', async (req, reply) => {
    const b = bodyOf(req)
    const spec: VoucherSpec = {
      maxSat: intField(b, 'maxSat', { min: 1 }),
      minSat: intField(b, 'minSat', { min: 1 }),
      description: stringField(b, 'description', { max: 639 }),
      uses: intField(b, 'uses', { min: 0 }),
      expiresIn: intField(b, 'expiresIn'),
      descriptor: mode(b, 'descriptor') as VoucherSpec['descriptor'],
      callback: mode(b, 'callback'),
      errorReason: stringField(b, 'errorReason', { max: 639 }),
      stallMs: intField(b, 'stallMs', { min: 0 }),
      payAfterMs: intField(b, 'payAfterMs', { min: 0 }),
    }
    reply.code(201)
    return control.outside.voucher(spec)
  })
  app.get('/_sim/outside/vouchers', async () => control.outside.vouchers())

  app.post('/_sim/outside/payees', async (req, reply) => {
    const b = bodyOf(req)
    const flag = (name: string) => b[name] === true || b[name] === 'true'
    const payee = control.outside.payee({
      amountSat: intField(b, 'amountSat', { min: 0 }) ?? null,
      memo: stringField(b, 'memo', { max: 639 }),
      expiry: intField(b, 'expiry', { min: 1 }),
      expired: flag('expired'),
      paidElsewhere: flag('paidElsewhere'),
    })
    reply.code(201)
    return payee
  })
  app.get('/_sim/outside/payees', async () => control.outside.payees())

  app.post('/_sim/outside/pay-link', async (req) => {
    const b = bodyOf(req)
    return control.outside.payLink(
      stringField(b, 'target', { required: true }) as string,
      intField(b, 'amountMsat', { required: true, min: 1 }) as number,
      stringField(b, 'comment'),
    )
  })

  app.get('/_sim/outside/book', async () => control.outside.book())
}
