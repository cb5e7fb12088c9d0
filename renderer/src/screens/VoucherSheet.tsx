// A voucher sheet: count, amount, note and wallet → a confirmation that states the total →
// the vouchers made one by one → the PDF saved. The vouchers join the list of withdraw links.
import type { SheetOutcome } from '@shared/contract'
import { MSAT_PER_SAT, parseSatInput } from '@shared/units'
import { changesOnSheet, claimFeeCapSat, VOUCHER_COUNT_MAX, VOUCHER_NOTE_MAX } from '@shared/vouchers'
import { type FormEvent, useEffect, useState } from 'react'
import { on } from '../api'
import { Fiat } from '../components/Amount'
import { AmountField } from '../components/AmountField'
import { ErrorMessage, Pending, Problem } from '../components/ErrorMessage'
import { useSpendCheck } from '../components/SpendCheck'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
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
        amountMsat: parseSatInput(amount),
        note,
        balanceMsat: wallet?.balanceMsat ?? null,
      }),
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Voucher sheet">
      <p className="muted">
        One-time withdraw links of the same amount, printed as a page of QR codes to cut out and hand out.
      </p>
      <WalletSelect value={walletId} onChange={setWalletId} id="voucher-wallet" />
      <TextField
        id="voucher-count"
        label={`Number of vouchers (1 to ${VOUCHER_COUNT_MAX})`}
        inputMode="numeric"
        value={count}
        onValue={setCount}
        required
      />
      <AmountField id="voucher-amount" label="Amount of each voucher" value={amount} onValue={setAmount} required />
      <TextField
        id="voucher-note"
        label={`Note on each voucher (${VOUCHER_NOTE_MAX} characters at most)`}
        value={note}
        maxLength={VOUCHER_NOTE_MAX}
        onValue={setNote}
      />
      {changesOnSheet(note) && (
        <p className="muted">Some characters of this note cannot be printed; they will show as “?” on the sheet.</p>
      )}
      <Problem>{problem}</Problem>
      <button type="submit" className="primary">
        Review voucher sheet
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
  const wallet = useWallets((s) => s.wallets.find((w) => w.id === c?.walletId))
  const money = useMoney()
  // main counts the vouchers as it makes them; only this screen shows that
  useEffect(() => on('vouchers.progress', (p) => useVouchers.getState().progressed(p)), [])
  const rules = useSpendCheck(null, c ? c.count * c.amountSat * MSAT_PER_SAT : 0)
  if (!c) return null
  const label = wallet?.label ?? c.walletId
  if (result) return <SheetResult />
  const totalSat = c.count * c.amountSat
  // a claim is a payment: its routing fee, up to the service's cap, comes out of the wallet too
  const worstSat = c.count * (c.amountSat + claimFeeCapSat(c.amountSat))
  const tight = wallet !== undefined && worstSat * 1000 > wallet.balanceMsat
  return (
    <div className="card confirm">
      <h2>Confirm voucher sheet</h2>
      <p className="amount">
        {c.count} {c.count === 1 ? 'voucher' : 'vouchers'} × {money.sat(c.amountSat)} = {money.sat(totalSat)} from{' '}
        {label}
      </p>
      <p>
        <Fiat msat={totalSat * MSAT_PER_SAT} testId="voucher-fiat" />
      </p>
      {c.note && <p>Note on each: {c.note}</p>}
      {wallet && (
        <p className="muted">
          {label} holds {money.msat(wallet.balanceMsat)}.
        </p>
      )}
      {tight && (
        <p className="warning-text">
          A claim from a wallet on another service may also cost a routing fee (at most{' '}
          {money.sat(claimFeeCapSat(c.amountSat))} each). If {label} runs short, the last vouchers claimed will fail.
        </p>
      )}
      <p className="warning-text" role="note">
        Whoever holds a voucher can take its amount. Keep the printed sheet safe until you hand them out.
      </p>
      {making && progress && (
        <>
          <Pending>{`Making vouchers… ${progress.made} of ${progress.count}`}</Pending>
          <progress max={progress.count} value={progress.made} aria-label="Vouchers made" />
        </>
      )}
      {!error && !making && rules.fields}
      {error && <ErrorMessage error={error} />}
      {error?.code === 'unknown_outcome' && (
        <p>Some vouchers may have been made: they are in the list of withdraw links below.</p>
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
            {making ? 'Making vouchers…' : `Make ${c.count} ${c.count === 1 ? 'voucher' : 'vouchers'}`}
          </button>
        )}
        <button type="button" disabled={making} onClick={() => useVouchers.getState().back()}>
          {error ? 'Back to edit' : 'Back'}
        </button>
      </div>
    </div>
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
          {made} {made === 1 ? 'voucher' : 'vouchers'} made
        </p>
      )}
      <p role="status">{sheetMessage(sheet, made)}</p>
      <div className="actions">
        <button type="button" disabled={saving} onClick={() => void useVouchers.getState().saveAgain()}>
          {saving ? 'Saving…' : sheet.status === 'saved' ? 'Save the sheet again' : 'Save the sheet'}
        </button>
        <button type="button" className="primary" onClick={() => useVouchers.getState().reset()}>
          Done
        </button>
      </div>
    </div>
  )
}

function sheetMessage(sheet: SheetOutcome, made: number): string {
  if (sheet.status === 'saved') return `The sheet of ${made} was saved as ${sheet.fileName}.`
  if (sheet.status === 'cancelled') return 'The sheet was not saved. The vouchers exist; save their sheet now.'
  return sheet.message
}
