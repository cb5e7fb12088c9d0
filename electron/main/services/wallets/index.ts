// The active account's wallets: their balances (announced to the renderer and the tray), one
// wallet, its permanent receive link, its service pages, a Lightning transaction, and a new
// wallet. Reads may be retried; making a wallet is done once (docs/money.md, "Money
// rules"). A transfer between two wallets moves money: it is the payments module's.
import type { Emit } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { CallPolicy } from '../accounts'
import { type CapabilitiesOf, mustAllow } from '../accounts/capabilities'
import type { BackendClient, BackendWallet } from '../backends'
import { mt } from '../i18n'
import type { Ledger } from '../ledger'
import type { SettingsStore } from '../settings'
import { createWalletPrefs, nextPref } from '../settings/walletPrefs'
import { lnTxView, staticLinkView, transactionsPageView, walletsView, walletView } from '../views'
import { createWallet } from './create'

export interface WalletsDeps {
  activeAccountId: () => string
  /** what each account's backend can do: a permanent QR or a new wallet it cannot make is refused here */
  capabilities: CapabilitiesOf
  clientFor: (accountId: string | undefined, policy: CallPolicy) => BackendClient
  emit: Emit
  /** the ledger keeps wallet names for rows such as "Moved from Savings" */
  ledger: () => Ledger
  /** work an answer does not wait for */
  background: (task: Promise<unknown>) => void
  /** where the person's own wallet names and hidden wallets are kept (settings/walletPrefs.ts) */
  settings: Pick<SettingsStore, 'current' | 'update'>
}

export type Wallets = ReturnType<typeof createWallets>

export function createWallets(d: WalletsDeps) {
  const reads = () => d.clientFor(undefined, 'retry')
  const prefs = createWalletPrefs(d.settings)
  /** each account's wallets as the service last listed them: renaming works while it is away */
  const lastListed = new Map<string, BackendWallet[]>()

  /** the account's wallets as the service lists them now, kept as the last listed */
  async function listed(accountId: string): Promise<BackendWallet[]> {
    const wallets = await reads().listWallets()
    lastListed.set(accountId, wallets)
    return wallets
  }

  /** the account's wallets now, or as last listed when the service cannot be reached */
  async function walletsOf(accountId: string): Promise<BackendWallet[]> {
    try {
      return await listed(accountId)
    } catch (err) {
      const known = lastListed.get(accountId)
      if (known && err instanceof AppError && err.retryable) return known
      throw err
    }
  }

  /** also the refresh after a payment or a switch: a read, whoever asks */
  async function list() {
    const accountId = d.activeAccountId()
    const view = walletsView(await listed(accountId), prefs.of(accountId))
    d.emit('wallets.updated', view)
    return view
  }

  /** the names shown kept for the ledger's rows ("Moved from Savings") */
  const keepNames = (accountId: string, wallets: ReadonlyArray<{ id: string; label: string }>) =>
    d.ledger().setWallets(
      accountId,
      wallets.map((w) => ({ id: w.id, label: w.label.slice(0, 200) })),
    )

  /**
   * A wallet was made: the wallets asked for again and their names kept for the ledger's rows,
   * then the history told to read again (`walletIds`: whose rows changed).
   */
  const changed = (accountId: string, walletIds: string[]) =>
    d.background(
      list()
        .then(({ wallets }) => keepNames(accountId, wallets))
        .finally(() => d.emit('ledger.updated', { accountId, walletIds })),
    )

  /**
   * The person's own name for a wallet and whether it is hidden. The wallets are read first (as
   * last listed, when the service cannot be reached): the wallet must be the account's, and at
   * least one must stay on show (hiding them all would leave Home with a total and nothing under
   * it). Then everything that shows them hears it.
   */
  async function setLocal(input: { walletId: string; name: string; hidden: boolean }) {
    const accountId = d.activeAccountId()
    const service = await walletsOf(accountId)
    const wallet = service.find((w) => w.id === input.walletId)
    if (!wallet) throw new AppError('not_found', mt('wallets.notFound'))
    const pref = nextPref(walletView(wallet).label, input)
    const after = { ...prefs.of(accountId), [input.walletId]: pref ?? {} }
    if (input.hidden && service.every((w) => after[w.id]?.hidden))
      throw new AppError('invalid_input', mt('wallets.keepOneShown'))
    const view = walletsView(service, await prefs.set(accountId, input.walletId, pref))
    d.emit('wallets.updated', view)
    try {
      keepNames(accountId, view.wallets)
    } finally {
      // transfers name the other wallet: any wallet's rows may read differently now
      d.emit('ledger.updated', { accountId, walletIds: view.wallets.map((w) => w.id) })
    }
    return view
  }

  return {
    list,
    /** the balances asked for again without waiting (after a connect or a switch) */
    refresh: () => d.background(list()),
    setLocal,
    get: async (walletId: string) =>
      walletView(await reads().getWallet(walletId), prefs.of(d.activeAccountId())[walletId]),
    async staticLink(walletId: string) {
      mustAllow(d.capabilities(d.activeAccountId()), 'permanentQr')
      const client = reads()
      const wallet = await client.getWallet(walletId)
      // a backend that can make the link (LNbits' lnurlp) makes it the first time it is asked for
      const linkId = wallet.staticLinkId ?? (await client.ensureStaticLink?.(walletId))
      if (!linkId) throw new AppError('not_found', mt('wallets.noStaticLink'))
      return staticLinkView(walletId, await client.getStaticLink(linkId))
    },
    servicePage: async (q: { walletId: string; page: number; perPage: number }) =>
      transactionsPageView(q.walletId, await reads().listTransactions(q.walletId, q.page, q.perPage)),
    lnTx: async (id: string) => lnTxView(await reads().getInvoice(id)),
    async create({ name, showKeys }: { name: string; showKeys: boolean }) {
      const accountId = d.activeAccountId()
      mustAllow(d.capabilities(accountId), 'createWallets')
      const made = await createWallet(d.clientFor(accountId, 'once'), name, showKeys)
      changed(accountId, [made.walletId])
      return made
    },
  }
}
