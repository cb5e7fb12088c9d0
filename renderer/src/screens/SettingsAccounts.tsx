// Settings' Accounts: each account's row (switch, rename, replace its key, its sign-in, remove) and Add an account.
import type { AccountView, AuthMethod } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { type FormEvent, useEffect, useState } from 'react'
import { ErrorMessage, Problem } from '../components/ErrorMessage'
import { PassphraseField } from '../components/PassphraseField'
import { SelectField } from '../components/SelectField'
import { TextField } from '../components/TextField'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { keyPlace, removeQuestion } from '../lib/keyStorage'
import { clockWarning } from '../lib/serviceClock'
import { useAccounts } from '../stores/accounts'
import { useUi } from '../stores/ui'
import { useWallets } from '../stores/wallets'
import { MoveEntry } from './MoveAccount'

export function Accounts() {
  const accounts = useAccounts((s) => s.accounts)
  const activeId = useAccounts((s) => s.activeId)
  const busyId = useAccounts((s) => s.busyId)
  const actionError = useAccounts((s) => s.actionError)
  const switchTo = useAccounts((s) => s.switchTo)
  return (
    <>
      <h2>
        <FormattedMessage id="settings.accounts" />
      </h2>
      <ul className="accounts">
        {accounts.map((a) => (
          <AccountRow key={a.id} account={a} active={a.id === activeId} busy={busyId === a.id} onSwitch={switchTo} />
        ))}
      </ul>
      {actionError && <ErrorMessage error={actionError} />}
      <button type="button" onClick={() => useUi.getState().go({ to: 'onboarding', adding: true })}>
        <FormattedMessage id="settings.addAnAccount" />
      </button>
    </>
  )
}

function AccountRow(props: {
  account: AccountView
  active: boolean
  busy: boolean
  onSwitch: (id: string) => Promise<boolean>
}) {
  const { account: a, active, busy } = props
  const nwc = a.kind === 'nwc'
  return (
    <li className="card">
      <p>
        <strong>{a.label}</strong>{' '}
        {active && (
          <span className="badge">
            <FormattedMessage id="settings.active" />
          </span>
        )}
      </p>
      <p className="muted">
        {/* an NWC account's address is a 64-hex key: its relay says more (docs/nwc.md) */}
        {nwc
          ? t('settings.nwcAccountLine', { relay: a.keyHint, keyPlace: keyPlace(a.storage) })
          : `${a.baseUrl} · ${a.keyHint} · ${t('settings.key', { keyPlace: keyPlace(a.storage) })}`}
      </p>
      {clockWarning(a.clockOffsetSec) && <p className="warning-text">{clockWarning(a.clockOffsetSec)}</p>}
      <RenameAccount account={a} busy={busy} />
      {/* a connection string is not replaced: the account is removed and the new one added */}
      {!nwc && <ReplaceKey account={a} busy={busy} />}
      <SignInChoice account={a} busy={busy} />
      <div className="actions">
        {!active && (
          <button
            type="button"
            disabled={busy}
            aria-label={t('settings.switchToThisAccount', { label: a.label })}
            onClick={async () => {
              if (await props.onSwitch(a.id)) void useWallets.getState().load()
            }}
          >
            <FormattedMessage id="settings.switchToThisAccount2" />
          </button>
        )}
        <RemoveAccount account={a} active={active} busy={busy} />
      </div>
      <MoveEntry account={a} busy={busy} />
    </li>
  )
}

/** How the key is sent, under Advanced: rarely changed, and the query choice puts the key in the address. */
function SignInChoice({ account: a, busy }: { account: AccountView; busy: boolean }) {
  const update = useAccounts((s) => s.update)
  return (
    <details className="advanced" hidden={a.kind === 'nwc'}>
      <summary>
        <FormattedMessage id="settings.advanced" />
      </summary>
      <SelectField
        id={`auth-${a.id}`}
        label={t('settings.howTheKeyIsSent')}
        value={a.authMethod}
        disabled={busy}
        onValue={(v) => void update(a.id, { authMethod: v as AuthMethod })}
      >
        <option value="header">
          <FormattedMessage id="settings.xApiKeyHeader" />
        </option>
        <option value="basic">
          <FormattedMessage id="settings.httpBasic" />
        </option>
        <option value="query">
          <FormattedMessage id="settings.accessTokenInTheAddress" />
        </option>
      </SelectField>
    </details>
  )
}

/** Remove, asked once more; then what is shown next is what main made active. */
function RemoveAccount({ account: a, active, busy }: { account: AccountView; active: boolean; busy: boolean }) {
  const [asking, setAsking] = useState(false)
  const remove = useAccounts((s) => s.remove)
  async function removeIt() {
    if (!(await remove(a.id))) return setAsking(false)
    // main chose what is active now: first run only when no account is left
    if (useAccounts.getState().activeId === null) {
      useWallets.getState().clear()
      useUi.getState().go({ to: 'onboarding' })
    } else if (active) {
      void useWallets.getState().load()
      useUi.getState().go({ to: 'home' })
    }
  }
  if (!asking)
    return (
      <button
        type="button"
        disabled={busy}
        aria-label={t('settings.remove', { label: a.label })}
        onClick={() => setAsking(true)}
      >
        <FormattedMessage id="settings.remove3" />
      </button>
    )
  return (
    <span role="alert">
      {removeQuestion(a)}{' '}
      <button
        type="button"
        className="danger"
        disabled={busy}
        aria-label={t('settings.remove2', { label: a.label })}
        onClick={() => void removeIt()}
      >
        <FormattedMessage id="settings.remove4" />
      </button>{' '}
      <button type="button" aria-label={t('settings.keep', { label: a.label })} onClick={() => setAsking(false)}>
        <FormattedMessage id="settings.keep2" />
      </button>
    </span>
  )
}

/** Inline rename: the name shown in Settings and on Home. A failure shows under the accounts. */
function RenameAccount({ account: a, busy }: { account: AccountView; busy: boolean }) {
  const [label, setLabel] = useState(a.label)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // renamed elsewhere (another window, an event): show the new name
  useEffect(() => setLabel(a.label), [a.label])
  async function save(e: FormEvent) {
    e.preventDefault()
    const next = label.trim()
    setSaved(false)
    setProblem(next ? null : t('settings.enterANameForThis'))
    if (!next || next === a.label) return
    setSaved(await useAccounts.getState().update(a.id, { label: next }))
  }
  return (
    <>
      <form onSubmit={save} noValidate className="inline">
        <TextField
          id={`label-${a.id}`}
          label={t('settings.accountName')}
          value={label}
          maxLength={80}
          onValue={(v) => {
            setLabel(v)
            setSaved(false)
          }}
        />
        <button type="submit" disabled={busy}>
          <FormattedMessage id="settings.saveName" />
        </button>
        <span className="muted" role="status">
          {saved ? t('settings.saved') : ''}
        </span>
      </form>
      <Problem>{problem}</Problem>
    </>
  )
}

/**
 * A new key for this account, after the service revoked the old one (or it went missing from the
 * keychain): kept where the old one was, with the history, labels and invoices the account has.
 */
function ReplaceKey({ account: a, busy }: { account: AccountView; busy: boolean }) {
  const [open, setOpen] = useState(false)
  const [apiKey, setApiKey] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<AppErrorShape | null>(null)
  const [done, setDone] = useState(false)
  const replace = useAccounts((s) => s.replaceKey)
  async function submit(e: FormEvent) {
    e.preventDefault()
    const key = apiKey.trim()
    setProblem(key.length < 8 ? t('settings.pasteTheNewApiKey') : null)
    if (key.length < 8) return
    setError(null)
    const res = await replace(a.id, key)
    if (res.ok) {
      close() // the key leaves the page as soon as main has it
      setDone(true)
    } else if (res.error) setError(res.error)
  }
  function close() {
    setOpen(false)
    setApiKey('')
    setProblem(null)
    setError(null)
  }
  if (!open)
    return (
      <p className="inline">
        <button
          type="button"
          disabled={busy}
          aria-label={t('settings.replaceKeyFor', { label: a.label })}
          onClick={() => {
            setOpen(true)
            setDone(false)
          }}
        >
          <FormattedMessage id="settings.replaceKey2" />
        </button>{' '}
        <span className="muted" role="status">
          {done ? t('settings.keyReplaced', { keyHint: a.keyHint }) : ''}
        </span>
      </p>
    )
  return (
    <form onSubmit={submit} noValidate className="replace-key">
      <p className="muted">
        <FormattedMessage id="settings.makeANewKeyOn" values={{ keyPlace: keyPlace(a.storage) }} />
      </p>
      <PassphraseField
        id={`new-key-${a.id}`}
        label={t('settings.newApiKey')}
        value={apiKey}
        autoComplete="off"
        onValue={(v) => {
          setApiKey(v)
          setProblem(null)
        }}
      />
      <Problem>{problem}</Problem>
      {error && <ErrorMessage error={error} />}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('settings.checkingTheKey') : t('settings.replaceKey')}
        </button>
        <button type="button" onClick={close}>
          <FormattedMessage id="settings.cancel" />
        </button>
      </div>
    </form>
  )
}
