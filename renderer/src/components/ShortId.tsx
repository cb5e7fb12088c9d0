// A long identifier (a payee's 66-character node id) is read by its ends: shown as its first and
// last characters, with a button that shows it whole, so nothing is hidden without a way to see it.
import { useState } from 'react'
import { formatLocale, t } from '../i18n'

/** characters kept at each end; an id up to twice this (plus the ellipsis's room) shows whole */
export const SHORT_ID_END = 8

export function ShortId({ text }: { text: string }) {
  const [whole, setWhole] = useState(false)
  const long = text.length > 2 * SHORT_ID_END + 4
  const shown = whole || !long ? text : `${text.slice(0, SHORT_ID_END)}…${text.slice(-SHORT_ID_END)}`
  return (
    <span className="short-id">
      <span className="mono">{shown}</span>
      {long && (
        <button type="button" className="link" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole
            ? t('longText.showLess')
            : t('longText.showAllCharacters', { amount: text.length.toLocaleString(formatLocale()) })}
        </button>
      )}
    </span>
  )
}
