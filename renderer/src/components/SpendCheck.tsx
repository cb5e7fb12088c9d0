// The spending rules on a confirmation (docs/security.md, "Spending rules"): what is left to spend
// today, and the app's passphrase when the amount is over the confirm limit. Main decides and
// refuses in plain words whatever this shows; this only asks before, so nothing is refused late:
// a payment over what is left today is stopped at Review (stores/send.ts), in main's own words.
import type { SpendingView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { useEffect, useState } from 'react'
import { spending } from '../api'
import { t } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { useMoney } from '../lib/money'
import { ErrorMessage } from './ErrorMessage'
import { PassphraseField } from './PassphraseField'

export interface SpendCheck {
  /** what main reported of the rules, once it answered */
  view: SpendingView | null
  /** the fields to show on the confirmation */
  fields: React.ReactNode
  /**
   * Before sending: a token when the passphrase was needed (and right), undefined when it was not
   * needed, null when it is missing or wrong (its problem is shown).
   */
  confirm(): Promise<string | undefined | null>
}

/** What main says of an account's rules now (the active account's without one); null until it answered. */
export function useSpendingView(accountId: string | null | undefined): SpendingView | null {
  const [view, setView] = useState<SpendingView | null>(null)
  useEffect(() => {
    let live = true
    void spending.get(accountId ? { accountId } : {}).then((r) => {
      if (live && r.ok) setView(r.value)
    })
    return () => {
      live = false
    }
  }, [accountId])
  return view
}

export function useSpendCheck(accountId: string | null | undefined, amountMsat: number): SpendCheck {
  const view = useSpendingView(accountId)
  const [passphrase, setPassphrase] = useState('')
  const [problem, setProblem] = useState<AppErrorShape | null>(null)
  const money = useMoney()
  const above = view?.confirmAboveSat ?? null
  const needed = above !== null && amountMsat > above * 1000
  const account = accountId ? { accountId } : {}

  async function confirm() {
    if (!needed) return undefined
    if (!passphrase) {
      setProblem({ code: 'limit', message: t('spendCheck.enterTheAppSPassphrase'), retryable: false })
      return null
    }
    const r = await spending.confirm({ ...account, amountMsat, passphrase })
    setPassphrase('')
    setProblem(r.ok ? null : r.error)
    return r.ok ? r.value.confirmToken : null
  }

  const fields = (
    <>
      {view && view.leftMsat !== null && view.dailyLimitSat !== null && (
        <p className="muted small" data-testid="left-today">
          <FormattedMessage
            id="spendCheck.leftToSpendTodayOf"
            values={{ amount: money.msat(view.leftMsat), amount2: money.sat(view.dailyLimitSat) }}
          />
        </p>
      )}
      {needed && (
        <PassphraseField
          id="spend-passphrase"
          label={t('spendCheck.passphraseNeededOver', { amount: money.sat(above) })}
          autoComplete="off"
          value={passphrase}
          onValue={(v) => {
            setPassphrase(v)
            setProblem(null)
          }}
        />
      )}
      {problem && <ErrorMessage error={problem} />}
    </>
  )
  return { view, fields, confirm }
}
