// The app lock's operations (docs/security.md). Only these and a few others that show nothing of
// the wallets are heard while the app is locked (`whileLocked` in the contract, enforced by the router).
import type { LockService } from '../services/lock'
import type { OpIn, OpOut } from './router'

export function lockHandlers(d: { lock: LockService }) {
  return {
    'lock.status': async (): Promise<OpOut<'lock.status'>> => d.lock.status(),
    'lock.unlock': ({ passphrase }: OpIn<'lock.unlock'>): Promise<OpOut<'lock.unlock'>> => d.lock.unlock(passphrase),
    'lock.osUnlock': (): Promise<OpOut<'lock.osUnlock'>> => d.lock.unlockWithOs(),
    'lock.lock': async (): Promise<OpOut<'lock.lock'>> => d.lock.lock('now'),
    'lock.set': ({ passphrase, current }: OpIn<'lock.set'>): Promise<OpOut<'lock.set'>> =>
      d.lock.set(passphrase, current),
    'lock.remove': ({ current }: OpIn<'lock.remove'>): Promise<OpOut<'lock.remove'>> => d.lock.remove(current),
  }
}
