// Settings' list of the active account's wallets: each with its name and balance, Rename and
// Hide/Show. Both are the app's own (main keeps them, docs/sync.md "Wallets: names and
// hidden ones"): the service's name stays findable, as the rename field's placeholder and beside a
// name of the person's own.
import type { WalletView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { WALLET_NAME_MAX } from '@shared/historyLimits'
import { type FormEvent, useState } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'
import { useWallets } from '../stores/wallets'

export function WalletList() {
  const wallets = useWallets((s) => s.wallets)
  const [error, setError] = useState<AppErrorShape | null>(null)
  if (wallets.length === 0) return null
  return (
    <>
      <h3 id="wallet-list-heading">
        <FormattedMessage id="walletAdmin.yourWallets" />
      </h3>
      <ul className="wallet-local-list" aria-labelledby="wallet-list-heading">
        {wallets.map((w) => (
          <WalletLocalRow key={w.id} wallet={w} onError={setError} />
        ))}
      </ul>
      {error && <ErrorMessage error={error} />}
      <p className="muted small">
        <FormattedMessage id="walletAdmin.localNote" />
      </p>
    </>
  )
}

function WalletLocalRow({ wallet: w, onError }: { wallet: WalletView; onError: (e: AppErrorShape | null) => void }) {
  const money = useMoney()
  const [renaming, setRenaming] = useState(false)
  const [busy, setBusy] = useState(false)
  const serviceLabel = w.serviceLabel ?? w.label
  const ownName = w.label === serviceLabel ? '' : w.label
  async function send(input: { name: string; hidden: boolean }) {
    setBusy(true)
    const error = await useWallets.getState().setLocal({ walletId: w.id, ...input })
    setBusy(false)
    onError(error)
    return error === null
  }
  return (
    <li className="card wallet-local" data-testid={`wallet-local-${w.id}`}>
      <p className="wallet-local-head">
        <strong>{w.label}</strong> <span className="num">{money.msat(w.balanceMsat)}</span>{' '}
        {w.hidden && (
          <span className="badge">
            <FormattedMessage id="walletAdmin.hidden" />
          </span>
        )}
      </p>
      {ownName && (
        <p className="muted small">
          <FormattedMessage id="walletAdmin.atTheService" values={{ name: serviceLabel }} />
        </p>
      )}
      {renaming ? (
        <RenameWallet
          wallet={w}
          serviceLabel={serviceLabel}
          ownName={ownName}
          busy={busy}
          onSave={async (name) => {
            if (await send({ name, hidden: w.hidden === true })) setRenaming(false)
          }}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            aria-label={t('walletAdmin.renameWallet', { name: w.label })}
            onClick={() => setRenaming(true)}
          >
            <FormattedMessage id="walletAdmin.rename" />
          </button>
          <button
            type="button"
            disabled={busy}
            aria-label={t(w.hidden ? 'walletAdmin.showWallet' : 'walletAdmin.hideWallet', { name: w.label })}
            onClick={() => void send({ name: ownName, hidden: !w.hidden })}
          >
            {w.hidden ? t('walletAdmin.show') : t('walletAdmin.hide')}
          </button>
        </div>
      )}
    </li>
  )
}

/** The name in this app, opened on the one the person gave (empty: the service's name again). */
function RenameWallet(p: {
  wallet: WalletView
  serviceLabel: string
  ownName: string
  busy: boolean
  onSave: (name: string) => Promise<void>
  onCancel: () => void
}) {
  const w = p.wallet
  const [name, setName] = useState(p.ownName)
  function save(e: FormEvent) {
    e.preventDefault()
    void p.onSave(name)
  }
  return (
    <form onSubmit={save} noValidate className="wallet-rename">
      <TextField
        id={`wallet-name-${w.id}`}
        label={t('walletAdmin.nameInThisApp')}
        placeholder={p.serviceLabel}
        value={name}
        maxLength={WALLET_NAME_MAX}
        onValue={setName}
        aria-describedby={`wallet-name-hint-${w.id}`}
      />
      <p className="muted small" id={`wallet-name-hint-${w.id}`}>
        <FormattedMessage id="walletAdmin.emptyForServiceName" />
      </p>
      <div className="actions">
        <button type="submit" disabled={p.busy}>
          <FormattedMessage id="walletAdmin.saveName" />
        </button>
        <button type="button" onClick={p.onCancel}>
          <FormattedMessage id="walletAdmin.cancel" />
        </button>
      </div>
    </form>
  )
}
