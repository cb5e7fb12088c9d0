// The withdraw links made in this app (single links and vouchers), as main's sync loop knows them:
// each turns "Claimed" (with what the claim took) when the loop sees its claim, or "Old" when
// it is no longer watched; each opens to show its QR code again.
import type { WithdrawLinkView } from '@shared/contract'
import { voucherShortId, withdrawLinkState } from '@shared/vouchers'
import { useEffect, useMemo } from 'react'
import { Fiat } from '../components/Amount'
import { ErrorMessage } from '../components/ErrorMessage'
import { Skeleton } from '../components/Skeleton'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { formatDate } from '../lib/format'
import { type Money, moneyNow, useMoney } from '../lib/money'
import { useActiveClockOffset } from '../lib/serviceClock'
import { useWallets } from '../stores/wallets'
import { useWithdraw } from '../stores/withdraw'

const SHOWN = 100

export function WithdrawLinks() {
  const links = useWithdraw((s) => s.links)
  const listStatus = useWithdraw((s) => s.listStatus)
  const listError = useWithdraw((s) => s.listError)
  const wallets = useWallets((s) => s.wallets)
  useEffect(() => void useWithdraw.getState().load(), [])
  // the active account's wallets only: the sync loop keeps every account's links
  const mine = useMemo(() => {
    const labels = new Map(wallets.map((w) => [w.id, w.label]))
    const list = Object.values(links).filter((l) => labels.has(l.walletId))
    return { list: list.sort((a, b) => b.createdAt - a.createdAt), labels }
  }, [links, wallets])
  // a link's age is the service's to judge: its clock, not the computer's
  const nowSec = Math.floor(Date.now() / 1000) + useActiveClockOffset()
  const count = (state: string) => mine.list.filter((l) => withdrawLinkState(l, nowSec) === state).length
  return (
    <section aria-labelledby="withdraw-links">
      <h2 id="withdraw-links">
        <FormattedMessage id="withdrawLinks.withdrawLinks" />
      </h2>
      {listStatus === 'loading' && mine.list.length === 0 && (
        <Skeleton label={t('withdrawLinks.loadingWithdrawLinks')} />
      )}
      {listError && <ErrorMessage error={listError} onRetry={() => void useWithdraw.getState().load()} />}
      {listStatus === 'ready' && mine.list.length === 0 && (
        <p className="muted">
          <FormattedMessage id="withdrawLinks.noWithdrawLinksYet" />
        </p>
      )}
      {mine.list.length > 0 && (
        <p className="muted">
          <FormattedMessage
            id="withdrawLinks.waitingClaimed"
            values={{
              count: count('waiting'),
              count2: count('claimed'),
              old: count('old'),
            }}
          />
        </p>
      )}
      <ul className="withdraw-links">
        {mine.list.slice(0, SHOWN).map((l) => (
          <LinkRow key={l.ott} link={l} wallet={mine.labels.get(l.walletId) ?? ''} nowSec={nowSec} />
        ))}
      </ul>
      {mine.list.length > SHOWN && (
        <p className="muted">
          <FormattedMessage id="withdrawLinks.theMostRecentOf" values={{ SHOWN, length: mine.list.length }} />
        </p>
      )}
    </section>
  )
}

function LinkRow({ link, wallet, nowSec }: { link: WithdrawLinkView; wallet: string; nowSec: number }) {
  const id = voucherShortId(link.ott)
  const state = withdrawLinkState(link, nowSec)
  const money = useMoney()
  return (
    <li data-status={state === 'claimed' ? 'paid' : 'pending'} aria-label={t('withdrawLinks.withdrawLink', { id })}>
      {/* the amount opens the link again (its QR code, while it can still be claimed) */}
      <button type="button" className="link" onClick={() => useWithdraw.getState().open(link.ott)}>
        {/* named by what it opens, and the amount it shows is part of the name (for voice control) */}
        <span className="sr-only">
          <FormattedMessage id="withdrawLinks.showWithdrawLink" values={{ id }} />{' '}
        </span>
        <strong>{money.sat(link.amountSat)}</strong>
      </button>
      <Fiat msat={link.amountSat * 1000} />
      {link.memo && <span> · {link.memo}</span>}
      <span className="muted">
        {' '}
        · {t('withdrawLinks.withdrawLink', { id })} · {wallet} ·{' '}
      </span>
      <span className="status-line">{withdrawStatusText(link, state, money)}</span>
    </li>
  )
}

/**
 * Waiting, old, or claimed: when, what the claim took and the fee the wallet paid on top, so the
 * row adds up to what left the wallet ("Claimed on …: 1,000 sats + 1 sat fee").
 */
export function withdrawStatusText(
  link: WithdrawLinkView,
  state: 'waiting' | 'claimed' | 'old',
  money: Money = moneyNow(),
): string {
  if (state === 'old') return t('withdrawLinks.oldNotClaimedNoLonger')
  if (state === 'waiting') return t('withdrawLinks.waiting')
  if (link.claimedAt === null)
    return link.claimedMsat === null
      ? t('withdrawLinks.claimed')
      : t('withdrawLinks.claimedFor', { amount: money.msat(link.claimedMsat) })
  const date = formatDate(link.claimedAt)
  if (link.claimedMsat === null) return t('withdrawLinks.claimedOn', { date })
  const fee = link.claimFeeMsat ? money.msat(link.claimFeeMsat) : 'none'
  return t('withdrawLinks.claimedOnTook', { date, amount: money.msat(link.claimedMsat), fee })
}
