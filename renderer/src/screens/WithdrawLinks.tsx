// The withdraw links made in this app (single links and vouchers), as main's watcher knows them:
// each turns "Claimed" when the watcher sees its claim.
import type { WithdrawLinkView } from '@shared/contract'
import { formatSat } from '@shared/units'
import { voucherShortId } from '@shared/vouchers'
import { useEffect, useMemo } from 'react'
import { ErrorMessage } from '../components/ErrorMessage'
import { Skeleton } from '../components/Skeleton'
import { useWallets } from '../stores/wallets'
import { useWithdraw } from '../stores/withdraw'

const SHOWN = 100

export function WithdrawLinks() {
  const links = useWithdraw((s) => s.links)
  const listStatus = useWithdraw((s) => s.listStatus)
  const listError = useWithdraw((s) => s.listError)
  const wallets = useWallets((s) => s.wallets)
  useEffect(() => void useWithdraw.getState().load(), [])
  // the active account's wallets only: the watcher keeps every account's links
  const mine = useMemo(() => {
    const labels = new Map(wallets.map((w) => [w.id, w.label]))
    const list = Object.values(links).filter((l) => labels.has(l.walletId))
    return { list: list.sort((a, b) => b.createdAt - a.createdAt), labels }
  }, [links, wallets])
  const waiting = mine.list.filter((l) => l.status === 'waiting').length
  return (
    <section aria-labelledby="withdraw-links">
      <h2 id="withdraw-links">Withdraw links</h2>
      {listStatus === 'loading' && mine.list.length === 0 && <Skeleton label="Loading withdraw links…" />}
      {listError && <ErrorMessage error={listError} onRetry={() => void useWithdraw.getState().load()} />}
      {listStatus === 'ready' && mine.list.length === 0 && <p className="muted">No withdraw links yet.</p>}
      {mine.list.length > 0 && (
        <p className="muted">
          {waiting} waiting, {mine.list.length - waiting} claimed
        </p>
      )}
      <ul className="withdraw-links">
        {mine.list.slice(0, SHOWN).map((l) => (
          <LinkRow key={l.ott} link={l} wallet={mine.labels.get(l.walletId) ?? ''} />
        ))}
      </ul>
      {mine.list.length > SHOWN && (
        <p className="muted">
          The {SHOWN} most recent of {mine.list.length}.
        </p>
      )}
    </section>
  )
}

function LinkRow({ link, wallet }: { link: WithdrawLinkView; wallet: string }) {
  const id = voucherShortId(link.ott)
  return (
    <li data-status={link.status === 'claimed' ? 'paid' : 'pending'} aria-label={`Withdraw link ${id}`}>
      <strong>{formatSat(link.amountSat)}</strong>
      {link.memo && <span> · {link.memo}</span>}
      <span className="muted">
        {' '}
        · {id} · {wallet} ·{' '}
      </span>
      <span className="status-line">{link.status === 'claimed' ? 'Claimed' : 'Waiting'}</span>
    </li>
  )
}
