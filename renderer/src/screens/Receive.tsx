// Receive: the form that makes an invoice, the invoice as a QR code (ReceiveInvoice.tsx), and the
// invoices made before (RecentInvoices.tsx). Main's sync loop keeps checking after this screen closes.
import { type FormEvent, useEffect, useState } from 'react'
import { AmountField } from '../components/AmountField'
import { Choice } from '../components/Choice'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { PermanentQr } from '../components/PermanentQr'
import { Screen } from '../components/Screen'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { initialWalletId, WalletSelect } from '../components/WalletSelect'
import { t } from '../i18n'
import { useCapabilities } from '../lib/capabilities'
import { DEFAULT_EXPIRY_SEC, EXPIRY_CHOICES, invoiceInput } from '../lib/invoiceForm'
import { useInvoices } from '../stores/invoices'
import { ShowInvoice } from './ReceiveInvoice'
import { RecentInvoices } from './RecentInvoices'

const receiveWith = () =>
  [
    ['invoice', t('receive.invoice')],
    ['link', t('receive.permanentQr')],
  ] as const

export default function Receive(props: { walletId?: string }) {
  const currentId = useInvoices((s) => s.currentId)
  const invoice = useInvoices((s) => (s.currentId ? s.byId[s.currentId] : undefined))
  const [view, setView] = useState<'invoice' | 'link'>('invoice')
  const permanentQr = useCapabilities().permanentQr
  useEffect(() => void useInvoices.getState().load(), [])
  return (
    <Screen title={t('receive.receive')}>
      {permanentQr && (
        <Choice legend={t('receive.receiveWith')} options={receiveWith()} value={view} onChange={setView} />
      )}
      {view === 'link' && permanentQr ? (
        <PermanentQr walletId={props.walletId} />
      ) : (
        <>
          {invoice && currentId ? <ShowInvoice key={currentId} id={currentId} /> : <InvoiceForm {...props} />}
          <RecentInvoices />
        </>
      )}
    </Screen>
  )
}

function InvoiceForm(props: { walletId?: string }) {
  const [walletId, setWalletId] = useState(() => initialWalletId(props.walletId))
  const [amount, setAmount] = useState('')
  const [memo, setMemo] = useState('')
  const [expirySec, setExpirySec] = useState(DEFAULT_EXPIRY_SEC)
  const [problem, setProblem] = useState<string | null>(null)
  const creating = useInvoices((s) => s.creating)
  const error = useInvoices((s) => s.error)
  const create = useInvoices((s) => s.create)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const r = invoiceInput({ walletId, amount, memo, expirySec })
    setProblem('problem' in r ? r.problem : null)
    if ('input' in r) await create(r.input)
  }

  return (
    <form onSubmit={submit} noValidate>
      <WalletSelect value={walletId} onChange={setWalletId} />
      <AmountField
        id="amount"
        label={t('receive.amount')}
        value={amount}
        onValue={setAmount}
        hint={t('receive.leaveItEmptyForAny')}
      />
      <TextField id="memo" label={t('receive.memoShownToThePayer')} value={memo} maxLength={639} onValue={setMemo} />
      <SelectField
        id="expiry"
        label={t('receive.canBePaidFor')}
        value={expirySec}
        onValue={(v) => setExpirySec(Number(v))}
      >
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.sec} value={c.sec}>
            {t(c.label)}
          </option>
        ))}
      </SelectField>
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="primary" disabled={creating}>
        {creating ? t('receive.creating') : t('receive.createInvoice')}
      </button>
    </form>
  )
}
