// Asks for what the first screen needs while the main bundle is still loading: the lock's state,
// the settings (language, theme, hidden amounts), the accounts and the balances. The bundle takes
// each answer once (api.ts, `early`); the early paint (./paint.ts) reads them too.
import type {} from '@shared/api'
import type { OpInput, OpOutput } from '@shared/contract'
import type { Result } from '@shared/errors'

export type EarlyOp = 'lock.status' | 'settings.get' | 'accounts.list' | 'wallets.list'
export type EarlyReads = { [K in EarlyOp]: Promise<Result<OpOutput<K>>> }

declare global {
  interface Window {
    /** the first screen's reads, sent before the bundle ran (each taken once: api.ts) */
    __early?: Partial<EarlyReads>
    /** the answers of those reads that are in already */
    __earlyIn?: { [K in EarlyOp]?: Result<OpOutput<K>> }
  }
}

/** Sends the four reads through the bridge; null when there is none (the app asks again, and reports it). */
export function sendReads(): EarlyReads | null {
  try {
    const arrived: { [K in EarlyOp]?: Result<OpOutput<K>> } = {}
    // each answer is also kept once it is in, so the bundle can show it in its first render
    const ask = <K extends EarlyOp>(name: K): Promise<Result<OpOutput<K>>> => {
      const sent = window.wallet.invoke(name, {} as OpInput<K>) as Promise<Result<OpOutput<K>>>
      sent.then(
        (r) => {
          ;(arrived as Record<string, unknown>)[name] = r
        },
        () => {},
      )
      return sent
    }
    window.__earlyIn = arrived
    const reads: EarlyReads = {
      'lock.status': ask('lock.status'),
      'settings.get': ask('settings.get'),
      'accounts.list': ask('accounts.list'),
      'wallets.list': ask('wallets.list'),
    }
    window.__early = { ...reads }
    return reads
  } catch {
    return null
  }
}

/**
 * The page's first Intl formatter loads the browser's locale data: 50 to 150 ms on these machines,
 * and the first screen cannot show without it (its amounts, dates and messages). Made in the first
 * idle moment (while the page waits for the bundle, an answer or the messages' chunk), that time is
 * spent waiting anyway instead of after it. With no idle moment, the app pays it as before.
 */
export function warmIntl(): void {
  if (typeof requestIdleCallback !== 'function') return
  requestIdleCallback(() => {
    try {
      new Intl.NumberFormat().format(0)
    } catch {
      // nothing to warm: the app formats (and reports) on its own
    }
  })
}
