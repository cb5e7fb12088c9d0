// The LNbits flavor of the simulator: LNbits' core wallet API, its websocket and the `withdraw`
// and `lnurlp` extensions, over the same ledger, outside parties, faults and /_sim controls.
import type { FastifyInstance } from 'fastify'
import type { Ledger } from '../state'
import { LnbitsError } from './errors'
import { registerLnbitsExtensions } from './extensions'
import { LNBITS_FEE_DEFAULTS, type LnbitsFeeSettings } from './fees'
import { registerLnbitsCore } from './routes-core'
import { type LnbitsWallet, LnbitsWallets } from './wallets'
import { registerLnbitsWebsocket } from './websocket'

export type { LnbitsFeeSettings, LnbitsWallet }

export function registerLnbits(
  app: FastifyInstance,
  ledger: Ledger,
  fees: Partial<LnbitsFeeSettings> = {},
): { wallets: LnbitsWallets; close: () => void } {
  const wallets = new LnbitsWallets(ledger)
  registerLnbitsCore(app, ledger, wallets, { ...LNBITS_FEE_DEFAULTS, ...fees })
  registerLnbitsExtensions(app, ledger, wallets)
  const close = registerLnbitsWebsocket(app, ledger, wallets)
  return { wallets, close }
}

export { LnbitsError }
