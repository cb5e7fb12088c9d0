// LNbits identities of the simulator's wallets: a 32-hex wallet id, admin key and invoice key,
// derived from the simulator's own wallet id so a seed gives the same keys on every run.
import type { FastifyRequest } from 'fastify'
import { sha256Hex } from '../bolt11'
import type { Ledger } from '../state'
import type { WalletRec } from '../types'
import { LnbitsError } from './errors'

export interface LnbitsWallet {
  id: string
  name: string
  adminkey: string
  inkey: string
  simId: string
}

export type KeyType = 'admin' | 'invoice'

function derive(simId: string, what: string): string {
  return sha256Hex(Buffer.from(`lnbits:${what}:${simId}`).toString('hex')).slice(0, 32)
}

export class LnbitsWallets {
  private bySim = new Map<string, LnbitsWallet>()
  private byKey = new Map<string, { wallet: LnbitsWallet; type: KeyType }>()
  private byId = new Map<string, LnbitsWallet>()

  constructor(private ledger: Ledger) {}

  /** The LNbits identity of a simulator wallet (made on first sight: seeds and new wallets alike). */
  of(w: WalletRec): LnbitsWallet {
    const known = this.bySim.get(w.id)
    if (known) return known
    const lw = {
      id: derive(w.id, 'id'),
      name: w.label ?? 'LNbits wallet',
      adminkey: derive(w.id, 'admin'),
      inkey: derive(w.id, 'invoice'),
      simId: w.id,
    }
    this.bySim.set(w.id, lw)
    this.byId.set(lw.id, lw)
    this.byKey.set(lw.adminkey, { wallet: lw, type: 'admin' })
    this.byKey.set(lw.inkey, { wallet: lw, type: 'invoice' })
    return lw
  }

  all(): LnbitsWallet[] {
    return [...this.ledger.wallets.values()].map((w) => this.of(w))
  }

  byLnbitsId(id: string): LnbitsWallet | undefined {
    this.all()
    return this.byId.get(id)
  }

  /** LNbits' key checker (lnbits/decorators.py): header X-API-KEY, then the `api-key` query. */
  authenticate(req: FastifyRequest, need: KeyType): { wallet: LnbitsWallet; type: KeyType; rec: WalletRec } {
    const header = req.headers['x-api-key']
    const query = (req.query as Record<string, unknown> | undefined)?.['api-key']
    const key = (typeof header === 'string' && header) || (typeof query === 'string' && query) || ''
    if (!key) throw new LnbitsError(401, 'No Api Key provided.')
    this.all()
    const found = this.byKey.get(key)
    const rec = found && this.ledger.wallets.get(found.wallet.simId)
    if (!found || !rec) throw new LnbitsError(404, 'Wallet not found.')
    if (need === 'admin' && found.type !== 'admin') throw new LnbitsError(403, 'Invalid adminkey.')
    return { ...found, rec }
  }
}
