// Connected apps: the app as a Nostr Wallet Connect (NIP-47) wallet service (docs/nwc.md). Each
// connection has a wallet key of its own, kept only in the keychain; the app's key is shown once
// in the connection string and only its public half is kept. Requests arrive over relays, read by
// a worker thread through a gate of cheap checks first (linksOffThread.ts, gate.ts), and are served
// here on main (handle.ts); every pay_invoice leaves through the payments module's journaled send
// after its budget is reserved (pay.ts).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import {
  DEFAULT_NWC_RELAY,
  type NwcConnectionView,
  type NwcCreateInput,
  type NwcRelayView,
  type NwcSettings,
  type NwcSpendView,
  relayProblem,
} from '@shared/contract/nwc'
import { AppError } from '@shared/errors'
import { bytesToHex, hexToBytes } from 'nostr-tools/utils'
import { type CapabilitiesOf, mustAllow } from '../accounts/capabilities'
import { mt } from '../i18n'
import type { LedgerTx } from '../ledger'
import { connectionPaidNotification, type Notifier } from '../notify'
import type { Journal } from '../payments'
import { nwcWalletName, type SecretName, type SecretStore } from '../secrets'
import { createBalancesHere } from './balancesHere'
import { connectionView, servedWallet, spendsView } from './connectionView'
import { type Heard, SEEN_KEEP_SEC } from './gate'
import { type HandleDeps, handleRequest } from './handle'
import { createIconFetch } from './icon'
import { tally } from './limits'
import { createLinksOffThread } from './linksOffThread'
import { rowTx, withMetadata } from './methods'
import { newConnection, withValue } from './newConnection'
import { createRelayStates, relayView } from './relayStates'
import { createSeenIds } from './seen'
import { settleFromJournal } from './settle'
import { type Connection, type NwcStore, openNwcStore } from './store'
import { NEGOTIATED } from './types'
import { metadataKept, zapNoter } from './zapNote'

export interface NwcDeps
  extends Omit<HandleDeps, 'store' | 'nowSec' | 'serving' | 'pausedBecause' | 'answer' | 'paid' | 'seen'> {
  dir: string
  now: () => number
  secretStore: SecretStore
  activeAccountId(): string
  /** what each account's backend can do: serving apps from one that cannot is refused */
  capabilities: CapabilitiesOf
  isLocked(): boolean
  /** the payment journal: what became of a payment whose outcome was not known (settle.ts) */
  journal(): Pick<Journal, 'get'>
  /** the lock's setting "Connected apps keep working while locked" (settings.lock.connectedApps) */
  whileLocked(): boolean
  notifier?: Notifier
  notificationsOn?: () => boolean
  /** the connections or settings changed (the page's list) */
  changed?: (list: { connections: NwcConnectionView[]; settings: NwcSettings; relays: NwcRelayView[] }) => void
  backoffMinMs?: number
  /** where the build's worker files are, when not beside the main bundle (the bench) */
  workersDir?: string
  /** opens an app's own scheme (a `nostrnwc://connect` callback); none: no callback is opened */
  openAppCallback?: (url: string) => void
  /** false: every get_balance is main's (an app given a fetch of its own, which the worker would not use) */
  balanceOnWorker?: boolean
}

/** requests of one connection (or of all strangers) being served at once at most; more are dropped (counted in the log) */
export const MAX_IN_FLIGHT = 16

export function createNwc(d: NwcDeps) {
  const nowSec = () => Math.floor(d.now() / 1000)
  let opened: NwcStore | null = null
  const store = () => {
    opened ??= openNwcStore({ dir: d.dir, now: d.now })
    return opened
  }
  // no file until the person makes a connection or changes a setting (a fresh profile stays empty)
  const hasFile = () => opened !== null || existsSync(join(d.dir, 'nwc.sqlite'))
  const secrets = new Map<string, Uint8Array>()
  // a revoked connection is still heard until the app restarts, so its app is told UNAUTHORIZED;
  // it is no longer announced (its info event), and neither it nor an expired one hears of payments
  const served = (c: Connection) => secrets.has(c.id)
  const live = (c: Connection) => c.revokedAt === null && served(c)
  const listening = (c: Connection) => live(c) && (c.expiresAt === null || c.expiresAt > nowSec())
  const settings = (): NwcSettings => {
    if (!hasFile()) return { relay: DEFAULT_NWC_RELAY, paused: false }
    return {
      relay: store().setting('relay') ?? DEFAULT_NWC_RELAY,
      paused: store().setting('paused') === 'true',
    }
  }
  const seen = createSeenIds(store, nowSec, SEEN_KEEP_SEC)
  const busy = new Map<string, number>()
  const dropped = tally((message, fields) => d.log?.(message, fields))
  const relayStates = createRelayStates(d.now)
  const balances = createBalancesHere({
    ...{ clientFor: d.clientFor, live, enabled: d.balanceOnWorker !== false, log: d.log },
    ...{ all: () => (hasFile() ? store().all() : []), tell: () => links.balancesChanged() },
    pausedBecause: () => handleDeps.pausedBecause(),
  })
  const onHeard = (h: Heard & { relay: string; signed?: Promise<boolean> }) => {
    relayStates.heard(h.relay)
    const told = balances.heard(h)
    // a read that failed on the worker is answered once the worker knows how to read it again
    if (told) h = { ...h, signed: Promise.all([h.signed ?? true, told.catch(() => undefined)]).then(([ok]) => ok) }
    // strangers counted apart: their answers must never keep an app's requests out
    const key = h.text === undefined ? 'strangers' : h.walletPubkey
    const n = busy.get(key) ?? 0
    if (n >= MAX_IN_FLIGHT) return dropped.add(key === 'strangers' ? 'strangers busy' : 'busy')
    busy.set(key, n + 1)
    handleRequest(handleDeps, h)
      .catch((err) => d.log?.('nwc failed', { error: err }))
      .finally(() => busy.set(key, (busy.get(key) ?? 1) - 1))
  }
  const links = createLinksOffThread({
    wallets: () =>
      store()
        .all()
        .filter(served)
        .map((c) => servedWallet(c, secrets.get(c.id) as Uint8Array, live(c))),
    ...{ seen: () => seen.since(nowSec() - SEEN_KEEP_SEC), balancesHere: balances.here },
    onHeard,
    onStatus(relay, connected, problem) {
      if (relayStates.status(relay, connected, problem)) changed()
    },
    nowMs: d.now,
    ...{ log: d.log, backoffMinMs: d.backoffMinMs, workersDir: d.workersDir },
  })
  const view = (c: Connection) => connectionView(store(), c, nowSec())
  // reservations a crash or a lost answer left, settled as the journal learns their outcome
  const settle = () => {
    try {
      settleFromJournal(store(), d.journal())
    } catch (err) {
      d.log?.('nwc could not read the journal', { error: err })
    }
  }
  const relays = () => {
    const urls = [
      ...new Set(
        store()
          .all()
          .filter(live)
          .map((c) => c.relay),
      ),
    ]
    return relayStates.views(urls).map(relayView)
  }
  const list = () => {
    if (!hasFile()) return { connections: [], settings: settings(), relays: [] }
    settle()
    return { connections: store().all().map(view), settings: settings(), relays: relays() }
  }
  const changed = () => d.changed?.(list())
  const noteZap = zapNoter(store, d.ledger)
  const handleDeps: HandleDeps = {
    ...d,
    store,
    nowSec,
    serving: (id) => secrets.has(id),
    pausedBecause() {
      const s = settings()
      if (s.paused) return 'Connections are paused in Lightning Tray.'
      if (d.isLocked() && !d.whileLocked()) return 'Lightning Tray is locked.'
      return null
    },
    answer: (relay, walletPubkey, to, a) => links.answer(relay, walletPubkey, to, a),
    seen,
    metadata: metadataKept(store, nowSec),
    paid(c, amountMsat) {
      changed()
      if (d.notificationsOn?.() === false || !d.notifier?.isSupported()) return
      d.notifier.show(connectionPaidNotification(c.name, amountMsat))
    },
  }

  return {
    /** reads each live connection's key from the keychain and opens the relays they use */
    async start() {
      if (!hasFile()) return
      settle()
      for (const c of store().all()) {
        if (c.revokedAt !== null) continue
        const hex = await d.secretStore.get(nwcWalletName(c.id)).catch(() => null)
        if (hex) secrets.set(c.id, hexToBytes(hex))
        else d.log?.('nwc connection has no key in the keychain', { id: c.id })
        await balances.learn(c)
      }
      void links.sync() // not waited for: an unreachable relay must not hold the app's start
      changed() // the tray learns whether to offer "Pause connected apps"
    },
    /** the keychain names of the live connections' wallet keys (moved from older names at start) */
    secretNames(): SecretName[] {
      if (!hasFile()) return []
      return store()
        .all()
        .filter((c) => c.revokedAt === null)
        .map((c) => nwcWalletName(c.id))
    },
    stop() {
      links.close()
      if (opened) seen.flush()
      opened?.close()
      opened = null
      secrets.clear()
      balances.clear()
    },
    list,
    /**
     * Makes a connection. With `pairing` (Nostr Wallet Auth) it is for the app's own key on the
     * app's relay, and the answer on that relay is the info event tagged to it: published only
     * here, once the person approved, so nothing goes out before the press.
     */
    async create(input: NwcCreateInput): Promise<{ connection: NwcConnectionView; uri?: string }> {
      const relay = input.pairing?.relay ?? settings().relay
      const problem = relayProblem(relay)
      if (problem) throw new AppError('invalid_input', problem)
      const accountId = input.accountId ?? d.activeAccountId()
      mustAllow(d.capabilities(accountId), 'connectedApps')
      const paired = input.pairing?.clientPubkey
      const taken = (c: Connection) => live(c) && c.clientPubkey === paired
      if (paired && store().all().some(taken)) throw new AppError('invalid_input', mt('nwc.pairedAlready'))
      const { c, walletSecret, appSecret } = newConnection(input, { relay, accountId, nowSec: nowSec() })
      // the keychain first: a connection whose key could not be kept is not made
      await d.secretStore.set(nwcWalletName(c.id), bytesToHex(walletSecret))
      store().add(c)
      secrets.set(c.id, walletSecret)
      await balances.learn(c)
      // the string works once it is shown: the relay has the info event an app asks for first
      await links.sync()
      changed()
      if (!appSecret) return { connection: view(c) }
      const q = new URLSearchParams({ relay, secret: bytesToHex(appSecret) })
      const uri = `nostr+walletconnect://${c.walletPubkey}?${q.toString()}`
      // the app that asked by nostrnwc://connect gets its string back, as NIP-47's deep links say
      if (input.callback) d.openAppCallback?.(withValue(input.callback, uri))
      return { connection: view(c), uri }
    },
    get(id: string): { connection: NwcConnectionView; payments: NwcSpendView[] } {
      const c = store().get(id)
      if (!c) throw new AppError('not_found', mt('nwc.noSuchConnection'))
      settle()
      return { connection: view(c), payments: spendsView(store(), id) }
    },
    async revoke(id: string): Promise<NwcConnectionView> {
      const c = store().get(id)
      if (!c) throw new AppError('not_found', mt('nwc.noSuchConnection'))
      store().revoke(id, nowSec())
      balances.forget(id)
      links.balancesChanged() // before anything else: its get_balance is main's to refuse
      void links.sync() // its info event is not published again
      // kept in memory until the relay link lets go, so a request meanwhile is answered UNAUTHORIZED
      await d.secretStore.delete(nwcWalletName(id)).catch(() => {})
      changed()
      return view(store().get(id) as Connection)
    },
    updateSettings(patch: Partial<NwcSettings>): NwcSettings {
      for (const [k, v] of Object.entries(patch)) store().setSetting(k, String(v))
      links.balancesChanged() // paused or not: the worker answers get_balance only while not
      changed()
      return settings()
    },
    /** a row the sync loop just told (services/sync): payment_received / payment_sent to its wallet's apps */
    announced(row: LedgerTx) {
      if (!hasFile()) return
      try {
        noteZap(row)
      } catch (err) {
        d.log?.('nwc could not keep a zap on its row', { error: err })
      }
      const kind = row.amountMsat < 0 ? 'payment_sent' : 'payment_received'
      for (const c of store().all()) {
        if (!listening(c) || c.accountId !== row.accountId || c.walletId !== row.walletId) continue
        // once, in the encryption its app uses; before its first request, the info event's first choice
        const enc = c.encryption ?? NEGOTIATED
        const notification = withMetadata(handleDeps, rowTx(row))
        links.notify(c.walletPubkey, enc, { notification_type: kind, notification })
      }
    },
    /** the lock or the accounts changed: what the worker answers alone is decided again (balancesHere.ts) */
    recheck: () => balances.recheck(),
    /** the icon a pairing app names, once its approval screen asks (icon.ts) */
    pairIcon: createIconFetch(),
    /** whether the relay link of a connection is open (the connection page's status) */
    connected: (relay: string) => links.connected(relay),
  }
}

export type Nwc = ReturnType<typeof createNwc>
