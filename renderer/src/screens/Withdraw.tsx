// A one-time LNURL-withdraw link as a QR code: whoever holds it can take the amount.
import { parseSatInput } from '@shared/units'
import { withdrawLinkState } from '@shared/vouchers'
import { type FormEvent, useEffect, useState } from 'react'
import { onScreen } from '../api'
import { Fiat } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { Choice } from '../components/Choice'
import { CopyButton } from '../components/CopyButton'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { QrImage } from '../components/QrImage'
import { Screen } from '../components/Screen'
import { useSpendCheck } from '../components/SpendCheck'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'
import { useActiveClockOffset } from '../lib/serviceClock'
import { useVouchers } from '../stores/vouchers'
import { useWallets } from '../stores/wallets'
import { checkWithdraw, useWithdraw } from '../stores/withdraw'
import { VoucherSheet } from './VoucherSheet'
import { WithdrawLinks, withdrawStatusText } from './WithdrawLinks'

const makeChoices = () =>
  [
    ['link', t('withdraw.oneLink')],
    ['sheet', t('withdraw.voucherSheet')],
  ] as const

export default function Withdraw(props: { walletId?: string }) {
  const current = useWithdraw((s) => (s.current ? s.links[s.current] : undefined))
  // a sheet being confirmed or made stays on screen
  const [make, setMake] = useState<'link' | 'sheet'>(() =>
    useVouchers.getState().confirmation !== null ? 'sheet' : 'link',
  )
  return (
    <Screen title={t('withdraw.withdrawLink')}>
      <p className="warning-text" role="note">
        {t('withdraw.warning')}
      </p>
      {!current && <Choice legend={t('withdraw.whatToMake')} options={makeChoices()} value={make} onChange={setMake} />}
      {current ? (
        <ShowLink ott={current.ott} />
      ) : make === 'sheet' ? (
        <VoucherSheet walletId={props.walletId} />
      ) : (
        <WithdrawForm walletId={props.walletId} />
      )}
      <WithdrawLinks />
    </Screen>
  )
}

/** The link's amount is what the claimer gets; the payment to them costs this wallet a fee too. */

function WithdrawForm(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const creating = useWithdraw((s) => s.creating)
  const error = useWithdraw((s) => s.error)
  const create = useWithdraw((s) => s.create)
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === walletId))
  const rules = useSpendCheck(null, parseSatInput(amount, formatLocale()) ?? 0)
  const money = useMoney()

  async function submit(e: FormEvent) {
    e.preventDefault()
    const msat = parseSatInput(amount, formatLocale())
    const p = wallet ? checkWithdraw(msat, wallet.balanceMsat) : t('withdraw.chooseAWallet')
    setProblem(p)
    if (p || msat === null) return
    const confirmToken = await rules.confirm()
    if (confirmToken === null) return
    await create({ walletId, amountSat: msat / 1000, memo: memo.trim(), confirmToken })
  }

  return (
    <form onSubmit={submit} noValidate>
      <WalletSelect value={walletId} onChange={setWalletId} id="withdraw-wallet" />
      <AmountField
        id="withdraw-amount"
        label={t('withdraw.amount')}
        note={wallet ? t('withdraw.atMost', { amount: money.msat(wallet.balanceMsat) }) : undefined}
        value={amount}
        onValue={setAmount}
        required
      />
      <TextField id="withdraw-memo" label={t('withdraw.memo')} value={memo} maxLength={639} onValue={setMemo} />
      <p className="muted small" data-testid="withdraw-fee-note">
        {t('withdraw.feeNote')}
      </p>
      {rules.fields}
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={creating}>
        {creating ? t('withdraw.creating') : t('withdraw.createWithdrawLink')}
      </button>
    </form>
  )
}

function ShowLink({ ott }: { ott: string }) {
  const link = useWithdraw((s) => s.links[ott])!
  const startOver = useWithdraw((s) => s.startOver)
  const money = useMoney()
  // a link's age is the service's to judge: its clock, not the computer's
  const state = withdrawLinkState(link, Math.floor(Date.now() / 1000) + useActiveClockOffset())
  const claimed = state === 'claimed'
  // while it shows, its claim is told within seconds (main polls its account as for a fresh link)
  useEffect(() => {
    if (claimed) return
    void onScreen.withdrawLink(ott)
    return () => void onScreen.withdrawLink(null)
  }, [ott, claimed])

  return (
    <div className="invoice">
      <p className={`status ${claimed ? 'paid' : 'pending'}`} role="status" aria-live="polite">
        {state === 'waiting' ? t('withdraw.waitingToBeClaimed') : withdrawStatusText(link, state, money)}
      </p>
      <p className="amount">
        {money.sat(link.amountSat)} <Fiat msat={link.amountSat * 1000} testId="withdraw-fiat" />
        {link.memo && <span className="muted"> · {link.memo}</span>}
      </p>
      {!claimed && <p className="muted small">{t('withdraw.feeNote')}</p>}
      {!claimed && (
        <QrImage
          text={link.uri}
          label={t('withdraw.qrCodeOfTheWithdraw')}
          fileName={`withdraw-${link.amountSat}-sats.png`}
        />
      )}
      {/* a claimed link cannot be used again: nothing to copy (N17) */}
      {!claimed && (
        <div className="field-row">
          <code className="long">{link.lnurl}</code>
          <CopyButton text={link.lnurl} label={t('withdraw.copyTheWithdrawLink')} />
        </div>
      )}
      <div className="actions">
        <button type="button" onClick={startOver}>
          <FormattedMessage id="withdraw.newWithdrawLink" />
        </button>
      </div>
    </div>
  )
}
