// The typed `window.wallet` API, derived from the contract.
import type { EventName, EventPayload, OpInput, OpName, OpOutput } from './contract'
import type { Result } from './errors'

export type WalletApi = {
  invoke<K extends OpName>(name: K, input: OpInput<K>): Promise<Result<OpOutput<K>>>
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void
}

declare global {
  interface Window {
    wallet: WalletApi
  }
}
