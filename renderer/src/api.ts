// The renderer's only way out: the typed `window.wallet` bridge. Types only from the contract,
// so zod never lands in the renderer bundle.
import type {} from '@shared/api'
import type { EventName, EventPayload, OpInput, OpName, OpOutput } from '@shared/contract'
import type { AppErrorShape, Result } from '@shared/errors'
import type { EarlyOp } from './early/reads'
import { t } from './i18n'

const bridgeDown = (): AppErrorShape => ({
  code: 'internal',
  message: t('api.bridgeDown'),
  retryable: true,
})

/** Told when main refused something because the app is locked (the lock store shows the lock screen). */
let onLocked: (() => void) | null = null
export function whenLocked(listener: (() => void) | null): void {
  onLocked = listener
}

async function settle<T>(pending: Promise<Result<T>>): Promise<Result<T>> {
  try {
    const res = await pending
    if (res && typeof res === 'object' && 'ok' in res) {
      if (!res.ok && res.error?.code === 'locked') onLocked?.()
      return res
    }
    return { ok: false, error: bridgeDown() }
  } catch {
    return { ok: false, error: bridgeDown() }
  }
}

/** Never throws: a broken bridge becomes an error envelope like any other. */
export function invoke<K extends OpName>(name: K, input: OpInput<K>): Promise<Result<OpOutput<K>>> {
  try {
    return settle(window.wallet.invoke(name, input))
  } catch {
    return Promise.resolve({ ok: false, error: bridgeDown() })
  }
}

/** The early account reads are not wanted: they were sent while the app was locked (and refused). */
export function dropEarlyReads(): void {
  if (typeof window === 'undefined' || !window.__early) return
  window.__early['accounts.list'] = undefined
  window.__early['wallets.list'] = undefined
  window.__earlyIn = undefined
}

/**
 * The answer early.js already has for `name`, taken (with its request) so nothing asks twice; null
 * while it is on its way or when it was not a success. Taken at start-up, it lets the first render
 * show the balances instead of a frame without them.
 */
export function earlyAnswer<K extends EarlyOp>(name: K): OpOutput<K> | null {
  const inAlready = typeof window !== 'undefined' ? window.__earlyIn?.[name] : undefined
  if (!inAlready || typeof inAlready !== 'object' || inAlready.ok !== true || !window.__early) return null
  window.__early[name] = undefined
  ;(window.__earlyIn as Record<string, unknown>)[name] = undefined
  return inAlready.value as OpOutput<K>
}

/** `name`: the read early.js sent before the bundle ran (taken once, at start-up), else a new one. */
export function early<K extends EarlyOp>(name: K): Promise<Result<OpOutput<K>>> {
  const reads = typeof window !== 'undefined' ? window.__early : undefined
  const sent = reads?.[name] as Promise<Result<OpOutput<K>>> | undefined
  if (!sent || !reads) return invoke(name, {} as OpInput<K>)
  reads[name] = undefined
  return settle(sent)
}

export function on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
  return window.wallet.on(name, listener)
}

/** One token per intent (per confirmation), so a double click cannot pay twice. */
export function newRequestId(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}

// What screens and components ask of main themselves (nothing a store keeps): each call named here,
// so a screen never holds the bridge (test/architectureRules.test.ts, "screens reach main ...").
const call =
  <K extends OpName>(name: K) =>
  (input: OpInput<K>): Promise<Result<OpOutput<K>>> =>
    invoke(name, input)
const heard =
  <K extends EventName>(name: K) =>
  (listener: (payload: EventPayload<K>) => void): (() => void) =>
    on(name, listener)

/** The active account's spending rules (docs/security.md): read, changed, a payment confirmed. */
export const spending = {
  get: call('spending.get'),
  set: call('spending.set'),
  confirm: call('spending.confirm'),
}

/** The encrypted backup: its state, saving one, restoring one, the nudge put off. */
export const backup = {
  status: call('backup.status'),
  save: call('backup.export'),
  restore: call('backup.restore'),
  dismissNudge: call('backup.dismissNudge'),
}

/** Connected apps (Nostr Wallet Connect, docs/nwc.md): the list and its changes, one app, a new one. */
export const connectedApps = {
  list: call('nwc.list'),
  onUpdated: heard('nwc.updated'),
  settings: call('nwc.settings'),
  get: call('nwc.get'),
  revoke: call('nwc.revoke'),
  create: call('nwc.create'),
  readPairing: call('nwc.readPairing'),
  pairIcon: call('nwc.pairIcon'),
}

/** Which invoice or withdraw link is on screen, so main tells of it first (null: none now). */
export const onScreen = {
  invoice: (id: string | null) => invoke('invoices.focus', { id }),
  withdrawLink: (ott: string | null) => invoke('withdraw.focus', { ott }),
}

/** The window kept above others (no input: only read). */
export const windowPin = call('window.pin')

/** A payee's link, opened in the browser by main after its checks. */
export const openLink = (url: string) => invoke('link.open', { url })

/** A voucher sheet's links being made, one at a time. */
export const onVoucherProgress = heard('vouchers.progress')
