// A voucher sheet: count, amount, note and wallet → a confirmation that states the total →
// the vouchers made one by one → the PDF saved. The vouchers join the list of withdraw links.
import type { SheetOutcome } from '@shared/contract'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { changesOnSheet, claimFeeCapSat, VOUCHER_COUNT_MAX, VOUCHER_NOTE_MAX } from '@shared/vouchers'
import { type FormEvent, useEffect, useState } from 'react'
import { onVoucherProgress } from '../api'
import { Fiat } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { useSpendCheck } from '../components/SpendCheck'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { formatLocale, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'
import { useVouchers } from '../stores/vouchers'
import { useWallets } from '../stores/wallets'

export function VoucherSheet(props: { walletId?: string }) {
  const confirming = useVouchers((s) => s.confirmation !== null)
  return confirming ? <ConfirmSheet /> : <SheetForm walletId={props.walletId} />
}

function SheetForm(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [count, setCount] = useState('12')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === walletId))

  function submit(e: FormEvent) {
    e.preventDefault()
    setProblem(
      useVouchers.getState().review({
        walletId,
        count,
        amountMsat: parseSatInput(amount, formatLocale()),
        note,
        balanceMsat: wallet?.balanceMsat ?? null,
      }),
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('voucherSheet.voucherSheet')}>
      <p className="muted">
        <FormattedMessage id="voucherSheet.oneTimeWithdrawLinksOf" />
      </p>
      <WalletSelect value={walletId} onChange={setWalletId} id="voucher-wallet" />
      <TextField
        id="voucher-count"
        label={t('voucherSheet.numberOfVouchers1To', { VOUCHER_COUNT_MAX })}
        inputMode="numeric"
        value={count}
        onValue={setCount}
        required
      />
      <AmountField
        id="voucher-amount"
        label={t('voucherSheet.amountOfEachVoucher')}
        value={amount}
        onValue={setAmount}
        required
      />
      <TextField
        id="voucher-note"
        label={t('voucherSheet.noteOnEachVoucherCharacters', { VOUCHER_NOTE_MAX })}
        value={note}
        maxLength={VOUCHER_NOTE_MAX}
        onValue={setNote}
      />
      {changesOnSheet(note) && (
        <p className="muted">
          <FormattedMessage id="voucherSheet.someCharactersOfThisNote" />
        </p>
      )}
      <Problem>{problem}</Problem>
      <button type="submit" className="primary">
        <FormattedMessage id="voucherSheet.reviewVoucherSheet" />
      </button>
    </form>
  )
}

function ConfirmSheet() {
  const c = useVouchers((s) => s.confirmation)
  const making = useVouchers((s) => s.making)
  const progress = useVouchers((s) => s.progress)
  const result = useVouchers((s) => s.result)
  const error = useVouchers((s) => s.error)
  // main counts the vouchers as it makes them; only this screen shows that
  useEffect(() => onVoucherProgress((p) => useVouchers.getState().progressed(p)), [])
  const rules = useSpendCheck(null, c ? c.count * c.amountSat * MSAT_PER_SAT : 0)
  if (!c) return null
  if (result) return <SheetResult />
  return (
    <div className="card confirm">
      <h2>
        <FormattedMessage id="voucherSheet.confirmVoucherSheet" />
      </h2>
      <SheetSummary c={c} />
      {making && progress && (
        <>
          <Pending>{t('voucherSheet.makingVouchersOf', { made: progress.made, count: progress.count })}</Pending>
          <progress max={progress.count} value={progress.made} aria-label={t('voucherSheet.vouchersMade')} />
        </>
      )}
      {!error && !making && rules.fields}
      {error && <ErrorMessage error={error} />}
      {error?.code === 'unknown_outcome' && (
        <p>
          <FormattedMessage id="voucherSheet.someVouchersMayHaveBeen" />
        </p>
      )}
      <div className="actions">
        {!error && (
          <button
            type="button"
            className="primary"
            disabled={making}
            onClick={async () => {
              const token = await rules.confirm()
              if (token !== null) void useVouchers.getState().make(token)
            }}
          >
            {making ? t('voucherSheet.makingVouchers') : t('voucherSheet.make', { count: c.count })}
          </button>
        )}
        <button type="button" disabled={making} onClick={() => useVouchers.getState().back()}>
          {error ? t('voucherSheet.backToEdit') : t('voucherSheet.back')}
        </button>
      </div>
    </div>
  )
}

type Confirmation = NonNullable<ReturnType<typeof useVouchers.getState>['confirmation']>

/** What the sheet will hold and cost, from which wallet, and what a voucher can do in any hands. */
function SheetSummary({ c }: { c: Confirmation }) {
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === c.walletId))
  const money = useMoney()
  const label = wallet?.label ?? c.walletId
  const totalSat = c.count * c.amountSat
  // a claim is a payment: its routing fee, up to the service's cap, comes out of the wallet too
  const worstSat = c.count * (c.amountSat + claimFeeCapSat(c.amountSat))
  const tight = wallet !== undefined && worstSat * 1000 > wallet.balanceMsat
  return (
    <>
      <p className="amount">
        <FormattedMessage
          id="voucherSheet.from"
          values={{
            count: c.count,
            amount: money.sat(c.amountSat),
            amount2: money.sat(totalSat),
            label,
          }}
        />
      </p>
      <p>
        <Fiat msat={totalSat * MSAT_PER_SAT} testId="voucher-fiat" />
      </p>
      {c.note && (
        <p>
          <FormattedMessage id="voucherSheet.noteOnEach" values={{ note: c.note }} />
        </p>
      )}
      {wallet && (
        <p className="muted">
          <FormattedMessage id="voucherSheet.holds" values={{ label, amount: money.msat(wallet.balanceMsat) }} />
        </p>
      )}
      {tight && (
        <p className="warning-text">
          <FormattedMessage
            id="voucherSheet.aClaimFromAWallet"
            values={{ amount: money.sat(claimFeeCapSat(c.amountSat)), label }}
          />
        </p>
      )}
      <p className="warning-text" role="note">
        <FormattedMessage id="voucherSheet.whoeverHoldsAVoucherCan" />
      </p>
    </>
  )
}

function SheetResult() {
  const result = useVouchers((s) => s.result)
  const saved = useVouchers((s) => s.saved)
  const saving = useVouchers((s) => s.saving)
  if (!result) return null
  const made = result.links.length
  const sheet = saved ?? result.sheet
  return (
    <div className="card">
      {result.problem ? (
        <p className="error" role="alert">
          {result.problem}
        </p>
      ) : (
        <p className="status paid" role="status">
          <FormattedMessage id="voucherSheet.made" values={{ made }} />
        </p>
      )}
      <p role="status">{sheetMessage(sheet, made)}</p>
      <div className="actions">
        <button type="button" disabled={saving} onClick={() => void useVouchers.getState().saveAgain()}>
          {saving
            ? t('voucherSheet.saving')
            : sheet.status === 'saved'
              ? t('voucherSheet.saveTheSheetAgain')
              : t('voucherSheet.saveTheSheet')}
        </button>
        <button type="button" className="primary" onClick={() => useVouchers.getState().reset()}>
          <FormattedMessage id="voucherSheet.done" />
        </button>
      </div>
    </div>
  )
}

function sheetMessage(sheet: SheetOutcome, made: number): string {
  if (sheet.status === 'saved') return t('voucherSheet.theSheetOfWasSaved', { made, fileName: sheet.fileName })
  if (sheet.status === 'cancelled') return t('voucherSheet.theSheetWasNotSaved')
  return sheet.message
}
