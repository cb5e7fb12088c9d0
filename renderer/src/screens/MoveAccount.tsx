// Settings → an account → "Move everything to another account" (docs/move.md): per wallet what
// moves and the fee reserve kept back, the target, a backup first (made here), one confirmation, and the
// summary of what moved and what could not. Main makes each invoice and payment; a move stopped
// by anything is resumed from here, and nothing paid is paid again. The account stays.
import { accountCapabilities } from '@shared/capabilities'
import type { AccountView, MovePlan, MoveStepView, MoveView } from '@shared/contract'
import { BackupSaveForm } from '../components/BackupSaveForm'
import { ErrorMessage, Pending } from '../components/ErrorMessage'
import { SelectField } from '../components/SelectField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { maskAmounts, useMoney } from '../lib/money'
import { useMove } from '../stores/move'

/** The account's way into the move, and the flow itself while it is open for this account. */
export function MoveEntry({ account, busy }: { account: AccountView; busy: boolean }) {
  const open = useMove((s) => s.fromAccountId === account.id)
  // a receive-only account has nothing it could pay out: no way in (main refuses it too)
  if (accountCapabilities(account).pays === false) return null
  if (open) return <MoveAccount account={account} />
  return (
    <div className="actions">
      <button
        type="button"
        disabled={busy}
        aria-label={t('moveAccount.openFor', { label: account.label })}
        onClick={() => void useMove.getState().open(account.id)}
      >
        <FormattedMessage id="moveAccount.open" />
      </button>
    </div>
  )
}

function MoveAccount({ account }: { account: AccountView }) {
  const status = useMove((s) => s.status)
  const error = useMove((s) => s.error)
  const plan = useMove((s) => s.plan)
  const stage = useMove((s) => s.stage)
  return (
    <section className="card move" aria-labelledby={`move-${account.id}`}>
      <h3 id={`move-${account.id}`}>
        <FormattedMessage id="moveAccount.title" values={{ label: account.label }} />
      </h3>
      {status === 'loading' && <Pending>{t('moveAccount.loading')}</Pending>}
      {status === 'error' && error && (
        <ErrorMessage error={error} onRetry={() => void useMove.getState().open(account.id)} />
      )}
      {plan && stage === 'choose' && <Choose plan={plan} />}
      {plan && stage === 'backup' && <BackupStep />}
      {plan && stage === 'confirm' && <Confirm plan={plan} />}
      {stage === 'moving' && <Pending>{t('moveAccount.moving')}</Pending>}
      {stage === 'summary' && <Summary account={account} />}
      <div className="actions">
        <button type="button" onClick={() => useMove.getState().close()} disabled={stage === 'moving'}>
          <FormattedMessage id="moveAccount.close" />
        </button>
      </div>
    </section>
  )
}

/** The target and what each wallet gives; a stopped move is shown as it stands, to resume. */
function Choose({ plan }: { plan: MovePlan }) {
  const toAccountId = useMove((s) => s.toAccountId)
  const toWalletId = useMove((s) => s.toWalletId)
  const money = useMoney()
  const stopped = plan.last?.state === 'running' ? plan.last : null
  if (stopped) return <Stopped move={stopped} />
  const target = plan.targets.find((x) => x.accountId === toAccountId)
  const total = plan.wallets.reduce((sum, w) => sum + w.amountMsat, 0)
  if (plan.targets.every((x) => x.wallets.length === 0)) return <p className="muted">{t('moveAccount.noTargets')}</p>
  return (
    <>
      <SelectField
        id="move-to"
        label={t('moveAccount.to')}
        value={toAccountId ?? ''}
        onValue={(v) => useMove.getState().choose(v)}
      >
        {plan.targets
          .filter((x) => x.wallets.length > 0)
          .map((x) => (
            <option key={x.accountId} value={x.accountId}>
              {x.label}
            </option>
          ))}
      </SelectField>
      {target && target.wallets.length > 1 && (
        <SelectField
          id="move-to-wallet"
          label={t('moveAccount.toWallet')}
          value={toWalletId ?? ''}
          onValue={(v) => useMove.getState().choose(target.accountId, v)}
        >
          {target.wallets.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectField>
      )}
      <table className="move-plan">
        <thead>
          <tr>
            <th scope="col">{t('moveAccount.wallet')}</th>
            <th scope="col">{t('moveAccount.moves')}</th>
            <th scope="col">{t('moveAccount.reserve')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.wallets.map((w) => (
            <tr key={w.walletId}>
              <td>{w.name}</td>
              <td>{money.msat(w.amountMsat)}</td>
              <td>{money.msat(w.feeReserveMsat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t('moveAccount.reserveNote')}</p>
      {plan.wallets.length === 0 && <p className="muted">{t('moveAccount.noWallets')}</p>}
      <button
        type="button"
        className="primary"
        disabled={!toWalletId || total === 0}
        onClick={() => void useMove.getState().toBackup()}
      >
        {t('moveAccount.continue')}
      </button>
    </>
  )
}

/** A move stopped before it finished: its wallets as they stand, and the way to go on. */
function Stopped({ move }: { move: MoveView }) {
  return (
    <>
      <p role="status">{t('moveAccount.resumeNote', { label: move.toLabel })}</p>
      <Steps wallets={move.wallets} />
      <button type="button" className="primary" onClick={() => void useMove.getState().run()}>
        {t('moveAccount.resume')}
      </button>
    </>
  )
}

/**
 * The encrypted backup first, made here by the one backup form (components/BackupSaveForm.tsx):
 * Continue opens once it saved a file; going on without a new one is the person's explicit choice.
 */
function BackupStep() {
  const saved = useMove((s) => s.backupSaved)
  return (
    <>
      <p>{t('moveAccount.backupFirst')}</p>
      <BackupSaveForm idPrefix="move-backup" onSaved={() => useMove.getState().saved()} />
      <div className="actions">
        <button type="button" className="primary" disabled={!saved} onClick={() => useMove.getState().afterBackup()}>
          {t('moveAccount.continue')}
        </button>
        {!saved && (
          <button type="button" onClick={() => useMove.getState().haveBackup()}>
            {t('moveAccount.haveBackup')}
          </button>
        )}
      </div>
    </>
  )
}

function Confirm({ plan }: { plan: MovePlan }) {
  const money = useMoney()
  const toAccountId = useMove((s) => s.toAccountId)
  const label = plan.targets.find((x) => x.accountId === toAccountId)?.label ?? ''
  const total = plan.wallets.reduce((sum, w) => sum + w.amountMsat, 0)
  return (
    <>
      <p>{t('moveAccount.total', { amount: money.msat(total), label })}</p>
      <p className="muted small">{t('moveAccount.onceNote')}</p>
      <button type="button" className="primary" onClick={() => void useMove.getState().run()}>
        {t('moveAccount.confirm', { amount: money.msat(total), label })}
      </button>
    </>
  )
}

/** What moved and what could not, with why; an unfinished move can be asked again. */
function Summary({ account }: { account: AccountView }) {
  const money = useMoney()
  const result = useMove((s) => s.result)
  const error = useMove((s) => s.error)
  return (
    <>
      <h4>{t('moveAccount.summary')}</h4>
      {error && <ErrorMessage error={error} />}
      {result && (
        <>
          <p role="status">
            {t('moveAccount.movedAll', { amount: money.msat(result.movedMsat), label: result.toLabel })}
          </p>
          <Steps wallets={result.wallets} />
        </>
      )}
      {(error || result?.state === 'running') && (
        <button type="button" className="primary" onClick={() => void useMove.getState().run()}>
          {t('moveAccount.checkAgain')}
        </button>
      )}
      <p className="muted small">{t('moveAccount.stays', { label: account.label })}</p>
    </>
  )
}

function Steps({ wallets }: { wallets: MoveStepView[] }) {
  const money = useMoney()
  return (
    <ul className="move-steps">
      {wallets.map((w) => (
        <li key={w.walletId} data-state={w.state}>
          <strong>{w.name}</strong>: {stepWords(w, money.msat(w.amountMsat))}
          {/* main's words may name an amount: masked while balances are hidden */}
          {w.detail && <span className="muted small"> {maskAmounts(w.detail, money.hidden)}</span>}
        </li>
      ))}
    </ul>
  )
}

function stepWords(w: MoveStepView, amount: string): string {
  switch (w.state) {
    case 'moved':
      return t('moveAccount.stepMoved', { amount })
    case 'skipped':
      return t('moveAccount.stepSkipped')
    case 'failed':
      return t('moveAccount.stepFailed')
    case 'unknown':
      return t('moveAccount.stepUnknown')
    default:
      return t('moveAccount.stepNotYet')
  }
}
