// The service simulator: a local /v1 service over real HTTP, for every test and for the demo.
// startSimulator() runs it in-process; cli.ts runs it from the command line.
import Fastify, { type FastifyInstance } from 'fastify'
import { registerAddresses } from './address-routes'
import { createClock } from './clock'
import { registerControl } from './control'
import {
  createControl,
  type SimControl,
  type SimPayee,
  type SimVoucher,
  type SimWallet,
  simWallet,
} from './control-api'
import { registerOutsideControl } from './control-outside'
import { type FaultSpec, Faults, type RequestLogEntry, registerFaults } from './faults'
import { errorBody, registerBodyParsers } from './http'
import { LnbitsError, type LnbitsFeeSettings, type LnbitsWallet, registerLnbits } from './lnbits'
import { registerOutside, Stalls } from './outside-routes'
import { createSaver, readState, writeStateAtomic } from './persist'
import { registerV1 } from './routes'
import { registerLnurl } from './routes-lnurl'
import { registerPay } from './routes-pay'
import { applySeed, type SeedName } from './seed'
import { Ledger, type PayeeSpec, type Recipient, SimError, type VoucherSpec } from './state'

export type {
  FaultSpec,
  PayeeSpec,
  Recipient,
  RequestLogEntry,
  SeedName,
  SimControl,
  SimPayee,
  SimVoucher,
  SimWallet,
  VoucherSpec,
}
export { SimError }

export interface SimulatorOptions {
  port?: number
  host?: string
  seed?: SeedName
  /** the `huge` seed's number of wallet transactions (default 100,000) */
  tx?: number
  dataFile?: string
  logger?: boolean
  /**
   * serve the interface's invoice path `/v1/user/wallet/<key>/invoice` (default true); false answers
   * 404 there, as the published server's code does, for a client's fallback test
   */
  legacyInvoiceRoute?: boolean
  /** refuse invoices above this many sats, as the hosted service's default cap (10,000) did; default none */
  invoiceCapSat?: number | null
  /** refuse payments above this many sats per request ("Sends are limited to: N …"); default none */
  sendCapSat?: number | null
  /** `service` (the default): the wallet service's /v1; `lnbits`: LNbits' API (test/simulator/lnbits) */
  flavor?: 'service' | 'lnbits'
  /** the LNbits flavor's fee reserve settings (default LNbits' own: 2,000 msat, 1 %) */
  lnbitsFees?: Partial<LnbitsFeeSettings>
}

export interface SimulatorHandle {
  url: string
  keys: { secret: string; public: string; wallets: SimWallet[] }
  /** the LNbits flavor's wallets (id, name, adminkey, inkey); empty in the service flavor */
  lnbits: LnbitsWallet[]
  control: SimControl
  /** the fastify instance (e.g. `inject` with a remote address) */
  server: FastifyInstance
  close(): Promise<void>
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const clock = createClock()
  const ledger = new Ledger({ clock, invoiceCapSat: opts.invoiceCapSat ?? null, sendCapSat: opts.sendCapSat ?? null })
  const stored = opts.dataFile ? readState(opts.dataFile) : null
  if (stored) ledger.load(stored)
  else applySeed(ledger, opts.seed ?? 'demo', { tx: opts.tx })
  const account = [...ledger.accounts.values()][0]
  if (!account) throw new Error('the simulator state has no account')
  let flush = () => {}
  if (opts.dataFile) {
    const file = opts.dataFile
    if (!stored) writeStateAtomic(file, ledger.toData())
    const saver = createSaver(file, () => ledger.toData())
    ledger.onChange = () => saver.changed()
    flush = saver.flush
  }

  const faults = new Faults()
  const timers = new Set<NodeJS.Timeout>()
  let autoSettleMs: number | null = null
  let dateHeader = true
  ledger.onInvoice = (tx) => {
    if (autoSettleMs == null) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      try {
        if (tx.settledAt == null && !ledger.isExpired(tx)) ledger.settleFromOutside(tx.id, tx.amountMsat ?? 1000)
      } catch {
        // paid meanwhile by another wallet: nothing to do
      }
    }, autoSettleMs)
    timers.add(timer)
  }

  let url = ''
  const control = createControl({
    ledger,
    clock,
    faults,
    accountId: account.id,
    baseUrl: () => url,
    setAutoSettle(afterMs) {
      autoSettleMs = afterMs
    },
    setDateHeader(on) {
      dateHeader = on
    },
  })

  // Close drops open connections too: a test that injected latency must not wait it out on close.
  // Path parameters may be long: a probe of an LNURL or of a pasted BOLT 11 request.
  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? false,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 4096 },
  })
  registerBodyParsers(app)
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof LnbitsError) return reply.code(err.status).send(err.body())
    if (err instanceof SimError) return reply.code(err.status).send(errorBody(err.status, err.message))
    const status = (err as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500)
      return reply.code(status).send(errorBody(status, (err as Error).message))
    return reply.code(500).send(errorBody(500, 'An internal server error occurred.'))
  })
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send(opts.flavor === 'lnbits' ? { detail: 'Not Found' } : errorBody(404, 'Page not found.')),
  )
  registerFaults(app, faults)
  // The service's Date header and its created_at come from one clock: a test that moves the
  // simulator's clock moves both (after a fault's delay, as a real answer is dated when sent).
  // Off (setDateHeader(false)): no Date at all, as behind a proxy that drops it.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (dateHeader) reply.header('date', new Date(clock.now() * 1000).toUTCString())
    else {
      reply.removeHeader('date')
      reply.raw.sendDate = false
    }
    return payload
  })
  const lnbits = opts.flavor === 'lnbits' ? registerLnbits(app, ledger, opts.lnbitsFees) : null
  if (!lnbits) {
    registerV1(app, ledger, { legacyInvoiceRoute: opts.legacyInvoiceRoute ?? true })
    registerPay(app, ledger)
    registerLnurl(app, ledger)
  }
  const stalls = new Stalls()
  registerOutside(app, ledger, stalls)
  registerAddresses(app, ledger)
  const keys = () => ({
    secret: account.secretKey,
    public: account.publicKey,
    wallets: [...ledger.wallets.values()].filter((w) => w.accountId === account.id).map(simWallet),
  })
  registerControl(app, control, keys, lnbits ? (w) => lnbits.wallets.of(w).id : undefined)
  registerOutsideControl(app, control)

  const host = opts.host ?? '127.0.0.1'
  await app.listen({ port: opts.port ?? 0, host })
  const addr = app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : opts.port
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  return {
    url,
    keys: keys(),
    lnbits: lnbits?.wallets.all() ?? [],
    control,
    server: app,
    async close() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      stalls.releaseAll()
      lnbits?.close()
      await app.close()
      flush()
    },
  }
}
