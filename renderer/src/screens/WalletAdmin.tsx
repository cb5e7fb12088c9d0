// Settings' wallet section: the wallets with their names and Hide/Show (WalletList), move sats between one's own wallets (reviewed, then confirmed once)
// and make a new wallet. A new wallet's access keys are shown only when asked, once.
import { WALLET_NAME_MAX } from '@shared/historyLimits'
import { useEffect, useState } from 'react'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage } from '../components/ErrorMessage'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useCapabilities } from '../lib/capabilities'
import { maskAmounts, useMoney } from '../lib/money'
import { useUi } from '../stores/ui'
import { useWalletAdmin } from '../stores/walletAdmin'
import { useWallets } from '../stores/wallets'
import { WalletList } from './WalletList'

export function WalletAdmin() {
  // an NWC account has one wallet and no way to make or move between wallets
  const caps = useCapabilities()
  return (
    <section className="wallet-admin" aria-labelledby="wallets-heading">
      <h2 id="wallets-heading">
        <FormattedMessage id="walletAdmin.wallets" />
      </h2>
      <WalletList />
      {caps.transfers && <MoveSats />}
      {caps.createWallets && <NewWallet />}
    </section>
  )
}

function MoveSats() {
  const wallets = useWallets((s) => s.wallets)
  const review = useWalletAdmin((s) => s.review)
  // the form's values live here, so Back from the review finds them as they were
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const fromId = from || wallets[0]?.id || ''
  const toId = to || wallets.find((w) => w.id !== fromId)?.id || ''

  if (wallets.length < 2)
    return (
      <p className="muted">
        <FormattedMessage id="walletAdmin.satsCanBeMovedOnce" />
      </p>
    )
  if (review) return <MoveReview review={review} />
  return (
    <form
      aria-label={t('walletAdmin.moveSats')}
      onSubmit={(e) => {
        e.preventDefault()
        const balanceMsat = wallets.find((w) => w.id === fromId)?.balanceMsat ?? null
        setProblem(
          useWalletAdmin
            .getState()
            .reviewTransfer({ fromWalletId: fromId, toWalletId: toId, amount, memo, balanceMsat }),
        )
      }}
    >
      <h3>
        <FormattedMessage id="walletAdmin.moveSats" />
      </h3>
      <MoveFields
        fromId={fromId}
        toId={toId}
        amount={amount}
        memo={memo}
        set={{ from: setFrom, to: setTo, amount: setAmount, memo: setMemo }}
      />
      <button type="submit">
        <FormattedMessage id="walletAdmin.reviewMove" />
      </button>
      {problem && <p role="alert">{problem}</p>}
      <MoveOutcome />
    </form>
  )
}

/** A wallet's name by its id (the id when it is not listed). */
function useWalletName(): (id: string) => string {
  const wallets = useWallets((s) => s.wallets)
  return (id) => wallets.find((w) => w.id === id)?.label ?? id
}

type Review = NonNullable<ReturnType<typeof useWalletAdmin.getState>['review']>

/** The move as it will go, confirmed once (the store lets one confirmation through: docs/money.md). */
function MoveReview({ review }: { review: Review }) {
  const moving = useWalletAdmin((s) => s.moving)
  const money = useMoney()
  const name = useWalletName()
  return (
    <section aria-labelledby="move-confirm-heading">
      <h3 id="move-confirm-heading">
        <FormattedMessage id="walletAdmin.confirmTheMove" />
      </h3>
      <p>
        <FormattedMessage
          id="walletAdmin.moveFromTo"
          values={{
            amount: money.sat(review.amountSat),
            name: name(review.fromWalletId),
            name2: name(review.toWalletId),
            memo: review.memo ? ` (“${review.memo}”)` : '',
          }}
        />
      </p>
      <button type="button" onClick={() => void useWalletAdmin.getState().confirm()} disabled={moving}>
        {moving ? t('walletAdmin.moving') : t('walletAdmin.confirmMove')}
      </button>{' '}
      <button type="button" onClick={() => useWalletAdmin.getState().back()} disabled={moving}>
        <FormattedMessage id="walletAdmin.back" />
      </button>
    </section>
  )
}

/** From which wallet, to which, how much, and a memo. */
function MoveFields(p: {
  fromId: string
  toId: string
  amount: string
  memo: string
  set: Record<'from' | 'to' | 'amount' | 'memo', (v: string) => void>
}) {
  const wallets = useWallets((s) => s.wallets)
  const money = useMoney()
  return (
    <>
      <SelectField id="move-from" label={t('walletAdmin.from')} value={p.fromId} onValue={p.set.from}>
        {wallets.map((w) => (
          <option key={w.id} value={w.id}>
            {w.label} — {money.msat(w.balanceMsat)}
          </option>
        ))}
      </SelectField>
      <SelectField id="move-to" label={t('walletAdmin.to')} value={p.toId} onValue={p.set.to}>
        {wallets.map((w) => (
          <option key={w.id} value={w.id}>
            {w.label}
          </option>
        ))}
      </SelectField>
      <TextField
        id="move-amount"
        label={t('walletAdmin.amountSats')}
        inputMode="numeric"
        value={p.amount}
        onValue={p.set.amount}
      />
      <TextField
        id="move-memo"
        label={t('walletAdmin.memoOptional')}
        value={p.memo}
        maxLength={255}
        onValue={p.set.memo}
      />
    </>
  )
}

/** What the last move came to: moved, failed, or not known (then where to check). */
function MoveOutcome() {
  const moved = useWalletAdmin((s) => s.moved)
  const moveError = useWalletAdmin((s) => s.moveError)
  const money = useMoney()
  const name = useWalletName()
  return (
    <>
      {moved && (
        <p role="status">
          <FormattedMessage
            id="walletAdmin.movedFromTo"
            values={{
              amount: money.sat(moved.amountSat),
              name: name(moved.fromWalletId),
              name2: name(moved.toWalletId),
            }}
          />
        </p>
      )}
      {moveError?.code === 'unknown_outcome' ? (
        <p role="alert">
          {maskAmounts(moveError.message, money.hidden)}{' '}
          <button type="button" className="link" onClick={() => useUi.getState().go({ to: 'transactions' })}>
            <FormattedMessage id="walletAdmin.checkTheTransactions" />
          </button>
        </p>
      ) : (
        moveError && <ErrorMessage error={moveError} />
      )}
    </>
  )
}

function NewWallet() {
  const creating = useWalletAdmin((s) => s.creating)
  const created = useWalletAdmin((s) => s.created)
  const createError = useWalletAdmin((s) => s.createError)
  const [name, setName] = useState('')
  const [showKeys, setShowKeys] = useState(false)
  // keys shown once are let go when the person leaves the screen
  useEffect(() => () => useWalletAdmin.getState().hideKeys(), [])
  return (
    <form
      aria-label={t('walletAdmin.newWallet')}
      onSubmit={(e) => {
        e.preventDefault()
        if (!name.trim()) return
        // a made wallet clears the name, so a second press cannot make its twin by accident
        void useWalletAdmin
          .getState()
          .createWallet(name.trim(), showKeys)
          .then((made) => made && setName(''))
      }}
    >
      <h3>
        <FormattedMessage id="walletAdmin.newWallet" />
      </h3>
      <TextField
        id="new-wallet-name"
        label={t('walletAdmin.walletName')}
        value={name}
        maxLength={WALLET_NAME_MAX}
        onValue={setName}
      />
      <label>
        <input type="checkbox" checked={showKeys} onChange={(e) => setShowKeys(e.target.checked)} />{' '}
        <FormattedMessage id="walletAdmin.showItsAccessKeysOnce" />
      </label>
      <button type="submit" disabled={creating || !name.trim()}>
        {creating ? t('walletAdmin.making') : t('walletAdmin.makeWallet')}
      </button>
      {created && (
        <p role="status">
          <FormattedMessage id="walletAdmin.madeTheWallet" values={{ label: created.label }} />
        </p>
      )}
      {created?.keys && (
        <div className="keys">
          <p>
            <FormattedMessage id="walletAdmin.theseKeysAreShownThis" />
          </p>
          <dl>
            {created.keys.map((k) => (
              <div key={k.role} className="field-row">
                <dt>{k.role}</dt>
                <dd>
                  {k.keys.map((key) => (
                    <span key={key} className="key">
                      <code>{key}</code>
                      <CopyButton text={key} label={t('walletAdmin.copyTheKey', { role: k.role })} />
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
          <button type="button" onClick={() => useWalletAdmin.getState().hideKeys()}>
            <FormattedMessage id="walletAdmin.hideKeys" />
          </button>
        </div>
      )}
      {createError && <ErrorMessage error={createError} />}
    </form>
  )
}
