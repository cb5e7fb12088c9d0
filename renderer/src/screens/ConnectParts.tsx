// The connect form's parts (lib/connectForms.ts draws each kind's form): the choice of kind, a
// kind's fields (a secret one in the passphrase field), and the folded words on where a key comes from.
import type { AccountKind } from '@shared/contract'
import { PassphraseField } from '../components/PassphraseField'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { code } from '../i18n/rich'
import { ACCOUNT_KIND_ORDER, CONNECT_FORMS, type FieldValues, type FormField } from '../lib/connectForms'

/** A kind's fields: the plain ones, or (`advanced`) the rest folded under Advanced. */
export function ConnectFields(p: {
  kind: AccountKind
  values: FieldValues
  setField: (name: string) => (v: string) => void
  advanced?: boolean
}) {
  const shown = CONNECT_FORMS[p.kind].fields.filter((f) => !f.advanced === !p.advanced)
  const fields = shown.map((f) => (
    <Field key={`${p.kind}.${f.name}`} field={f} values={p.values} onValue={p.setField(f.name)} />
  ))
  if (!p.advanced) return <>{fields}</>
  if (shown.length === 0) return null
  return (
    <details>
      <summary>
        <FormattedMessage id="onboarding.advanced" />
      </summary>
      {fields}
    </details>
  )
}

export /** How the account connects: one radio button per kind (lib/connectForms.ts). */
function KindChoice({ kind, onKind }: { kind: AccountKind; onKind: (k: AccountKind) => void }) {
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="onboarding.howItConnects" />
      </legend>
      {ACCOUNT_KIND_ORDER.map((k) => (
        <label key={k} className="check">
          <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => onKind(k)} />
          {t(CONNECT_FORMS[k].choice)}
        </label>
      ))}
    </fieldset>
  )
}

/** One field of a kind's form (lib/connectForms.ts), labelled from the catalogs. */
function Field({ field: f, values, onValue }: { field: FormField; values: FieldValues; onValue: (v: string) => void }) {
  const value = values[f.name] ?? ''
  if (f.kind === 'select')
    return (
      <SelectField id={f.id} label={t(f.label)} value={value} onValue={onValue}>
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </SelectField>
    )
  const label = t(f.label)
  const placeholder = f.placeholder && t(f.placeholder)
  if (f.kind === 'secret')
    return (
      <PassphraseField
        id={f.id}
        label={label}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onValue={onValue}
        required
      />
    )
  return (
    <TextField
      id={f.id}
      label={label}
      type="url"
      inputMode="url"
      autoComplete="url"
      placeholder={f.placeholder && t(f.placeholder)}
      value={value}
      onValue={onValue}
      required
    />
  )
}

export /**
 * Folded, one line each, so the address and key fields are on the first screen of a 360×600
 * popover (field report N21); the words are all still there, a click away.
 */
function AboutConnecting({ adding, keychainDown }: { adding: boolean; keychainDown: boolean }) {
  if (adding)
    return (
      <details className="card">
        <summary>
          <FormattedMessage id="onboarding.whereTheKeyComesFrom" />
        </summary>
        <KeyHelp keychainDown={keychainDown} />
      </details>
    )
  return (
    <details className="card" data-testid="onboarding-about">
      <summary>
        <FormattedMessage id="onboarding.whatIsThis" />
      </summary>
      <p>
        <FormattedMessage id="onboarding.lightningTrayShowsAndMoves" />
      </p>
      <p>
        <strong>
          <FormattedMessage id="onboarding.whereTheKeyComesFrom" />
        </strong>
      </p>
      <KeyHelp keychainDown={keychainDown} />
    </details>
  )
}

/** Where the key comes from, what it allows, and where it is kept. */
function KeyHelp({ keychainDown }: { keychainDown: boolean }) {
  return (
    <ul>
      <li>
        <FormattedMessage id="onboarding.signInToYourWallet" values={{ prefix: 'sak_', code }} />
      </li>
      <li>
        <FormattedMessage id="onboarding.theKeyLetsThisApp" />
      </li>
      <li>
        <FormattedMessage
          id="onboarding.itIsSentOnlyTo"
          values={{
            kept: keychainDown ? t('onboarding.theSystemKeychainIsNot') : t('onboarding.theKeyIsKeptIn'),
          }}
        />
      </li>
    </ul>
  )
}
