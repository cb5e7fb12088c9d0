import { useEffect } from 'react'
import { t } from '../i18n'
import { useMoney } from '../lib/money'
import { shownWallets, useWallets } from '../stores/wallets'
import { SelectField } from './SelectField'

export function WalletSelect(props: { value: string; onChange: (id: string) => void; id?: string }) {
  const all = useWallets((s) => s.wallets)
  const { value, onChange } = props
  // a hidden wallet is offered only when it is the one asked for (the others are off Home too)
  const wallets = all.filter((w) => !w.hidden || w.id === value)
  const money = useMoney()
  const id = props.id ?? 'wallet'
  // opened before the wallets arrived (or the chosen one went away): take the first
  useEffect(() => {
    const first = wallets[0]
    if (first && !wallets.some((w) => w.id === value)) onChange(first.id)
  }, [wallets, value, onChange])
  return (
    <SelectField id={id} label={t('walletSelect.wallet')} value={value} onValue={onChange}>
      {wallets.map((w) => (
        <option key={w.id} value={w.id}>
          {w.label} — {money.msat(w.balanceMsat)}
        </option>
      ))}
    </SelectField>
  )
}

/** The wallet a screen starts with: the one asked for, else the first on show. */
export function initialWalletId(asked: string | undefined): string {
  const ws = useWallets.getState().wallets
  return ws.find((w) => w.id === asked)?.id ?? shownWallets(ws)[0]?.id ?? ws[0]?.id ?? ''
}
