// The controls over HTTP under /_sim: loopback only, and never with an API key (a request that
// carries one is refused, so an app pointed here by mistake cannot drive the simulator).

import type { FastifyInstance } from 'fastify'
import { isLoopbackHost } from '../../shared/lnurl'
import type { SimControl } from './control-api'
import type { FaultKind } from './faults'
import { bodyOf, carriesApiKey, errorBody, intField, queryOf, stringField } from './http'
import type { SimulatorHandle } from './index'
import { SimError } from './state'
import type { WalletRec } from './types'

const KINDS: readonly FaultKind[] = [
  'latency',
  'status',
  'malformed',
  'truncated',
  'reset',
  'wrongShape',
  'busy',
  'hold',
]

export function registerControl(
  app: FastifyInstance,
  control: SimControl,
  keys: () => SimulatorHandle['keys'],
  /** the LNbits flavor names each wallet by its LNbits id too */
  lnbitsId?: (w: WalletRec) => string,
): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/_sim')) return
    const remote = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
    if (!isLoopbackHost(remote)) return reply.code(403).send(errorBody(403, 'Controls answer on loopback only'))
    if (carriesApiKey(req)) return reply.code(403).send(errorBody(403, 'Controls never take an API key'))
  })

  app.get('/_sim/state', async () => ({
    keys: keys(),
    totals: control.totals(),
    recipients: control.recipients(),
    clock: control.clock.now(),
    wallets: [...control.ledger.wallets.values()].map((w) => ({
      ...(lnbitsId ? { id: lnbitsId(w), sim_id: w.id } : { id: w.id }),
      label: w.label,
      balance_msat: w.balanceMsat,
    })),
  }))

  app.post('/_sim/settle', async (req) => {
    const b = bodyOf(req)
    // `payment_hash` for the LNbits flavor (an LNbits payment is named by its hash)
    const id = (stringField(b, 'payment_hash') ?? stringField(b, 'id', { required: true })) as string
    await control.settleInvoice(id, intField(b, 'amountSat', { min: 1 }))
    return { ok: true }
  })

  app.post('/_sim/inbound', async (req) => {
    const b = bodyOf(req)
    await control.payInbound(
      stringField(b, 'walletId', { required: true }) as string,
      intField(b, 'amountSat', { required: true, min: 1 }) as number,
      stringField(b, 'memo'),
    )
    return { ok: true }
  })

  app.post('/_sim/auto-settle', async (req) => {
    const afterMs = intField(bodyOf(req), 'afterMs', { min: 0 }) ?? null
    control.setAutoSettle(afterMs)
    return { ok: true, afterMs }
  })

  app.post('/_sim/faults', async (req) => {
    const b = bodyOf(req)
    const kind = stringField(b, 'kind', { required: true }) as FaultKind
    if (!KINDS.includes(kind)) throw new SimError(400, `kind must be one of ${KINDS.join(', ')}`)
    const path = stringField(b, 'path', { required: true }) as string
    const when = stringField(b, 'when')
    if (when != null && when !== 'before' && when !== 'after') throw new SimError(400, 'when must be before or after')
    control.injectFault({
      kind,
      path: b.regex === true || b.regex === 'true' ? new RegExp(path) : path,
      method: stringField(b, 'method'),
      status: intField(b, 'status', { min: 100, max: 599 }),
      ms: intField(b, 'ms', { min: 0 }),
      times: intField(b, 'times', { min: 1 }),
      when,
      body: stringField(b, 'body'),
    })
    return { ok: true }
  })

  app.delete('/_sim/faults', async () => {
    control.clearFaults()
    return { ok: true }
  })

  app.get('/_sim/clock', async () => ({ now: control.clock.now() }))
  app.post('/_sim/clock/advance', async (req) => {
    control.clock.advance(intField(bodyOf(req), 'seconds', { required: true }) as number)
    return { now: control.clock.now() }
  })
  app.post('/_sim/clock/reset', async () => {
    control.clock.reset()
    return { now: control.clock.now() }
  })

  app.get('/_sim/requests', async (req) => {
    const q = queryOf(req)
    return control.requests({ method: q.method, path: q.path })
  })
  app.delete('/_sim/requests', async () => {
    control.resetRequests()
    return { ok: true }
  })

  app.get('/_sim/recipients', async () => control.recipients())
  app.post('/_sim/recipients', async (req) => {
    const b = bodyOf(req)
    control.addRecipient({
      address: stringField(b, 'address', { required: true }) as string,
      description: stringField(b, 'description') ?? '',
      minSendableMsat: intField(b, 'minSendableMsat', { required: true, min: 1 }) as number,
      maxSendableMsat: intField(b, 'maxSendableMsat', { required: true, min: 1 }) as number,
      commentAllowed: intField(b, 'commentAllowed', { min: 0 }) ?? 0,
      ...(b.successAction !== undefined ? { successAction: b.successAction } : {}),
    })
    return { ok: true }
  })

  app.post('/_sim/wallets', async (req, reply) => {
    const b = bodyOf(req)
    const w = control.createWallet(stringField(b, 'label') ?? 'Wallet', intField(b, 'balanceSat', { min: 0 }))
    reply.code(201)
    return w
  })

  app.post('/_sim/secret-key', async () => ({ secret: control.replaceSecretKey() }))

  app.get('/_sim/totals', async () => control.totals())

  app.post('/_sim/outside-invoice', async (req) => {
    const b = bodyOf(req)
    return {
      payment_request: control.outsideInvoice(
        intField(b, 'amountSat', { required: true, min: 1 }) as number,
        stringField(b, 'memo'),
      ),
    }
  })
}
