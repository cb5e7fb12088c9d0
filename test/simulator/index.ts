// The service simulator: a local /v1 service over real HTTP, for every test and for the demo.
// startSimulator() runs it in-process; cli.ts runs it from the command line.
import Fastify, { type FastifyInstance } from 'fastify'
// relative, not '@shared/…': `tsx` runs this file outside vite's alias (npm run sim, npm run demo)
import { parseLightningAddress } from '../../shared/lnurl'
import { encodeInvoice, sha256Hex } from './bolt11'
import { type Clock, createClock } from './clock'
import { registerControl } from './control'
import { type FaultSpec, Faults, type RequestLogEntry, registerFaults } from './faults'
import { errorBody, registerBodyParsers } from './http'
import { createSaver, readState, writeStateAtomic } from './persist'
import { registerV1 } from './routes'
import { applySeed, type SeedName } from './seed'
import { Ledger, type Recipient, SimError, type WalletKeys, type WalletRec } from './state'

export type { FaultSpec, Recipient, RequestLogEntry, SeedName }
export { SimError }

export interface SimulatorOptions {
  port?: number
  host?: string
  seed?: SeedName
  dataFile?: string
  logger?: boolean
  /** serve the spec's legacy `/v1/user/wallet/<key>/invoice` too; default false, like the published server */
  legacyInvoiceRoute?: boolean
  /** refuse invoices above this many sats, as the hosted service's default cap (10,000) did; default none */
  invoiceCapSat?: number | null
}

export interface SimWallet {
  id: string
  label: string
  keys: WalletKeys
  /** the older prefixes (`wa_`, `wi_`, `wr_`) of the same roles */
  legacyKeys: { admin: string; invoice: string; read: string }
}

export interface SimulatorHandle {
  url: string
  keys: { secret: string; public: string; wallets: SimWallet[] }
  control: SimControl
  /** the fastify instance (e.g. `inject` with a remote address) */
  server: FastifyInstance
  close(): Promise<void>
}

export interface SimControl {
  /** settles an inbound invoice as an outside payer would; `amountSat` for a zero-amount invoice */
  settleInvoice(lntxIdOrPaymentRequest: string, amountSat?: number): Promise<void>
  payInbound(walletId: string, amountSat: number, memo?: string): Promise<void>
  /** settle every invoice created through the API after a delay; null turns it off */
  setAutoSettle(afterMs: number | null): void
  injectFault(f: FaultSpec): void
  clearFaults(): void
  clock: Clock
  requests(filter?: { method?: string; path?: RegExp | string }): RequestLogEntry[]
  resetRequests(): void
  addRecipient(r: Recipient): void
  recipients(): Recipient[]
  /** conservation: walletsMsat === inboundMsat - outboundMsat - feesMsat */
  totals(): { walletsMsat: number; inboundMsat: number; outboundMsat: number; feesMsat: number }
  createWallet(label: string, balanceSat?: number): SimWallet
  /** a wallet's balance in msat (by `wal_` id or any of its keys) */
  balanceMsat(walletIdOrKey: string): number
  /** a payment request of an outside node, which the simulator pays to the outside */
  outsideInvoice(amountSat: number, memo?: string): string
  /** the ledger itself, for tests that need to look deeper */
  ledger: Ledger
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const clock = createClock()
  const ledger = new Ledger({ clock, invoiceCapSat: opts.invoiceCapSat ?? null })
  const stored = opts.dataFile ? readState(opts.dataFile) : null
  if (stored) ledger.load(stored)
  else applySeed(ledger, opts.seed ?? 'demo')
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

  const resolveWallet = (idOrKey: string): WalletRec => {
    const w = ledger.wallets.get(idOrKey) ?? ledger.wallets.get(ledger.walletKey(idOrKey)?.walletId ?? '')
    if (!w) throw new SimError(400, `Wallet not found: ${idOrKey}`)
    return w
  }
  const simWallet = (w: WalletRec): SimWallet => ({
    id: w.id,
    label: w.label ?? '',
    keys: { ...w.keys },
    legacyKeys: { ...w.legacyKeys },
  })

  const control: SimControl = {
    async settleInvoice(idOrPr, amountSat) {
      ledger.settleFromOutside(idOrPr, amountSat != null ? amountSat * 1000 : undefined)
    },
    async payInbound(walletId, amountSat, memo) {
      ledger.payInbound(resolveWallet(walletId).id, amountSat, memo)
    },
    setAutoSettle(afterMs) {
      autoSettleMs = afterMs
    },
    injectFault: (f) => faults.add(f),
    clearFaults: () => faults.clear(),
    clock,
    requests: (filter) => faults.requests(filter),
    resetRequests() {
      faults.log = []
    },
    addRecipient(r) {
      const address = parseLightningAddress(r.address)?.address
      if (!address) throw new SimError(400, 'Not a lightning address')
      if (!(r.minSendableMsat >= 1 && r.maxSendableMsat >= r.minSendableMsat))
        throw new SimError(400, 'minSendableMsat must be ≥ 1 and ≤ maxSendableMsat')
      ledger.recipients.set(address, { ...r, address })
      ledger.onChange()
    },
    recipients: () => [...ledger.recipients.values()].map((r) => ({ ...r })),
    totals: () => ({ walletsMsat: ledger.walletsMsat(), ...ledger.totals }),
    createWallet(label, balanceSat) {
      const w = ledger.createWallet(account.id, label)
      if (balanceSat) ledger.payInbound(w.id, balanceSat, 'Opening balance')
      return simWallet(w)
    },
    balanceMsat: (idOrKey) => resolveWallet(idOrKey).balanceMsat,
    outsideInvoice(amountSat, memo = 'Outside invoice') {
      const preimage = ledger.hex(32)
      const paymentHash = sha256Hex(preimage)
      ledger.outsidePreimages.set(paymentHash, preimage)
      return encodeInvoice(
        {
          amountMsat: amountSat * 1000,
          timestamp: clock.now(),
          paymentHash,
          paymentSecret: ledger.hex(32),
          description: memo,
          expiry: 3600,
        },
        ledger.signerKey('outside'),
      )
    },
    ledger,
  }

  // Close drops open connections too: a test that injected latency must not wait it out on close.
  const app: FastifyInstance = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true })
  registerBodyParsers(app)
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof SimError) return reply.code(err.status).send(errorBody(err.status, err.message))
    const status = (err as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500)
      return reply.code(status).send(errorBody(status, (err as Error).message))
    return reply.code(500).send(errorBody(500, 'An internal server error occurred.'))
  })
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(404, 'Page not found.')))
  registerFaults(app, faults)
  registerV1(app, ledger, { legacyInvoiceRoute: opts.legacyInvoiceRoute ?? false })
  const keys = () => ({
    secret: account.secretKey,
    public: account.publicKey,
    wallets: [...ledger.wallets.values()].filter((w) => w.accountId === account.id).map(simWallet),
  })
  registerControl(app, control, keys)

  const host = opts.host ?? '127.0.0.1'
  await app.listen({ port: opts.port ?? 0, host })
  const addr = app.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : opts.port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`

  return {
    url,
    keys: keys(),
    control,
    server: app,
    async close() {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      await app.close()
      flush()
    },
  }
}
