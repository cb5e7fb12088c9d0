// The active account's wallets: their balances (announced to the renderer and the tray), one
// wallet, its permanent receive link, its service pages, a Lightning transaction, and a new
// wallet. Reads may be retried; making a wallet is done once (docs/architecture.md, "Money
// rules"). A transfer between two wallets moves money: it is the payments module's.
import type { Emit } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { CallPolicy } from '../accounts'
import type { ServiceClient } from '../client'
import { mt } from '../i18n'
import type { Ledger } from '../ledger'
import { lnTxView, staticLinkView, transactionsPageView, walletsView, walletView } from '../views'
import { createWallet } from './create'

export interface WalletsDeps {
  activeAccountId: () => string
  clientFor: (accountId: string | undefined, policy: CallPolicy) => ServiceClient
  emit: Emit
  /** the ledger keeps wallet names for rows such as "Moved from Savings" */
  ledger: () => Ledger
  /** work an answer does not wait for */
  background: (task: Promise<unknown>) => void
}

export type Wallets = ReturnType<typeof createWallets>

export function createWallets(d: WalletsDeps) {
  const reads = () => d.clientFor(undefined, 'retry')

  /** also the refresh after a payment or a switch: a read, whoever asks */
  async function list() {
    const view = walletsView(await reads().listWallets())
    d.emit('wallets.updated', view)
    return view
  }

  /**
   * A wallet was made: the wallets asked for again and their names kept for the ledger's rows,
   * then the history told to read again (`walletIds`: whose rows changed).
   */
  const changed = (accountId: string, walletIds: string[]) =>
    d.background(
      list()
        .then(({ wallets }) =>
          d.ledger().setWallets(
            accountId,
            wallets.map((w) => ({ id: w.id, label: w.label.slice(0, 200) })),
          ),
        )
        .finally(() => d.emit('ledger.updated', { accountId, walletIds })),
    )

  return {
    list,
    /** the balances asked for again without waiting (after a connect or a switch) */
    refresh: () => d.background(list()),
    get: async (walletId: string) => walletView(await reads().getWallet(walletId)),
    async staticLink(walletId: string) {
      const client = reads()
      const wallet = await client.getWallet(walletId)
      if (!wallet.default_lnurlpay_id) throw new AppError('not_found', mt('wallets.noStaticLink'))
      return staticLinkView(walletId, await client.getStaticLink(wallet.default_lnurlpay_id))
    },
    servicePage: async (q: { walletId: string; page: number; perPage: number }) =>
      transactionsPageView(q.walletId, await reads().listTransactions(q.walletId, q.page, q.perPage)),
    lnTx: async (id: string) => lnTxView(await reads().getLnTx(id)),
    async create({ name, showKeys }: { name: string; showKeys: boolean }) {
      const accountId = d.activeAccountId()
      const made = await createWallet(d.clientFor(accountId, 'once'), name, showKeys)
      changed(accountId, [made.walletId])
      return made
    },
  }
}
