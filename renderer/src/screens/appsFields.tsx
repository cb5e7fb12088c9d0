// The fields a connection is made with, shared by Connect an app (SettingsApps.tsx) and a pairing's
// approval (pairForm.tsx): what it may do, and its budget and renewal.
import type { NwcConnectionView } from '@shared/contract/nwc'
import type { NWC_METHODS } from '@shared/nwcMethods'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { type MessageId, t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'

type Method = (typeof NWC_METHODS)[number]
type Period = NwcConnectionView['period']

export const METHOD_WORDS: Record<Method, MessageId> = {
  pay_invoice: 'apps.methodPayInvoice',
  make_invoice: 'apps.methodMakeInvoice',
  lookup_invoice: 'apps.methodLookupInvoice',
  get_balance: 'apps.methodGetBalance',
  get_info: 'apps.methodGetInfo',
  list_transactions: 'apps.methodListTransactions',
}

export function MethodBoxes<M extends Method>(props: {
  prefix: string
  offered: readonly M[]
  methods: M[]
  setMethods: (m: M[]) => void
  /** what the asking app requires (NWC-08): shown granted and fixed, since a wallet grants all or declines */
  needed?: readonly M[]
}) {
  const { methods, setMethods } = props
  const needed = props.needed ?? []
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="apps.itMay" />
      </legend>
      {props.offered.map((m) => (
        <label className="check" htmlFor={`${props.prefix}-m-${m}`} key={m}>
          <input
            id={`${props.prefix}-m-${m}`}
            type="checkbox"
            checked={methods.includes(m)}
            disabled={needed.includes(m)}
            aria-describedby={needed.includes(m) ? `${props.prefix}-needed` : undefined}
            onChange={(e) => setMethods(e.target.checked ? [...methods, m] : methods.filter((x) => x !== m))}
          />
          {t(METHOD_WORDS[m])}
        </label>
      ))}
      {needed.length > 0 && (
        <p id={`${props.prefix}-needed`} className="muted">
          <FormattedMessage id="pair.needed" />
        </p>
      )}
    </fieldset>
  )
}

export function BudgetFields(props: {
  prefix: string
  budget: string
  setBudget: (v: string) => void
  period: Period
  setPeriod: (p: Period) => void
}) {
  return (
    <>
      <TextField
        id={`${props.prefix}-budget`}
        label={t('apps.budget')}
        inputMode="numeric"
        value={props.budget}
        onValue={props.setBudget}
      />
      <SelectField
        id={`${props.prefix}-period`}
        label={t('apps.renews')}
        value={props.period}
        onValue={(v) => props.setPeriod(v as Period)}
      >
        <option value="daily">{t('apps.everyDay')}</option>
        <option value="weekly">{t('apps.everyWeek')}</option>
        <option value="monthly">{t('apps.everyMonth')}</option>
        <option value="never">{t('apps.never')}</option>
      </SelectField>
    </>
  )
}
